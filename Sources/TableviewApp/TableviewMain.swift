import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// The `tableview` executable: parses the command line, runs the command, and returns the exit status.
public enum TableviewMain {
    /// Exit status for success.
    public static let success: Int32 = 0
    /// Exit status for a runtime error, such as a port in use.
    public static let runtimeError: Int32 = 1
    /// Exit status for a command line that does not parse.
    public static let usageError: Int32 = 2

    /// Runs the process's command line and exits.
    public static func main() -> Never {
        exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs the command `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        let command: Command
        do {
            command = try CommandParser.parse(arguments)
        } catch {
            writeError("tableview: \(error.message)\n\(Usage.hint)")
            return usageError
        }
        switch command {
        case .help:
            writeOutput(Usage.text)
        case .version:
            writeOutput(Usage.version + "\n")
        case .serve(let options):
            do {
                try Application(options: options).run { url in writeOutput("listening on \(url)\n") }
            } catch {
                writeError("tableview: \(error)")
                return runtimeError
            }
        }
        return success
    }

    /// Writes to standard output unbuffered, so a script reading the pipe sees the line at once.
    private static func writeOutput(_ text: String) {
        writeAll(text, to: STDOUT_FILENO)
    }

    private static func writeError(_ line: String) {
        writeAll(line + "\n", to: STDERR_FILENO)
    }

    private static func writeAll(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
