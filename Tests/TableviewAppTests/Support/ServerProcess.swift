import Foundation
import Testing

/// The real `tableview` executable serving on a free port, for tests that must signal or kill a process.
final class ServerProcess {
    let process = Process()
    /// The port from the "listening on" line.
    private(set) var port = 0
    private let standardError = Pipe()

    /// The executable beside the test bundle (`swift build` and `swift test` put both in the same folder).
    static var executable: String {
        let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        var folder = URL(fileURLWithPath: testBinary).deletingLastPathComponent()
        // On Linux the tests run from `.build/<configuration>/<package>PackageTests.xctest` itself.
        if folder.lastPathComponent.hasSuffix(".xctest") { folder.deleteLastPathComponent() }
        return folder.appendingPathComponent("tableview").path
    }

    /// Starts `tableview` with `arguments` and waits (up to 30 s) for its "listening on" line.
    init(arguments: [String]) throws {
        let executable = Self.executable
        try #require(FileManager.default.isExecutableFile(atPath: executable),
                     "no tableview executable at \(executable): run swift build first")
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = standardError
        try process.run()
        let line = try Self.firstLine(of: output.fileHandleForReading, timeout: 30)
        let port = line.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) }
        guard line.hasPrefix("listening on "), let port else {
            process.terminate()
            Issue.record("tableview did not start: \(line) \(errorText())")
            throw ServerProcessError.didNotStart
        }
        self.port = port
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Sends `signal` and waits for the process to end; returns its exit status (or the signal that ended it).
    @discardableResult
    func stop(with signal: Int32) -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// What the process wrote on standard error; call it once the process has ended.
    func errorText() -> String {
        String(decoding: standardError.fileHandleForReading.availableData, as: UTF8.self)
    }

    private static func firstLine(of handle: FileHandle, timeout: Double) throws -> String {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while !bytes.contains(UInt8(ascii: "\n")) && Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { break }  // the process ended
            bytes += chunk
        }
        return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }
}

enum ServerProcessError: Error {
    case didNotStart
}
