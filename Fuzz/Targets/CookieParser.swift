import HTTPServer

/// libFuzzer target `cookie-parser`: `Cookies(headerValues:)` on arbitrary header values.
///
/// The input, read as UTF-8 (invalid bytes become U+FFFD, as the server reads header bytes), is split on line
/// feeds into several `Cookie` header values. Parsing must not crash, and what it returns must keep the parser's
/// promises, checked by Unicode scalar: names are non-empty and trimmed, no name holds `=` and no name or value
/// holds `;`, and looking a name up returns the first cookie of that name.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCookieParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let values = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let cookies = Cookies(headerValues: values)
    var firstValues: [String: String] = [:]
    for cookie in cookies {
        let name = cookie.name.unicodeScalars
        if name.isEmpty || name.first == " " || name.first == "\t" || name.last == " " || name.last == "\t" {
            preconditionFailure("cookie name not trimmed: \(cookie.name.debugDescription)")
        }
        if name.contains("=") || name.contains(";") || cookie.value.unicodeScalars.contains(";") {
            preconditionFailure("cookie holds a separator: \(cookie.name.debugDescription)")
        }
        if firstValues[cookie.name] == nil { firstValues[cookie.name] = cookie.value }
    }
    for (name, value) in firstValues where cookies[name] != value {
        preconditionFailure("lookup of \(name.debugDescription) does not return its first value")
    }
    return 0
}
