import Testing
import TestSupport
@testable import TableviewApp

/// SPEC §4: pages go out gzip-compressed to browsers that accept it, the cached page compressed once.
@Suite struct WebCompressionTests {
    @Test func aTablePageIsCompressedForABrowserThatAcceptsGzip() throws {
        try withLiveSite { port, _ in
            let client = try TestClient(port: port)
            let first = try client.request("GET", "/tables/sento")
            let cookie = try #require(first.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
            let plain = try client.request("GET", "/tables/sento", headers: [("Cookie", cookie)])
            #expect(plain.header("Content-Encoding") == nil)
            // Twice: rendered and compressed, then the cached page in the form already compressed.
            for _ in 0..<2 {
                let compressed = try client.request(
                    "GET", "/tables/sento", headers: [("Cookie", cookie), ("Accept-Encoding", "gzip, br")])
                #expect(compressed.header("Content-Encoding") == "gzip")
                #expect(compressed.header("Vary") == "Accept-Language, Accept-Encoding, User-Agent")
                #expect(compressed.header("ETag") == plain.header("ETag"), "a weak tag names the page in any form")
                #expect(gunzip(compressed.body) == plain.body)
                #expect(compressed.body.count * 4 < plain.body.count)
            }
        }
    }
}
