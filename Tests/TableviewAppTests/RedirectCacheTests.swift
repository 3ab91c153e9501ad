import HTTPServer
import TableRendering
import Testing
@testable import TableviewApp

/// The prepared 303s after form POSTs: each one is the redirect it stands for, whatever the cache holds.
@Suite struct RedirectCacheTests {
    @Test func aCachedRedirectIsTheRedirectToItsLocation() {
        let cache = RedirectCache(capacity: 4)
        let keys: [RedirectCache.Key] = [
            .init(tableID: "t", target: .row("1"), host: "a"), .init(tableID: "t", target: .row("1"), host: "b"),
            .init(tableID: "t", target: .undo, host: nil), .init(tableID: "u", target: .row("1"), host: "a"),
            .init(tableID: "t", target: .row("1"), host: "a"),
        ]
        func location(_ key: RedirectCache.Key) -> String {
            "\(key.host.map { "http://\($0)" } ?? "")/tables/\(key.tableID)#\(key.target.elementID)"
        }
        for key in keys + keys {
            let response = cache.seeOther(key, location: location)
            #expect(response.status == .seeOther)
            #expect(response.headers.fields == [.init(name: "Location", value: location(key))])
            #expect(response.body.isEmpty)
            #expect(response.prepared != nil)
        }
    }
}
