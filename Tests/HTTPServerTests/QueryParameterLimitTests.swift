@testable import HTTPServer
import Testing
import TestSupport

/// SPEC §4: every request gets an answer or an immediate close — a target with too many parameters 414.
@Suite struct QueryParameterLimitTests {
    /// libmicrohttpd splits a query into arguments in the connection's memory; about 200 of them filled it, and the
    /// request then got no answer until the idle timeout.
    @Test(arguments: [200, 2_000])
    func aTargetWithTooManyParametersGets414AtOnce(_ count: Int) throws {
        let served = Served()
        let query = Array(repeating: "a", count: count).joined(separator: "&")
        try withLiveServer(try served.targetRouter()) { _, port in
            let client = try TestClient(port: port, timeout: .seconds(3))
            let started = ContinuousClock.now
            try client.send("GET /?\(query) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().status == 414)
            #expect(ContinuousClock.now - started < .seconds(2))
            #expect(client.waitForClose())
        }
        #expect(served.log.withLock { $0 }.isEmpty)
    }

    @Test func aTargetWithinTheParameterLimitIsServedWithItsQuery() throws {
        let served = Served()
        let query = (1...64).map { "p\($0)=\($0)" }.joined(separator: "&")
        try withLiveServer(try served.targetRouter()) { _, port in
            let client = try TestClient(port: port, timeout: .seconds(3))
            #expect(try client.request("GET", "/?\(query)").status == 200)
            #expect(try client.request("GET", "/?\(query)&p65").status == 414)
        }
        #expect(served.log.withLock { $0 } == ["GET /?\(query)"])
    }

    @Test func theQueryIsCountedAndHiddenFromLibmicrohttpd() {
        func run(_ target: String) -> (Int, String) {
            var bytes = Array(target.utf8CString)
            let count = bytes.withUnsafeMutableBufferPointer {
                TargetQuery.countParametersAndHide(in: $0.baseAddress!, length: target.utf8.count)
            }
            return (count, String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        #expect(run("/tables/x") == (0, "/tables/x"))
        #expect(run("/?") == (1, "/?"))
        #expect(run("/?a") == (1, "/?"))
        #expect(run("/p?a=1&b=2&&") == (4, "/p?"))
    }
}
