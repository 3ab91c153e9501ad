import TableModel
import Testing
import TableRendering
@testable import TableviewApp

@Suite struct CommandParserTests {
    @Test func serveTakesEveryOption() throws {
        let command = try CommandParser.parse([
            "serve", "--host", "0.0.0.0", "--port=0", "--tables", "t.json", "--templates", "tpl", "--public", "pub",
            "--max-sessions", "5", "--session-ttl", "60", "--quiet", "--tls-cert", "c.pem", "--tls-key", "k.pem",
            "--tls-priority", "NORMAL", "--origin", "HTTPS://Tables.Example.LAN:443/", "--max-section-rows", "5000",
            "--window-rows=50", "--max-page-rows", "6000",
        ])
        var expected = ServeOptions()
        expected.host = "0.0.0.0"
        expected.port = 0
        expected.tablesFile = "t.json"
        expected.templatesDirectory = "tpl"
        expected.publicDirectory = "pub"
        expected.maxSessions = 5
        expected.sessionTTL = 60
        expected.quiet = true
        expected.tlsCertificateFile = "c.pem"
        expected.tlsKeyFile = "k.pem"
        expected.tlsPriorities = "NORMAL"
        expected.windowing = RowWindowing(threshold: 5_000, size: 50, pageRows: 6_000)
        expected.origin = "https://tables.example.lan"
        #expect(command == .serve(expected))
    }

    @Test func serveDefaultsBindLoopbackOn8080WithTheDemo() throws {
        guard case .serve(let options) = try CommandParser.parse(["serve"]) else {
            Issue.record("not serve")
            return
        }
        #expect(options.host == "127.0.0.1")
        #expect(options.port == 8080)
        #expect(options.tablesFile == nil)
    }

    @Test func renderNeedsATable() throws {
        #expect(throws: UsageError.self) { try CommandParser.parse(["render"]) }
        var expected = RenderOptions()
        expected.tableID = "sento"
        expected.stateFile = "s.json"
        #expect(try CommandParser.parse(["render", "--table", "sento", "--state", "s.json"]) == .render(expected))
    }

    @Test func serveAndRenderTakeALanguage() throws {
        guard case .serve(let serve) = try CommandParser.parse(["serve", "--language", "ja"]),
            case .render(let render) = try CommandParser.parse(["render", "--table", "sento", "--language=ja"])
        else {
            Issue.record("not serve and render")
            return
        }
        #expect(serve.language == .ja && render.language == .ja)
        #expect(ServeOptions().language == .en && RenderOptions().language == .en)
        #expect(throws: UsageError("--language needs en or ja, not fr")) {
            try CommandParser.parse(["serve", "--language", "fr"])
        }
    }

    @Test func checkTakesOneFileOrMore() throws {
        #expect(try CommandParser.parse(["check", "t.json"]) == .check(paths: ["t.json"]))
        #expect(try CommandParser.parse(["check", "a", "b"]) == .check(paths: ["a", "b"]))
        #expect(throws: UsageError.self) { try CommandParser.parse(["check"]) }
        #expect(throws: UsageError.self) { try CommandParser.parse(["check", "a", "--bogus"]) }
    }

    @Test(arguments: [
        ["serve", "--max-sessions", "0"], ["serve", "--session-ttl", "-1"], ["serve", "--max-sessions", "many"],
        ["serve", "--port", "70000"], ["serve", "--port", "1", "--port", "2"], ["serve", "stray"],
        ["render", "--table"], ["render", "--table", "x", "--bogus"], [], ["frobnicate"],
        ["serve", "--tls-cert", "c.pem"], ["serve", "--tls-key", "k.pem"], ["serve", "--origin", "tables.example.lan"],
        ["serve", "--origin", "https://tables.example.lan/app"], ["serve", "--tls-priority", "NORMAL"],
        ["serve", "--max-section-rows", "1999"], ["serve", "--window-rows", "0"], ["serve", "--window-rows", "2001"],
        ["serve", "--max-section-rows", "3000", "--window-rows", "3001"],
        ["serve", "--max-page-rows", "1999"], ["serve", "--max-section-rows", "3000", "--max-page-rows", "2500"],
        ["serve", "--max-page-rows", "0"],
        ["serve", "--language"], ["serve", "--language", ""], ["serve", "--language", "EN"],
        ["render", "--table", "x", "--language", "ja-JP"],
    ])
    func badCommandLinesAreUsageErrors(_ arguments: [String]) {
        #expect(throws: UsageError.self) { try CommandParser.parse(arguments) }
    }
}
