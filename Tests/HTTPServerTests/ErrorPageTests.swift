import HTTPServer
import Synchronization
import Testing

@Suite struct ErrorPageTests {
    private struct Broken: Error {}
    private struct Refusal: HTTPErrorConvertible {
        var httpError: HTTPError { HTTPError(.forbidden, message: "no") }
    }

    private let request = Request(method: .post, target: "/x?y")

    @Test func httpErrorKeepsItsStatusAndMessage() {
        let response = ErrorPage(log: { _ in }).response(for: HTTPError(.notFound, message: "No <table>."), to: request)
        #expect(response.status == .notFound)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(String(decoding: response.body, as: UTF8.self).contains("No &lt;table&gt;."))
    }

    @Test func convertibleErrorsUseTheirHTTPError() {
        #expect(ErrorPage(log: { _ in }).response(for: Refusal(), to: request).status == .forbidden)
    }

    @Test func anyOtherErrorIs500AndLogged() {
        let lines = Mutex<[String]>([])
        let page = ErrorPage(log: { line in lines.withLock { $0.append(line) } })
        let response = page.response(for: Broken(), to: request)
        #expect(response.status == .internalServerError)
        let logged = lines.withLock { $0 }
        #expect(logged.count == 1)
        #expect(logged.first?.contains("POST /x?y") == true)
        #expect(logged.first?.contains("Broken") == true)
    }

    @Test func clientErrorsAreNotLogged() {
        let lines = Mutex<[String]>([])
        let page = ErrorPage(log: { line in lines.withLock { $0.append(line) } })
        _ = page.response(for: HTTPError(.badRequest), to: request)
        #expect(lines.withLock { $0.isEmpty })
    }

    @Test func customRendererGetsStatusAndErrorHeadersEnforced() {
        let page = ErrorPage(render: { error, _ in .text("custom \(error.message)") }, log: { _ in })
        let response = page.response(for: HTTPError.methodNotAllowed(allowed: [.get, .head]), to: request)
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "GET, HEAD")
        #expect(String(decoding: response.body, as: UTF8.self).hasPrefix("custom "))
    }
}
