import TableModel
import TableRendering

/// Parses the command line into a ``Command``. Pure: it reads nothing but its arguments, so tests can call it.
///
/// Options take their value as the next argument or after `=` (`--port 0`, `--port=0`); each may appear once.
/// `--help` anywhere asks for the usage. New subcommands add a case to ``Command`` and a branch here.
public enum CommandParser {
    /// The command for `arguments`, which exclude the program name.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else {
            throw UsageError("missing command")
        }
        switch first {
        case "--help", "-h", "help":
            return .help
        case "--version":
            guard arguments.count == 1 else { throw UsageError("--version takes no arguments") }
            return .version
        case "serve":
            var scanner = ArgumentScanner(arguments.dropFirst())
            return try parseServe(&scanner)
        case "render":
            var scanner = ArgumentScanner(arguments.dropFirst(), repeatable: ["--apply"])
            return try parseRender(&scanner)
        case "check":
            let rest = Array(arguments.dropFirst())
            if rest.contains("--help") || rest.contains("-h") { return .help }
            guard !rest.isEmpty else { throw UsageError("check needs at least one FILE") }
            if let bad = rest.first(where: { $0.isEmpty || $0.hasPrefix("-") }) {
                throw UsageError(bad.isEmpty ? "check needs file names, not an empty argument"
                    : "unknown option \(bad) for check")
            }
            return .check(paths: rest)
        default:
            throw UsageError(first.hasPrefix("-") ? "unknown option \(first)" : "unknown command \(first)")
        }
    }

    private static func parseServe(_ scanner: inout ArgumentScanner) throws(UsageError) -> Command {
        var options = ServeOptions()
        var namesSync = false
        var (windowThreshold, windowSize) = (options.windowing.threshold, options.windowing.size)
        var pageRows: Int?
        while let option = try scanner.nextOption() {
            switch option {
            case "--help", "-h":
                return .help
            case "--host":
                options.host = try scanner.value(of: option)
                guard !options.host.isEmpty else { throw UsageError("--host needs a host name or address") }
            case "--port":
                let text = try scanner.value(of: option)
                guard let port = Int(text), (0...65535).contains(port) else {
                    throw UsageError("--port needs a number from 0 to 65535, not \(text)")
                }
                options.port = port
            case "--tables":
                options.tablesFile = try scanner.nonEmptyValue(of: option)
            case "--max-sessions":
                options.maxSessions = try scanner.positiveInteger(of: option)
            case "--session-ttl":
                options.sessionTTL = try scanner.positiveInteger(of: option)
            case "--public":
                options.publicDirectory = try scanner.nonEmptyValue(of: option)
            case "--templates":
                options.templatesDirectory = try scanner.nonEmptyValue(of: option)
            case "--quiet":
                try scanner.flag(option)
                options.quiet = true
            case "--database":
                options.database = try scanner.nonEmptyValue(of: option)
            case "--database-sync":
                let text = try scanner.nonEmptyValue(of: option)
                guard let sync = DatabaseSync(rawValue: text) else {
                    throw UsageError("--database-sync needs normal or full, not \(text)")
                }
                options.databaseSync = sync
                namesSync = true
            case "--state-file":
                options.stateFile = try scanner.nonEmptyValue(of: option)
            case "--save-interval":
                // Earlier versions saved at an interval; every change is committed as it is answered now.
                _ = try scanner.positiveInteger(of: option)
            case "--tls-cert":
                options.tlsCertificateFile = try scanner.nonEmptyValue(of: option)
            case "--tls-key":
                options.tlsKeyFile = try scanner.nonEmptyValue(of: option)
            case "--tls-priority":
                options.tlsPriorities = try scanner.nonEmptyValue(of: option)
            case "--origin":
                let text = try scanner.nonEmptyValue(of: option)
                guard let origin = SiteOrigin.normalized(text) else {
                    throw UsageError("--origin needs an origin such as https://tables.example.lan "
                        + "(http or https, a host, an optional port, no path), not \(text)")
                }
                options.origin = origin
            case "--language":
                options.language = try scanner.language(of: option)
            case "--max-section-rows":
                windowThreshold = try scanner.positiveInteger(of: option)
                guard windowThreshold >= RowWindowing.minimumThreshold else {
                    throw UsageError("--max-section-rows needs at least \(RowWindowing.minimumThreshold) "
                        + "(a section of that many rows is shown whole), not \(windowThreshold)")
                }
            case "--window-rows":
                windowSize = try scanner.positiveInteger(of: option)
            case "--max-page-rows":
                pageRows = try scanner.positiveInteger(of: option)
            default:
                throw UsageError("unknown option \(option) for serve")
            }
        }
        if namesSync && options.databasePath == nil {
            throw UsageError("--database-sync needs --database")
        }
        if (options.tlsCertificateFile == nil) != (options.tlsKeyFile == nil) {
            throw UsageError(options.tlsKeyFile == nil ? "--tls-cert needs --tls-key" : "--tls-key needs --tls-cert")
        }
        if options.tlsPriorities != nil && options.tlsCertificateFile == nil {
            throw UsageError("--tls-priority needs --tls-cert")
        }
        guard windowSize <= windowThreshold else {
            throw UsageError("--window-rows (\(windowSize)) must not exceed --max-section-rows (\(windowThreshold))")
        }
        if let pageRows, pageRows < windowThreshold {
            throw UsageError("--max-page-rows (\(pageRows)) must be at least --max-section-rows (\(windowThreshold)), "
                + "the rows of a section shown whole")
        }
        options.windowing = RowWindowing(threshold: windowThreshold, size: windowSize, pageRows: pageRows)
        return .serve(options)
    }

    private static func parseRender(_ scanner: inout ArgumentScanner) throws(UsageError) -> Command {
        var options = RenderOptions()
        while let option = try scanner.nextOption() {
            switch option {
            case "--help", "-h":
                return .help
            case "--tables":
                options.tablesFile = try scanner.nonEmptyValue(of: option)
            case "--table":
                options.tableID = try scanner.nonEmptyValue(of: option)
            case "--state":
                options.stateFile = try scanner.nonEmptyValue(of: option)
            case "--templates":
                options.templatesDirectory = try scanner.nonEmptyValue(of: option)
            case "--apply":
                do {
                    options.actions.append(try TableAction(parsing: try scanner.nonEmptyValue(of: option)))
                } catch let error as ActionSyntaxError {
                    throw UsageError("--apply: \(error)")
                } catch {
                    throw error as! UsageError
                }
            case "--language":
                options.language = try scanner.language(of: option)
            default:
                throw UsageError("unknown option \(option) for render")
            }
        }
        guard !options.tableID.isEmpty else { throw UsageError("render needs --table ID") }
        return .render(options)
    }
}

