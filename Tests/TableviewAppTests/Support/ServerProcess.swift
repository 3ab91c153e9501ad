import Foundation
import Testing

/// The real `tableview` executable serving on a free port, for tests that must signal or kill a process.
final class ServerProcess {
    let process = Process()
    /// The port from the "listening on" line.
    private(set) var port = 0
    /// The "listening on" line.
    private(set) var firstLine = ""
    /// Standard output after the first line, for tests that read more of it.
    let standardOutput = Pipe()
    private let standardError = Pipe()
    /// Where standard error goes instead of the pipe, so a test can read it while the process runs.
    private let standardErrorFile: String?

    /// The executable beside the test bundle (`swift build` and `swift test` put both in the same folder).
    static var executable: String {
        let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        var folder = URL(fileURLWithPath: testBinary).deletingLastPathComponent()
        // On Linux the tests run from `.build/<configuration>/<package>PackageTests.xctest` itself.
        if folder.lastPathComponent.hasSuffix(".xctest") { folder.deleteLastPathComponent() }
        return folder.appendingPathComponent("tableview").path
    }

    /// Starts `tableview` with `arguments` and waits (up to 30 s) for its "listening on" line. With
    /// `standardErrorFile`, standard error goes to that file (``errorText()`` reads it at any time).
    init(arguments: [String], standardErrorFile: String? = nil) throws {
        let executable = Self.executable
        try #require(FileManager.default.isExecutableFile(atPath: executable),
                     "no tableview executable at \(executable): run swift build first")
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = standardOutput
        self.standardErrorFile = standardErrorFile
        if let standardErrorFile {
            _ = FileManager.default.createFile(atPath: standardErrorFile, contents: nil)
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: standardErrorFile))
        } else {
            process.standardError = standardError
        }
        try process.run()
        let line = nextLine(timeout: 30) ?? ""
        let port = line.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) }
        guard line.hasPrefix("listening on "), let port else {
            process.terminate()
            Issue.record("tableview did not start: \(line) \(errorText())")
            throw ServerProcessError.didNotStart
        }
        self.port = port
        firstLine = line
    }

    /// Runs `tableview` with `arguments` to its end (a command, or a server that fails to start) and returns its
    /// exit status and what it wrote.
    static func run(_ arguments: [String], in directory: String? = nil) throws
        -> (status: Int32, standardOutput: String, standardError: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both before waiting, so that a long output cannot fill a pipe and stall the process.
        let errorReader = DispatchQueue.global()
        nonisolated(unsafe) var errorBytes = Data()
        let group = DispatchGroup()
        errorReader.async(group: group) { errorBytes = errors.fileHandleForReading.readDataToEndOfFile() }
        let outputBytes = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputBytes, as: UTF8.self),
                String(decoding: errorBytes, as: UTF8.self))
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

    /// What the process wrote on standard error; call it once the process has ended, or at any time when standard
    /// error goes to a file.
    func errorText() -> String {
        if let standardErrorFile {
            return (try? String(contentsOfFile: standardErrorFile, encoding: .utf8)) ?? ""
        }
        return String(decoding: standardError.fileHandleForReading.availableData, as: UTF8.self)
    }

    /// Waits up to `timeout` seconds until standard error (sent to a file) holds `text`; whether it did.
    func waitForError(containing text: String, timeout: Double = 15) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if errorText().contains(text) { return true }
            usleep(20_000)
        }
        return errorText().contains(text)
    }

    /// Standard output read so far and not yet returned as a line.
    private var unreadOutput: [UInt8] = []

    /// The next line of standard output (without its line feed), waiting up to `timeout` seconds; nil when the
    /// output ended or the time ran out first.
    func nextLine(timeout: Double = 10) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while !unreadOutput.contains(UInt8(ascii: "\n")) && Date() < deadline {
            let chunk = standardOutput.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }  // the process ended
            unreadOutput += chunk
        }
        guard let end = unreadOutput.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        defer { unreadOutput.removeFirst(end + 1) }
        return String(decoding: unreadOutput[..<end], as: UTF8.self)
    }
}

enum ServerProcessError: Error {
    case didNotStart
}
