import HTTPServer
import Testing
import TestSupport

/// SPEC §4: pages and static files go out gzip-compressed to clients that accept it, with `Vary: Accept-Encoding`,
/// and validators that stay correct in both forms.
@Suite struct GzipTests {
    @Test func compressedBytesComeBackUnchanged() throws {
        let text = Array(String(repeating: "<li class=\"row\">銭湯めぐり</li>\n", count: 400).utf8)
        let compressed = Gzip.compress(text)
        #expect(compressed.count < text.count / 10)
        #expect(compressed.prefix(2) == [0x1F, 0x8B], "the gzip magic number")
        #expect(gunzip(compressed) == text)
        #expect(gunzip(Gzip.compress([])) == [])
    }

    @Test(arguments: [
        ("gzip", true), ("gzip, deflate, br", true), ("br;q=1.0, gzip;q=0.8", true), ("x-gzip", true),
        ("GZIP", true), ("*", true), ("gzip;q=0", false), ("gzip; q=0.000", false), ("*;q=0", false),
        ("deflate, br", false), ("identity", false), ("", false), ("*, gzip;q=0", false), ("gzip;q=0.001", true),
    ])
    func acceptEncodingIsReadAsRFC9110Says(_ header: String, _ accepted: Bool) {
        #expect(Gzip.isAccepted(by: header) == accepted, "\(header)")
    }

    @Test func noAcceptEncodingMeansNoCoding() {
        #expect(!Gzip.isAccepted(by: nil))
    }

    @Test func onlyTextualBodiesWorthTheBytesAreCompressed() {
        let long = [UInt8](repeating: UInt8(ascii: "a"), count: 4_000)
        #expect(Gzip.isWorthCompressing(Response(headers: ["Content-Type": "text/html; charset=utf-8"], body: long)))
        #expect(Gzip.isWorthCompressing(Response(headers: ["Content-Type": "image/svg+xml"], body: long)))
        #expect(!Gzip.isWorthCompressing(Response(headers: ["Content-Type": "image/png"], body: long)))
        #expect(!Gzip.isWorthCompressing(Response(headers: ["Content-Type": "text/html"], body: Array(long.prefix(100)))))
        #expect(!Gzip.isWorthCompressing(
            Response(headers: ["Content-Type": "text/html", "Content-Encoding": "br"], body: long)))
    }

    private static let page = Array(String(repeating: "<p>Row of the table, with its detail</p>\n", count: 200).utf8)

    private func router() throws -> Router {
        var router = Router()
        try router.get("/page") { _, _ in
            Response(headers: ["Content-Type": "text/html; charset=utf-8", "ETag": "W/\"v1\"",
                               "Vary": "Accept-Language"], body: Self.page)
        }
        let cached = Response(headers: ["Content-Type": "text/html; charset=utf-8"], body: Self.page).reusable()
        try router.get("/cached") { _, _ in cached }
        try router.get("/strong") { _, _ in
            Response(headers: ["Content-Type": "text/plain", "ETag": "\"s1\""], body: Self.page)
        }
        return router
    }

    @Test func aClientAcceptingGzipGetsItAndOthersGetTheBytesAsTheyAre() throws {
        try withLiveServer(try router()) { _, port in
            let client = try TestClient(port: port)
            for path in ["/page", "/cached", "/cached"] {
                let plain = try client.request("GET", path)
                #expect(plain.header("Content-Encoding") == nil)
                #expect(plain.body == Self.page)
                let gzip = try client.request("GET", path, headers: [("Accept-Encoding", "gzip, deflate, br")])
                #expect(gzip.header("Content-Encoding") == "gzip", "\(path)")
                #expect(Int(gzip.header("Content-Length") ?? "") == gzip.body.count)
                #expect(gzip.body.count < Self.page.count / 10)
                #expect(gunzip(gzip.body) == Self.page)
                #expect(plain.header("Vary")?.contains("Accept-Encoding") == true)
                #expect(gzip.header("Vary")?.contains("Accept-Encoding") == true)
            }
            let head = try client.request("HEAD", "/cached", headers: [("Accept-Encoding", "gzip")])
            #expect(head.header("Content-Encoding") == "gzip")
            #expect(head.body.isEmpty)
        }
    }

    @Test func validatorsStayCorrectInBothForms() throws {
        try withLiveServer(try router()) { _, port in
            let client = try TestClient(port: port)
            // A weak tag names the page in any form; a strong one names bytes, so the compressed form's is weak.
            #expect(try client.request("GET", "/page", headers: [("Accept-Encoding", "gzip")]).header("ETag") == "W/\"v1\"")
            #expect(try client.request("GET", "/page").header("Vary") == "Accept-Language, Accept-Encoding")
            #expect(try client.request("GET", "/strong").header("ETag") == "\"s1\"")
            #expect(try client.request("GET", "/strong", headers: [("Accept-Encoding", "gzip")]).header("ETag")
                == "W/\"s1\"")
        }
    }

    @Test func aStaticFileIsCompressedAndRevalidatesTo304InThatForm() throws {
        let fixture = try PublicFolderFixture()
        let css = String(repeating: ".row { height: 3.25rem; contain: layout; }\n", count: 100)
        try fixture.directory.write("Public/large.css", css)
        var router = Router()
        try router.get("/static/**", use: try FileServer(root: fixture.publicPath).handler)
        try withLiveServer(router) { _, port in
            let client = try TestClient(port: port)
            // A short file goes out as it is, whatever the client accepts.
            let short = try client.request("GET", "/static/site.css", headers: [("Accept-Encoding", "gzip")])
            #expect(short.header("Content-Encoding") == nil)
            #expect(short.text == PublicFolderFixture.css)
            for _ in 0..<2 {  // the second answer is the kept one, compressed once
                let plain = try client.request("GET", "/static/large.css")
                #expect(plain.text == css)
                let compressed = try client.request("GET", "/static/large.css", headers: [("Accept-Encoding", "gzip")])
                #expect(compressed.header("Content-Encoding") == "gzip")
                #expect(gunzip(compressed.body) == Array(css.utf8))
                let tag = try #require(compressed.header("ETag"))
                #expect(tag == "W/" + (plain.header("ETag") ?? ""))
                let revalidated = try client.request(
                    "GET", "/static/large.css", headers: [("Accept-Encoding", "gzip"), ("If-None-Match", tag)])
                #expect(revalidated.status == 304)
            }
        }
    }
}
