import HTTPServer

/// libFuzzer target `form-decoder`: form bodies and request targets.
///
/// The input is a form body for `URLEncodedForm(decoding:)` (strict, as POST bodies are read) and for
/// `URLEncodedForm(decodingLeniently:)` (as query strings are read), then a request target for `Request` and the
/// router, whose path decoding is strict too. Neither may crash; and whenever the strict decoder accepts a body,
/// the lenient one must read exactly the same pairs, since the two differ only in how they treat bad input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let lenient = URLEncodedForm(decodingLeniently: bytes)
    if let strict = try? URLEncodedForm(decoding: bytes) {
        if strict != lenient {
            preconditionFailure("strict and lenient decoders disagree: \(strict.fields) vs \(lenient.fields)")
        }
        for field in strict where strict[field.name] == nil {
            preconditionFailure("a decoded name cannot be looked up: \(field.name)")
        }
    }
    let request = Request(method: .get, target: "/" + String(decoding: bytes, as: UTF8.self))
    _ = request.query.fields.count
    _ = try? FormFuzzing.router.respond(to: request)
    return 0
}

/// A router with the shapes of the app's routes: literal, parameter and catch-all segments.
enum FormFuzzing {
    static let router: Router = {
        var router = Router()
        let answer: RouteHandler = { _, parameters in .text(parameters["table"] ?? parameters["row"] ?? "") }
        try! router.get("/tables/{table}", use: answer)
        try! router.post("/tables/{table}/rows/{row}/select", use: answer)
        try! router.get("/static/**", use: answer)
        return router
    }()
}
