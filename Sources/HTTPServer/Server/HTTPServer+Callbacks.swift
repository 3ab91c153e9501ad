import CMicroHTTPD
import CMicroHTTPDShim
#if canImport(Glibc)
import Glibc
#endif

/// One daemon's worker thread, as its callbacks get it through their `cls` pointer: the server, and which of its
/// threads this is (the connection census counts each thread's connections for ``ConnectionSteering``). Plain
/// memory, allocated per daemon at start and freed once it has stopped.
struct Worker {
    /// The server, not counted as a reference: the daemons hold one from start to shutdown (``HTTPServer/start()``).
    let server: UnsafeMutableRawPointer
    /// The daemon's place among the server's, from 0.
    let index: Int
}

/// The C entry points libmicrohttpd calls on its worker threads. They capture nothing: the server and the worker
/// arrive through the `cls` pointer (a ``Worker``), the request's ``RequestContext`` through the `req_cls` slot.
extension HTTPServer {
    /// Calls `body` with the server of the worker a callback's `cls` points to, and the worker's index, without
    /// counting a reference to the server. Every callback of every request on both threads would otherwise write
    /// the server's reference count (and its census's), a cache line both cores then take turns to own.
    static func withServer<Result>(_ cls: UnsafeMutableRawPointer, _ body: (HTTPServer, Int) -> Result) -> Result {
        let worker = cls.load(as: Worker.self)
        return Unmanaged<HTTPServer>.fromOpaque(worker.server)._withUnsafeGuaranteedRef { body($0, worker.index) }
    }

