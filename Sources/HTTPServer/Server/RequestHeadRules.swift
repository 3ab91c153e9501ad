/// What a request head must keep besides its framing (``RequestFraming``), checked before the application sees it:
/// no field value holds a carriage return (libmicrohttpd keeps a bare CR inside a value, where other HTTP parsers
/// end the line), and the `Host` is one valid ``HostField`` — required on HTTP/1.1 (RFC 9112 §3.2), optional on
/// HTTP/1.0 — since the application names it in `Location`s and compares it with `Origin`.
public enum RequestHeadRules {
    /// The refusal (400) a head with this version and these fields earns, or nil when it keeps the rules.
    public static func violation(version: String, headers: HTTPHeaders) -> HTTPError? {
        var carriageReturn = false, hosts = 0, validHost = true
        headers.forEachField { name, value in
            if value.contains(UInt8(ascii: "\r")) { carriageReturn = true }
            if name.equalsIgnoringASCIICase(hostName) {
                hosts += 1
                // libmicrohttpd keeps the white space after a value, which is not part of it (RFC 9110 §5.5).
                var end = value.count
                while end > 0, value[end - 1] == UInt8(ascii: " ") || value[end - 1] == UInt8(ascii: "\t") { end -= 1 }
                if !HostField.isValid(UnsafeBufferPointer(rebasing: value[..<end])) { validHost = false }
            }
        }
        if carriageReturn {
            return HTTPError(.badRequest, message: "A header field value holds a carriage return.")
        }
        if hosts > 1 {
            return HTTPError(.badRequest, message: "The request has more than one Host field.")
        }
        if !validHost {
            return HTTPError(.badRequest, message: "The request’s Host is not a host name or address with a port.")
        }
        if hosts == 0 && version == "HTTP/1.1" {
            return HTTPError(.badRequest, message: "An HTTP/1.1 request needs a Host field.")
        }
        return nil
    }

    private static var hostName: UnsafeBufferPointer<UInt8> {
        let name: StaticString = "host"
        return UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
    }
}
