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
