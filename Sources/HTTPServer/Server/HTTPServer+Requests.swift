import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#endif

/// One request's way through the server: headers, body pieces, the responder, the queued answer.
extension HTTPServer {
    /// Advances `context` by one access-handler call; false tells libmicrohttpd to close the connection.
    ///
    /// libmicrohttpd keeps a connection alive only when the first call for a request (headers complete)
    /// queues nothing, so answers go out on the last call, once the body is in. Refusals (503, 408, 414, 413) close
    /// the connection on purpose: the first three answer before the body is read, and a client that sent too much
    /// or too slowly gets no second request on the same connection. So do framing refusals (400, 501): after a
    /// head whose body cannot be delimited with certainty, no byte of the connection can be trusted to start a
    /// request.
    func advance(
        _ context: RequestContext,
        connection: OpaquePointer,
        method: UnsafePointer<CChar>,
        piece: UnsafeRawBufferPointer?
    ) -> Bool {
        switch context.phase {
        case .awaitingHeaders:
            context.phase = .receivingBody
            connections.headersCompleted(connection)
            if connections.record(of: connection)?.overflow == true {
                let busy = HTTPError(.serviceUnavailable, message: "The server is busy. Try again in a moment.")
                return refuse(busy, context: context, connection: connection, method: method)
            }
            if context.elapsed > configuration.requestTimeout {
                return refuse(HTTPError(.requestTimeout), context: context, connection: connection, method: method)
            }
            if context.queryParameters > configuration.maximumQueryParameters {
                let tooMany = HTTPError(.uriTooLong, message: "The request target has more than "
                    + "\(configuration.maximumQueryParameters) query parameters.")
                return refuse(tooMany, context: context, connection: connection, method: method)
            }
            switch context.framing {
            case .refused(let error):
                return refuse(error, context: context, connection: connection, method: method)
            case .length(let length):
                context.body.reserveCapacity(length)
            case .none, .chunked:
                break
            }
            return true
        case .receivingBody:
            if let piece {
                // Mid-body there is no way to answer any more: a request this slow loses its connection.
                guard context.elapsed <= configuration.requestTimeout else { return false }
                if context.bodyTooLarge || context.body.count + piece.count > configuration.maximumBodySize {
                    context.bodyTooLarge = true
                    context.body = []
                } else {
                    context.body.append(contentsOf: piece)
                }
                return true
            }
            if context.bodyTooLarge {
                return refuse(HTTPError(.contentTooLarge), context: context, connection: connection, method: method)
            }
            // The context is done with its headers and body: they move into the request instead of being shared.
            let request = Request(
                method: HTTPMethod(token: method),
                target: context.target,
                headers: exchange(&context.headers, with: HTTPHeaders()),
                body: exchange(&context.body, with: [])
            )
            let response = response(to: request)
            if let deferred = response.deferred {
                return suspend(request, until: deferred, context: context, connection: connection)
            }
            return answer(request, with: response, context: context, connection: connection)
        case .awaitingAnswer:
            // Resumed: the answer has come. (libmicrohttpd calls again until a response is queued.)
            guard let (request, slot) = context.deferred, let result = slot.take() else {
                MHD_suspend_connection(connection)
                return true
            }
            context.deferred = nil
            switch result {
            case .success(let response):
                return answer(request, with: response, context: context, connection: connection)
            case .failure(let error):
                return answer(request, with: errorPage.response(for: error, to: request), context: context,
                              connection: connection)
            }
        case .answered:
            return true
        }
    }

    /// Suspends the connection until `deferred` gives its answer, which resumes it (on the thread it comes on); the
    /// worker thread meanwhile serves its other connections.
    private func suspend(
        _ request: Request, until deferred: DeferredResponse, context: RequestContext, connection: OpaquePointer
    ) -> Bool {
        let slot = DeferredAnswer()
        context.deferred = (request, slot)
        context.phase = .awaitingAnswer
        MHD_suspend_connection(connection)
        let suspended = SuspendedConnection(pointer: connection)
        deferred.start { result in
            slot.deliver(result)
            MHD_resume_connection(suspended.pointer)
        }
        return true
    }

    /// The responder's answer, or the error page for what it threw.
    func response(to request: Request) -> Response {
        do {
            return try responder.respond(to: request)
        } catch {
            return errorPage.response(for: error, to: request)
        }
    }

    private func refuse(
        _ error: HTTPError,
        context: RequestContext,
        connection: OpaquePointer,
        method: UnsafePointer<CChar>
    ) -> Bool {
        let request = Request(
            method: HTTPMethod(token: method),
            target: context.target,
            headers: context.headers
        )
        let response = errorPage.response(for: error, to: request)
        return answer(request, with: response, context: context, connection: connection, closing: true)
    }

