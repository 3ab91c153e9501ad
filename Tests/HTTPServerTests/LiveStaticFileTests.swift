import HTTPServer
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Static files under `/static/` over real connections, including every traversal form a client can send.
@Suite struct LiveStaticFileTests {
    private let fixture: PublicFolderFixture
    private let router: Router

    init() throws {
        fixture = try PublicFolderFixture()
        var router = Router()
        try router.get("/static/**", use: try FileServer(root: fixture.publicPath).handler)
        self.router = router
    }

    @Test func fileComesWithTypeETagAndCacheControl() throws {
        try withLiveServer(router) { _, port in
            let response = try TestClient(port: port).request("GET", "/static/site.css")
            #expect(response.status == 200)
            #expect(response.text == PublicFolderFixture.css)
            #expect(response.header("Content-Type") == "text/css; charset=utf-8")
            #expect(response.header("ETag") != nil)
            #expect(response.header("Cache-Control") == "no-cache")
        }
    }

    /// A FIFO, a socket or a device in the folder answers 404 at once: opening a FIFO without a writer would block
    /// the worker thread, and every later request its connections bring with it.
    @Test func aFIFOInTheFolderIsNotFoundAtOnceAndServingGoesOn() throws {
        #expect(mkfifo(fixture.publicPath + "/pipe.css", 0o644) == 0)
        try withLiveServer(router) { _, port in
            let client = try TestClient(port: port, timeout: .seconds(3))
            #expect(try client.request("GET", "/static/pipe.css").status == 404)
            #expect(try client.request("GET", "/static/site.css").status == 200)
            for _ in 0..<10 {
                let other = try TestClient(port: port, timeout: .seconds(3))
                #expect(try other.request("GET", "/static/site.css").status == 200)
            }
        }
    }

    /// A file over the size served is as if absent (it would be read whole into memory per request).
    @Test func aFileOverTheLargestServedIsNotFound() throws {
        let path = fixture.publicPath + "/huge.bin"
        let descriptor = open(path, O_CREAT | O_WRONLY, 0o644)
        #expect(ftruncate(descriptor, off_t(FileServer.maximumFileSize + 1)) == 0)
        close(descriptor)
        try withLiveServer(router) { _, port in
            let client = try TestClient(port: port, timeout: .seconds(3))
            #expect(try client.request("GET", "/static/huge.bin").status == 404)
        }
    }

    @Test func ifNoneMatchWithTheETagIs304() throws {
        try withLiveServer(router) { _, port in
            let client = try TestClient(port: port)
            let tag = try #require(try client.request("GET", "/static/icons/check.svg").header("ETag"))
            let revalidated = try client.request("GET", "/static/icons/check.svg", headers: [("If-None-Match", tag)])
            #expect(revalidated.status == 304)
            #expect(revalidated.body.isEmpty)
            #expect(revalidated.header("ETag") == tag)
            #expect(revalidated.header("X-Content-Type-Options") == "nosniff")
            // RFC 9110 §8.6: a 304's Content-Length is the 200's, in the form the same request would get it.
            for encoding in ["gzip", "identity"] {
                let full = try client.request("GET", "/static/site.css", headers: [("Accept-Encoding", encoding)])
                let tag = try #require(full.header("ETag"))
                let same = try client.request("GET", "/static/site.css",
                                              headers: [("Accept-Encoding", encoding), ("If-None-Match", tag)])
                #expect(same.status == 304 && same.body.isEmpty)
                #expect(same.header("Content-Length") == full.header("Content-Length"), "\(encoding)")
                #expect(same.header("Vary") == full.header("Vary"))
            }
            // The connection is still usable after a 304.
            #expect(try client.request("HEAD", "/static/icons/check.svg").status == 200)
        }
    }

    @Test func onlyGetAndHeadAreAllowed() throws {
        try withLiveServer(router) { _, port in
            let response = try TestClient(port: port).request("POST", "/static/site.css")
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, HEAD")
        }
    }

    @Test(arguments: [
        "/static/../outside.txt",
        "/static/icons/../../outside.txt",
        "/static/%2e%2e/outside.txt",
        "/static/%2E%2E/outside.txt",
        "/static/.%2e/outside.txt",
        "/static/%2e./outside.txt",
        "/static/..%2foutside.txt",
        "/static/..%2Foutside.txt",
        "/static/%2e%2e%2foutside.txt",
        "/static/..%5coutside.txt",
        "/static/%2e%2e%5coutside.txt",
        "/static/%252e%252e/outside.txt",
        "/static/%252e%252e%252foutside.txt",
        "/static/%c0%ae%c0%ae/outside.txt",
        "/static/%c0%2e%c0%2e/outside.txt",
        "/static/%e0%80%ae%e0%80%ae/outside.txt",
        "/static/icons%2f..%2f..%2foutside.txt",
        "/static//outside.txt",
        "/static/%2foutside.txt",
        "/static/%2F..%2Foutside.txt",
        "/static/site.css%00",
        "/static/site.css%00.txt",
        "/static/%00",
        "/static/.hidden",
        "/static/%2ehidden",
        "/static/.git/config",
        "/static/%2egit/config",
        "/static/hidden-alias",
        "/static/escape.txt",
        "/static/escape-dir/outside.txt",
        "/static/escape-dir/Public2/other.txt",
        "/static/escape-dir/Public/.hidden",
        "/static/",
        "/static/icons",
        "/static/icons/",
        "/static/empty",
        "/static/.",
        "/static/%2e",
    ])
    func traversalFormIsRefused(target: String) throws {
        try withLiveServer(router) { _, port in
            let response = try TestClient(port: port).request("GET", target)
            #expect([400, 404].contains(response.status), "\(target) → \(response.status)")
            #expect(!response.text.contains(PublicFolderFixture.secret))
            #expect(!response.text.contains("HIDDEN"))
        }
    }
}