/// Walks `--name value`, `--name=value` and `--flag` arguments, refusing stray words and repeats (except of the
/// options named `repeatable`).
struct ArgumentScanner {
    private var arguments: ArraySlice<String>
    private var inlineValue: String?
    private var seen: Set<String> = []
    private let repeatable: Set<String>

    init(_ arguments: ArraySlice<String>, repeatable: Set<String> = []) {
        self.arguments = arguments
        self.repeatable = repeatable
    }

    /// The next option's name, or nil at the end.
    mutating func nextOption() throws(UsageError) -> String? {
        guard let argument = arguments.popFirst() else { return nil }
        guard argument.hasPrefix("-") else { throw UsageError("unexpected argument \(argument)") }
        var name = argument
        inlineValue = nil
        if let equals = argument.firstIndex(of: "=") {
            name = String(argument[..<equals])
            inlineValue = String(argument[argument.index(after: equals)...])
        }
        guard seen.insert(name).inserted || repeatable.contains(name) else { throw UsageError("\(name) is given twice") }
        return name
    }

    /// The value of the option just read.
    mutating func value(of option: String) throws(UsageError) -> String {
        if let inlineValue {
            self.inlineValue = nil
            return inlineValue
        }
        guard let value = arguments.popFirst() else { throw UsageError("\(option) needs a value") }
        return value
    }

    /// The value of the option just read, which must not be empty.
    mutating func nonEmptyValue(of option: String) throws(UsageError) -> String {
        let value = try value(of: option)
        guard !value.isEmpty else { throw UsageError("\(option) needs a value") }
        return value
    }

    /// The value of the option just read, which must be a whole number from 1 to 1,000,000,000.
    mutating func positiveInteger(of option: String) throws(UsageError) -> Int {
        let text = try value(of: option)
        guard let number = Int(text), (1...1_000_000_000).contains(number) else {
            throw UsageError("\(option) needs a whole number from 1 to 1000000000, not \(text)")
        }
        return number
    }

    /// The value of the option just read, which must name a UI language: `en` or `ja`.
    mutating func language(of option: String) throws(UsageError) -> UILanguage {
        let text = try value(of: option)
        guard let language = UILanguage(rawValue: text) else {
            let names = UILanguage.allCases.map(\.rawValue).joined(separator: " or ")
            throw UsageError("\(option) needs \(names), not \(text.isEmpty ? "an empty value" : text)")
        }
        return language
    }

    /// Checks that the flag just read carries no value.
    func flag(_ option: String) throws(UsageError) {
        guard inlineValue == nil else { throw UsageError("\(option) takes no value") }
    }
}
