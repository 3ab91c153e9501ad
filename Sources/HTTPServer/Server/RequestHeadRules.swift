/// What a request head must keep besides its framing (``RequestFraming``), checked before the application sees it:
/// no field value holds a carriage return (libmicrohttpd keeps a bare CR inside a value, where other HTTP parsers
/// end the line), and the `Host` is one valid ``HostField`` — required on HTTP/1.1 (RFC 9112 §3.2), optional on
/// HTTP/1.0 — since the application names it in `Location`s and compares it with `Origin`. Only HTTP/1.0 and 1.1 are
/// served (505 for any other version libmicrohttpd lets through, such as `HTTP/1.2`), and a target in absolute form
/// (`http://host/path`, RFC 9112 §3.2.2) must name the host the `Host` field names: its authority is what the request
/// is for, and the application answers for its `Host`.
public enum RequestHeadRules {
    /// The refusal a head with this version, these fields and, when its target is in absolute form, that target
    /// earns (505 for the version, 400 otherwise), or nil when it keeps the rules.
    public static func violation(version: String, headers: HTTPHeaders, absoluteTarget: String? = nil)
        -> HTTPError?
    {
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return HTTPError(.httpVersionNotSupported, message: "Only HTTP/1.0 and HTTP/1.1 are served.")
        }
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
        if let absoluteTarget, !names(absoluteTarget, host: headers["Host"]) {
            return HTTPError(.badRequest, message: "The request’s target names another host than its Host field.")
        }
        return nil
    }

    /// Whether the authority of `target` (`scheme://authority/…`) is `host` (ASCII case ignored, and white space
    /// around the field's value); a target without `://` (`*`, say) is left to the router.
    private static func names(_ target: String, host: String?) -> Bool {
        guard let scheme = target.firstRange(of: "://") else { return true }
        guard let host else { return false }
        let authority = target[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let field = host.drop(while: blank).reversed().drop(while: blank).reversed()
        return authority.lowercased() == String(field).lowercased()
    }

    private static var hostName: UnsafeBufferPointer<UInt8> {
        let name: StaticString = "host"
        return UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
    }
}
