/// Turns any error into a response — the one place where that happens.
///
/// ``HTTPError``s and ``HTTPErrorConvertible`` errors keep their status; anything else is the server's fault:
/// it is logged and answered with 500. The page itself comes from `render`, which an application replaces
/// with its own templated page; the status and the error's header fields (such as `Allow`) are then set
/// here, so a renderer cannot get them wrong.
public struct ErrorPage: Sendable {
    /// Renders the page for an error; status and the error's headers are applied afterwards.
    public typealias Renderer = @Sendable (HTTPError, Request) -> Response
    /// Receives one line about each unexpected (non-HTTP) error.
    public typealias Logger = @Sendable (String) -> Void

    private let render: Renderer
    private let log: Logger

    /// An error page with the given renderer and logger.
    public init(
        render: @escaping Renderer = ErrorPage.plainHTML,
        log: @escaping Logger = ErrorPage.logToStandardError
    ) {
        self.render = render
        self.log = log
    }

    /// The response to `request` that failed with `error`.
    public func response(for error: any Error, to request: Request) -> Response {
        var httpError: HTTPError
        switch error {
        case let error as HTTPError:
            httpError = error
        case let error as any HTTPErrorConvertible:
            httpError = error.httpError
        default:
            log("error: \(request.method) \(request.target): \(String(reflecting: error))")
            httpError = HTTPError(.internalServerError)
        }
        // Whatever a message echoes, the page stays well-formed XML: the last line of defence, here in one place.
        httpError.message = XMLSafeText.replacingUnsafe(httpError.message)
        var response = render(httpError, request)
        response.status = httpError.status
        for field in httpError.headers {
            response.headers[field.name] = field.value
        }
        return response
    }

    /// A minimal HTML page naming the status and the message.
    public static let plainHTML: Renderer = { error, _ in
        let title = escapeHTML(error.status.description)
        let page = """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"/><title>\(title)</title></head>
            <body><h1>\(title)</h1><p>\(escapeHTML(error.message))</p></body>
            </html>

            """
        return Response.html(page, status: error.status)
    }

    /// Writes the line to standard error.
    public static let logToStandardError: Logger = { line in
        StandardError.write(line)
    }
}

/// Escapes text for HTML element content and quoted attributes. Works per UTF-8 byte so that a combining
/// mark after a quote cannot hide the quote.
func escapeHTML(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
        case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
        case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
        case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
        case UInt8(ascii: "'"): bytes.append(contentsOf: "&#39;".utf8)
        default: bytes.append(byte)
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}