    /// A request line arrived: mark the connection's request in flight and give the request a context.
    static let requestStartedCallback: cmhd_uri_log_callback = { cls, uri, connection in
        withServer(cls!) { server, _ in
            let length = uri.map { strlen($0) } ?? 0
            let target = uri.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) }
            // The target is in libmicrohttpd's read buffer, which it writes into as it parses (see ``TargetQuery``).
            let parameters = uri.map {
                TargetQuery.countParametersAndHide(in: UnsafeMutablePointer(mutating: $0), length: length)
            } ?? 0
            let context = RequestContext(target: target ?? "", targetLength: length, queryParameters: parameters)
            if let connection { server.connections.requestStarted(connection, at: context.started) }
            return Unmanaged.passRetained(context).toOpaque()
        }
    }

    /// Headers or a body piece arrived, or the request is complete.
    static let accessHandlerCallback: MHD_AccessHandlerCallback = {
        cls, connection, url, method, version, uploadData, uploadSize, slot in
        guard let cls, let connection, let method, let uploadSize, let slot, let opaque = slot.pointee else {
            return .NO
        }
        // The slot holds the context until the request completes: lent, not counted again for each call.
        return Unmanaged<RequestContext>.fromOpaque(opaque)._withUnsafeGuaranteedRef { context in
            withServer(cls) { server, _ in
                if context.phase == .awaitingHeaders {
                    (context.framing, context.headers) = framing(
                        of: connection, method: method, url: url, targetLength: context.targetLength,
                        version: version, maximumBodySize: server.configuration.maximumBodySize)
                }
                let piece = uploadSize.pointee > 0
                    ? UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee) : nil
                uploadSize.pointee = 0
                return server.advance(context, connection: connection, method: method, piece: piece) ? .YES : .NO
            }
        }
    }

    /// The request is over (answered, timed out or its connection closed): release its context.
    static let requestCompletedCallback: MHD_RequestCompletedCallback = { cls, connection, slot, _ in
        guard let cls, let slot, let opaque = slot.pointee else { return }
        slot.pointee = nil
        Unmanaged<RequestContext>.fromOpaque(opaque).release()
        guard let connection else { return }
        withServer(cls) { server, _ in server.connections.requestCompleted(connection) }
    }

    /// A connection was accepted: keep it while the server holds fewer than its limit, and its client's address
    /// fewer than the per-address limit (see ``ConnectionCensus``). The daemons accept on their own threads, so
    /// together they may pass each limit by one connection each.
    static let acceptPolicyCallback: MHD_AcceptPolicyCallback = { cls, address, length in
        withServer(cls!) { server, _ in
            let client = address.flatMap { ClientAddress($0, length: length) }
            return server.connections.admits(client, limit: server.configuration.connectionLimit,
                                             perAddress: server.configuration.maximumConnectionsPerAddress)
                ? .YES : .NO
        }
    }

    /// A connection opened or closed: counts it, and marks one opened beyond the limit (see ``ConnectionCensus``).
    static let connectionCallback: MHD_NotifyConnectionCallback = { cls, connection, slot, code in
        guard let cls, let connection, let slot else { return }
        withServer(cls) { server, worker in
            // MHD_CONNECTION_NOTIFY_STARTED (0); the other code is MHD_CONNECTION_NOTIFY_CLOSED.
            if code.rawValue == 0 {
                server.connections.opened(
                    connection, slot: slot, limit: server.configuration.maximumConnections,
                    refusing: server.isStopping.load(ordering: .relaxed), worker: worker)
            } else {
                server.connections.closed(connection, slot: slot)
            }
        }
    }

    /// Leaves escapes alone: the router decodes path segments itself, strictly, so that `%2F` and `%00`
    /// stay visible to it and a malformed escape can be answered with 400.
    static let keepEscapesCallback: cmhd_unescape_callback = { _, _, string in
        strlen(string!)
    }

    /// The framing of the request whose headers just arrived (see ``RequestFraming``), from every field of its
    /// head and the head's bytes (see ``ReceivedHead``), refused as well for a head that breaks
    /// ``RequestHeadRules``; and those fields, which the request then carries.
    static func framing(
        of connection: OpaquePointer,
        method: UnsafePointer<CChar>,
        url: UnsafePointer<CChar>?,
        targetLength: Int,
        version: UnsafePointer<CChar>?,
        maximumBodySize: Int
    ) -> (RequestFraming, HTTPHeaders) {
        let head = UnsafeRawBufferPointer(start: method, count: cmhd_request_header_size(connection))
        // The fields lie in the head, and most heads have fewer than 16 fields: one allocation each.
        var collected = CollectedFields(base: UnsafeRawPointer(method), count: head.count,
                                        headers: HTTPHeaders(copying: head, reservingFields: 16))
        collected.spans.reserveCapacity(16)
        withUnsafeMutablePointer(to: &collected) { pointer in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, collectFieldCallback, pointer)
        }
        let version = version.map(httpVersion(token:)) ?? ""
        let targetOffset = url.map { UnsafeRawPointer($0) - UnsafeRawPointer(method) } ?? 0
        // A head whose request line cannot be found in it counts as unlisted content: refused, never let through.
        let lineEnd = ReceivedHead.requestLineEnd(
            in: head, targetOffset: targetOffset, targetLength: targetLength, version: version)
        let unlisted = lineEnd.map {
            ReceivedHead.hasUnlistedContent(head, requestLineEnd: $0, fields: collected.spans)
        } ?? true
        var framing = RequestFraming.decide(
            version: version, headers: collected.headers, hasUnlistedLines: unlisted, maximumBodySize: maximumBodySize)
        if case .refused = framing {
        } else if let violation = RequestHeadRules.violation(
            version: version, headers: collected.headers,
            absoluteTarget: url.flatMap { $0.pointee == CChar(UInt8(ascii: "/")) ? nil : String(cString: $0) })
        {
            framing = .refused(violation)
        }
        return (framing, collected.headers)
    }

    /// The version libmicrohttpd read (NUL-terminated); the usual two are string literals, which cost no decoding and
    /// no string storage.
    private static func httpVersion(token: UnsafePointer<CChar>) -> String {
        let bytes = UnsafeRawBufferPointer(start: token, count: strlen(token))
        if bytes.hasSameBytes(as: "HTTP/1.1") { return "HTTP/1.1" }
        if bytes.hasSameBytes(as: "HTTP/1.0") { return "HTTP/1.0" }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The fields of a head and where each lies relative to the head's first byte.
    private struct CollectedFields {
        let base: UnsafeRawPointer
        /// The head's length from `base`.
        let count: Int
        var headers: HTTPHeaders
        var spans: [Range<Int>] = []
    }

    private static let collectFieldCallback: MHD_KeyValueIteratorN = { cls, _, key, keySize, value, valueSize in
        guard let collected = cls?.assumingMemoryBound(to: CollectedFields.self), let key else { return .YES }
        let base = collected.pointee.base, count = collected.pointee.count
        let name = UnsafeRawPointer(key) - base..<UnsafeRawPointer(key) - base + keySize
        let valueAt = value.map { UnsafeRawPointer($0) - base..<UnsafeRawPointer($0) - base + valueSize }
            ?? name.upperBound..<name.upperBound
        let inHead = { (range: Range<Int>) in range.lowerBound >= 0 && range.upperBound <= count }
        if inHead(name), inHead(valueAt) {
            collected.pointee.headers.add(nameAt: name, valueAt: valueAt)
        } else {
            // A field libmicrohttpd keeps elsewhere (a folded line's merged copy).
            collected.pointee.headers.add(
                name: UnsafeRawBufferPointer(start: key, count: keySize),
                value: UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueSize))
        }
        if valueAt.upperBound >= name.lowerBound {
            collected.pointee.spans.append(name.lowerBound..<valueAt.upperBound)
        }
        return .YES
    }
}
