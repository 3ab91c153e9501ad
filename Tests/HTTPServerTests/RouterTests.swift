import HTTPServer
import Testing

@Suite struct RouterTests {
    private func router() throws -> Router {
        var router = Router()
        try router.get("/") { _, _ in .text("home") }
        try router.get("/tables/{table}") { _, p in .text("table \(p["table"] ?? "-")") }
        try router.get("/tables/index") { _, _ in .text("literal") }
        try router.post("/tables/{table}/rows/{row}/selection") { _, p in
            .text("select \(p["table"] ?? "-") \(p["row"] ?? "-")")
        }
        try router.get("/static/**") { _, p in .text(p.catchAll.joined(separator: "|")) }
        return router
    }

    private func body(_ router: Router, _ method: HTTPMethod, _ target: String) throws -> String {
        let response = try router.respond(to: Request(method: method, target: target))
        return String(decoding: response.body, as: UTF8.self)
    }

    private func error(_ router: Router, _ method: HTTPMethod, _ target: String) throws -> HTTPError {
        try #require(throws: HTTPError.self) { try router.respond(to: Request(method: method, target: target)) }
    }

    @Test func rootMatchesOnlySlash() throws {
        let router = try router()
        #expect(try body(router, .get, "/") == "home")
        #expect(try error(router, .get, "/nothing").status == .notFound)
    }

    @Test func parametersCaptureOneDecodedSegment() throws {
        let router = try router()
        #expect(try body(router, .get, "/tables/sento") == "table sento")
        #expect(try body(router, .get, "/tables/s%C3%A9nto") == "table sénto")
        #expect(try body(router, .post, "/tables/t/rows/r-1/selection") == "select t r-1")
    }

    @Test func encodedSlashStaysInsideTheParameter() throws {
        #expect(try body(try router(), .get, "/tables/a%2Fb") == "table a/b")
    }

    @Test func literalSegmentWinsOverParameter() throws {
        #expect(try body(try router(), .get, "/tables/index") == "literal")
    }

    @Test func queryDoesNotTakePartInMatching() throws {
        #expect(try body(try router(), .get, "/tables/sento?x=1") == "table sento")
    }

    @Test func emptySegmentDoesNotMatchParameter() throws {
        #expect(try error(try router(), .get, "/tables/").status == .notFound)
    }

    @Test func trailingSlashIsAnotherPath() throws {
        #expect(try error(try router(), .get, "/tables/sento/").status == .notFound)
    }

    @Test func catchAllTakesTheRemainingDecodedSegments() throws {
        #expect(try body(try router(), .get, "/static/css/site%20a.css") == "css|site a.css")
    }

    @Test func catchAllNeedsAtLeastOneSegment() throws {
        #expect(try error(try router(), .get, "/static").status == .notFound)
    }

    @Test func wrongMethodIs405WithAllow() throws {
        let router = try router()
        let refused = try error(router, .post, "/tables/sento")
        #expect(refused.status == .methodNotAllowed)
        #expect(refused.headers["Allow"] == "GET, HEAD")
        let refusedGet = try error(router, .get, "/tables/t/rows/r/selection")
        #expect(refusedGet.headers["Allow"] == "POST")
    }

    @Test func headRunsTheGetHandler() throws {
        #expect(try body(try router(), .head, "/tables/sento") == "table sento")
    }

    @Test func invalidPercentEncodingInPathIs400() throws {
        let router = try router()
        #expect(try error(router, .get, "/tables/%zz").status == .badRequest)
        #expect(try error(router, .get, "/tables/%4").status == .badRequest)
    }

    @Test func invalidUTF8InPathIs400() throws {
        #expect(try error(try router(), .get, "/tables/%C3%28").status == .badRequest)
    }

    @Test func pathWithoutLeadingSlashIs400() throws {
        #expect(try error(try router(), .get, "tables").status == .badRequest)
        #expect(try error(try router(), .options, "*").status == .badRequest)
    }

    @Test func matchReportsThePattern() throws {
        let found = try router().match(.post, path: "/tables/a/rows/b/selection")
        #expect(found.pattern == "/tables/{table}/rows/{row}/selection")
        #expect(found.parameters == Parameters([("table", "a"), ("row", "b")]))
    }

    @Test func parametersAreFoundByName() throws {
        let found = try router().match(.post, path: "/tables/a%20b/rows/b/selection")
        #expect(found.parameters["table"] == "a b" && found.parameters["row"] == "b")
        #expect(found.parameters["tables"] == nil && found.parameters["a b"] == nil)
        let made = Parameters([("x", "1"), ("y", "2")], catchAll: ["z"])
        #expect(made["x"] == "1" && made["y"] == "2" && made["1"] == nil && made.catchAll == ["z"])
        #expect(made != Parameters([("y", "1"), ("x", "2")], catchAll: ["z"]))
    }

    @Test func duplicateRouteIsRefused() throws {
        var router = try router()
        #expect(throws: RouterError.duplicateRoute(.get, "/tables/{other}")) {
            try router.get("/tables/{other}") { _, _ in Response() }
        }
    }

    @Test func malformedPatternsAreRefused() {
        var router = Router()
        for pattern in ["tables", "/a/**/b", "/a/x{y}", "/{a}/{a}", "/a/{}"] {
            #expect(throws: RouterError.self, "\(pattern)") {
                try router.get(pattern) { _, _ in Response() }
            }
        }
    }
}
