/// The query of a request target while libmicrohttpd parses the request line.
enum TargetQuery {
    /// Counts the parameters of the query of `target` (`length` bytes: the pieces between `&`s after the first
    /// `?`; none without a query), then ends the target right after its `?` in libmicrohttpd's own copy.
    ///
    /// libmicrohttpd would next split the query into a list of arguments in the connection's memory, which the
    /// server never reads (it parses ``Request/rawQuery`` itself): about 200 short parameters (`?a&a&…`) fill
    /// 12 KiB, and libmicrohttpd then answers nothing until the idle timeout. It calls the request-line callback with
    /// the target where it lies in the connection's read buffer, before it splits the query, so a NUL written there
    /// leaves it an empty query (checked with libmicrohttpd 0.9.75); the server keeps its own copy of the target.
    static func countParametersAndHide(in target: UnsafeMutablePointer<CChar>, length: Int) -> Int {
        let bytes = UnsafeMutableRawBufferPointer(start: target, count: length)
        guard let question = bytes.firstIndex(of: UInt8(ascii: "?")) else { return 0 }
        var parameters = 1
        for byte in bytes[(question + 1)...] where byte == UInt8(ascii: "&") { parameters += 1 }
        if question + 1 < length { bytes[question + 1] = 0 }
        return parameters
    }
}
