import HTTPServer
import Testing

@Suite struct FileServerTests {
    private let fixture: PublicFolderFixture
    private let files: FileServer

    init() throws {
        fixture = try PublicFolderFixture()
        files = try FileServer(root: fixture.publicPath)
    }

    private func serve(_ segments: [String], headers: HTTPHeaders = [:]) throws -> Response {
        try files.response(for: Request(method: .get, target: "/static/x", headers: headers), path: segments)
    }

    private func status(_ segments: [String]) -> HTTPStatus? {
        do {
            return try serve(segments).status
        } catch let error as HTTPError {
            return error.status
        } catch {
            return nil
        }
    }

    @Test func servesAFileWithItsContentType() throws {
        let response = try serve(["site.css"])
        #expect(response.status == .ok)
        #expect(String(decoding: response.body, as: UTF8.self) == PublicFolderFixture.css)
        #expect(response.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(try serve(["icons", "check.svg"]).headers["Content-Type"] == "image/svg+xml")
        #expect(try serve(["page.html"]).headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(try serve(["data.unknownext"]).headers["Content-Type"] == "application/octet-stream")
    }

    @Test func sendsETagAndCacheControl() throws {
        let response = try serve(["site.css"])
        let tag = try #require(response.headers["ETag"])
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
        #expect(response.headers["Cache-Control"] == "no-cache")
    }

    @Test func matchingIfNoneMatchIs304WithoutBody() throws {
        let tag = try #require(try serve(["site.css"]).headers["ETag"])
        for condition in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
            let response = try serve(["site.css"], headers: ["If-None-Match": condition])
            #expect(response.status == .notModified, "\(condition)")
            #expect(response.body.isEmpty)
            #expect(response.headers["ETag"] == tag)
        }
        #expect(try serve(["site.css"], headers: ["If-None-Match": "\"stale\""]).status == .ok)
    }

    @Test func refusesDotSegmentsDotfilesAndSeparators() {
        for segments in [[".."], ["..", "outside.txt"], ["icons", "..", "..", "outside.txt"], ["."], [".hidden"],
                         [".git", "config"], ["a/../../outside.txt"], ["..\\outside.txt"], ["site.css\0"],
                         [""], ["icons", ""], []] {
            #expect(status(segments) == .notFound, "\(segments)")
        }
    }

    @Test func refusesDirectories() {
        #expect(status(["empty"]) == .notFound)
        #expect(status(["icons"]) == .notFound)
    }

    @Test func refusesSymbolicLinksThatLeaveTheFolder() {
        #expect(status(["escape.txt"]) == .notFound)
        #expect(status(["escape-dir", "outside.txt"]) == .notFound)
        #expect(status(["escape-dir", "Public2", "other.txt"]) == .notFound)
    }

    @Test func refusesSymbolicLinksToDotfiles() {
        #expect(status(["hidden-alias"]) == .notFound)
    }

    @Test func followsSymbolicLinksThatStayInside() throws {
        #expect(try serve(["alias.css"]).status == .ok)
    }

    @Test func missingFileIs404() {
        #expect(status(["missing.css"]) == .notFound)
    }

    @Test func rootMustBeAnExistingFolder() {
        #expect(throws: FileServerError.rootNotFound(fixture.publicPath + "/nope")) {
            try FileServer(root: fixture.publicPath + "/nope")
        }
        #expect(throws: FileServerError.rootNotDirectory(fixture.publicPath + "/site.css")) {
            try FileServer(root: fixture.publicPath + "/site.css")
        }
    }
}

/// Files held in memory (the executable's built-in `Public/`) answer as files on disk do.
@Suite struct MemoryFileServerTests {
    private let server = MemoryFileServer(files: [
        "site.css": Array("body { color: black; }\n".utf8),
        "icons/check.svg": Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8),
        ".hidden": Array("HIDDEN".utf8),
        "icons/.secret": Array("HIDDEN".utf8),
    ])

    private func get(_ segments: [String], ifNoneMatch: String? = nil) throws -> Response {
        var headers: HTTPHeaders = [:]
        if let ifNoneMatch { headers["If-None-Match"] = ifNoneMatch }
        return try server.response(for: Request(method: .get, target: "/static/" + segments.joined(separator: "/"),
                                                headers: headers), path: segments)
    }

    @Test func aFileIsServedWithItsTypeAndATag() throws {
        let response = try get(["site.css"])
        #expect(response.status == .ok)
        #expect(response.body == Array("body { color: black; }\n".utf8))
        #expect(response.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(response.headers["ETag"]?.hasPrefix("\"17-") == true)
        #expect(try get(["icons", "check.svg"]).headers["Content-Type"] == "image/svg+xml")
    }

    @Test func aMatchingTagGets304() throws {
        let tag = try #require(try get(["site.css"]).headers["ETag"])
        #expect(try get(["site.css"], ifNoneMatch: tag).status == .notModified)
        #expect(try get(["site.css"], ifNoneMatch: "\"other\"").status == .ok)
    }

    @Test(arguments: [[".hidden"], ["icons", ".secret"], ["icons"], ["nope.css"], [".."], ["icons", "..", "site.css"]])
    func anythingElseIs404(_ segments: [String]) {
        #expect(throws: HTTPError.notFound) { try get(segments) }
    }
}