    private func answer(
        _ request: Request,
        with response: Response,
        context: RequestContext,
        connection: OpaquePointer,
        closing: Bool = false
    ) -> Bool {
        context.phase = .answered
        let closing = closing || isStopping.load(ordering: .relaxed)
        // What goes out: its status, its libmicrohttpd response and the body bytes it sends. (The prepared path
        // reads the status off `response` rather than copying the value: a copy retains its header fields and body.)
        let status: HTTPStatus
        let handle: OpaquePointer
        var owned = true
        var bodyBytes: Int
        if response.status == .notModified, let representation = response.representation {
            // A 304 says the length of the 200 it stands for, in the form this request would get it, and that
            // answer's Vary (RFC 9110 §8.6, §15.4.5); it sends no body.
            let encoding = Encoding(of: representation, for: request)
            var notModified = response
            if encoding.compressible && !notModified.headers.contains("Vary") {
                notModified.headers["Vary"] = "Accept-Encoding"
            }
            let length = representation.prepared.flatMap { built(representation, $0, encoding) }?.bodyBytes
                ?? encoding.form(representation).body.count
            guard case .success(let made) = makeMHDResponse(notModified, closing: closing, bodylessLength: length)
            else { return false }
            (status, handle, bodyBytes) = (.notModified, made, 0)
        } else {
            let encoding = Encoding(of: response, for: request)
            // A prepared response is queued as built, without `Connection: close`: closing ones are built afresh.
            if !closing, let prepared = response.prepared, let built = built(response, prepared, encoding) {
                status = response.status
                handle = built.pointer
                bodyBytes = built.bodyBytes
                owned = false
            } else {
                var sent = encoding.form(response)
                switch makeMHDResponse(sent, closing: closing) {
                case .success(let made):
                    handle = made
                case .failure(let error):
                    sent = errorPage.response(for: error, to: request)
                    guard case .success(let made) = makeMHDResponse(sent, closing: closing) else { return false }
                    handle = made
                }
                status = sent.status
                bodyBytes = sent.body.count
            }
        }
        defer { if owned { MHD_destroy_response(handle) } }
        let queued = MHD_queue_response(connection, UInt32(status.code), handle) == .YES
        if let accessLog = configuration.accessLog {
            let bodyless = request.method == .head || status.code < 200 || [204, 304].contains(status.code)
            accessLog(AccessLogEntry(
                method: request.method,
                target: context.target,
                status: status,
                bodyBytes: bodyless ? 0 : bodyBytes,
                microseconds: context.elapsed.microseconds
            ))
        }
        return queued
    }

    /// Whether a response goes out compressed to a request: both forms of a compressible response vary with
    /// `Accept-Encoding`; the client's decides which is sent.
    private struct Encoding {
        let compressible: Bool
        let gzip: Bool

        @inline(__always)
        init(of response: Response, for request: Request) {
            compressible = response.prepared?.isCompressible ?? Gzip.isWorthCompressing(response)
            gzip = compressible && request.headers.withValue(named: "Accept-Encoding", Gzip.isAccepted(by:)) == true
        }

        /// `response` as it goes out.
        func form(_ response: Response) -> Response {
            guard compressible else { return response }
            let varied = Gzip.varying(response)
            return gzip ? Gzip.encoded(varied) : varied
        }
    }

    /// The form of a prepared response for `encoding`, built on its first use. Inlined: a call here retained and
    /// released the response's parts on every cached GET.
    @inline(__always)
    private func built(_ response: Response, _ prepared: PreparedResponse, _ encoding: Encoding)
        -> PreparedResponse.Built?
    {
        prepared.built(gzip: encoding.gzip, orMake: {
            let made = encoding.form(response)
            return (try? makeMHDResponse(made, closing: false).get()).map {
                PreparedResponse.Built(pointer: $0, bodyBytes: made.body.count)
            }
        })
    }

    /// The body of a 304: libmicrohttpd never asks for it (a 304 carries none), and would get the end.
    private static let noBody: MHD_ContentReaderCallback = { _, _, _, _ in -1 }

    /// libmicrohttpd's response for `response`, with the default headers it lacks, and `Connection: close`
    /// when `closing`; with `bodylessLength`, one that says that length and has no body (a 304). Fails when
    /// libmicrohttpd refuses a header field.
    private func makeMHDResponse(_ response: Response, closing: Bool, bodylessLength: Int? = nil)
        -> Result<OpaquePointer, InvalidResponseHeader>
    {
        let handle: OpaquePointer = bodylessLength.flatMap {
            MHD_create_response_from_callback(UInt64($0), 4096, Self.noBody, nil, nil)
        } ?? response.body.withUnsafeBytes { body in
            guard let base = body.baseAddress, body.count > 0 else {
                return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
            }
            // MUST_COPY: libmicrohttpd keeps its own copy, so the Swift array need not outlive this call.
            return MHD_create_response_from_buffer(
                body.count, UnsafeMutableRawPointer(mutating: base), .RESPMEM_MUST_COPY
            )
        }
        if let refused = addHeaders(of: response, to: handle, closing: closing) {
            MHD_destroy_response(handle)
            return .failure(InvalidResponseHeader(name: refused))
        }
        return .success(handle)
    }

    /// Adds the response's header fields, the default ones it lacks and `Connection: close` when `closing`;
    /// returns the name of a field libmicrohttpd refused, if any.
    private func addHeaders(of response: Response, to handle: OpaquePointer, closing: Bool) -> String? {
        func add(_ name: String, _ value: String) -> Bool {
            // Explicit withCString: the implicit String-to-pointer conversion copies each string first.
            name.withCString { name in value.withCString { value in MHD_add_response_header(handle, name, value) } }
                == .YES
        }
        // libmicrohttpd writes Content-Length itself and refuses a second one.
        for field in response.headers
        where !field.name.equalsIgnoringASCIICase("Content-Length")
            && !(closing && field.name.equalsIgnoringASCIICase("Connection"))
        {
            guard add(field.name, field.value) else { return field.name }
        }
        for field in defaultHeaders where !response.headers.contains(field.name) {
            guard add(field.name, field.value) else { return field.name }
        }
        if closing && !add("Connection", "close") { return "Connection" }
        return nil
    }

}

/// A response header field libmicrohttpd refused (a line break in it, say): a bug in the application,
/// answered with 500.
struct InvalidResponseHeader: Error, CustomStringConvertible {
    let name: String
    var description: String { "libmicrohttpd refused the response header field \(name)" }
}
