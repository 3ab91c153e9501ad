import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// `http-bench --page FILE [--host HOST] [--port PORT] [--threads N]`: serves one page, read once into memory,
/// at `/` through the whole HTTP layer (router, response, default headers) with the access log off, so `wrk`
/// measures that layer. Prints `listening on http://HOST:PORT/` first; runs until killed.
enum HTTPBench {
    static func main(_ arguments: [String]) -> Never {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.accessLog = nil
        var pagePath: String?
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            guard let value = remaining.popFirst() else { fail("\(option) needs a value") }
            switch option {
            case "--page": pagePath = value
            case "--host": configuration.host = value
            case "--port": configuration.port = Int(value) ?? -1
            case "--threads": configuration.threadCount = Int(value) ?? 0
            default: fail("unknown option \(option)")
            }
        }
        guard let pagePath, let page = readFile(pagePath) else { fail("--page FILE is required and must be readable") }

        let response = Response(status: .ok, headers: ["Content-Type": "text/html; charset=utf-8"], body: page)
        var router = Router()
        do {
            try router.get("/") { _, _ in response }
            let server = HTTPServer(configuration: configuration, responder: router)
            try server.start()
            writeLine("listening on http://\(configuration.host):\(server.port ?? 0)/", to: STDOUT_FILENO)
        } catch {
            fail("\(error)")
        }
        while true { pause() }
    }

    private static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes.append(contentsOf: buffer[..<count])
        }
        return bytes
    }

    private static func fail(_ message: String) -> Never {
        writeLine("http-bench: \(message)", to: STDERR_FILENO)
        exit(2)
    }

    /// One unbuffered write, so the script reading the pipe sees the line at once.
    private static func writeLine(_ line: String, to descriptor: Int32) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
    }
}
