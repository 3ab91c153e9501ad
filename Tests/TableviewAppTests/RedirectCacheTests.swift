import HTTPServer
import Testing
@testable import TableviewApp

/// The prepared 303s after form POSTs: each one is the redirect it stands for, whatever the cache holds.
@Suite struct RedirectCacheTests {
    @Test func aCachedRedirectIsTheRedirectToItsLocation() {
        let cache = RedirectCache(capacity: 2)
        let locations = [
            "http://a/tables/t#row_1", "http://b/tables/t#row_1", "/tables/t#undo", "http://a/tables/t#row_1",
        ]
        for location in locations + locations {
            let response = cache.seeOther(location)
            #expect(response.status == .seeOther)
            #expect(response.headers.fields == [.init(name: "Location", value: location)])
            #expect(response.body.isEmpty)
            #expect(response.prepared != nil)
        }
    }
}
