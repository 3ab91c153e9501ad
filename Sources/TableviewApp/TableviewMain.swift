import HTTPServer
import TableModel
import TableRendering
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
        case .check(let paths):
            return check(paths)
        case .render(let options):
            return render(options)
        case .serve(let options):
            do {
                let application = Application(options: options)
                try application.run { url, port in
                    writeOutput("listening on \(url)\n")
                    writeOutput(application.localNetworkAnnouncement(port: port, drawsQRCode: isatty(STDOUT_FILENO) == 1))
                }
            } catch {
                writeError("tableview: \(error)")
                return runtimeError
            }
        }
        return success
    }

    /// `tableview check FILE…`: for each file in turn, its summary on standard output or every problem on standard
    /// error, each line naming the file; exit 1 when any file is unreadable or invalid, else 0.
    private static func check(_ paths: [String]) -> Int32 {
        var status = success
        for path in paths {
            let bytes: [UInt8]
            do {
                bytes = try TableSource.read(path)
            } catch {
                writeError("tableview: \(error)")
                status = runtimeError
                continue
            }
            let result = DefinitionLoader.check(bytes, file: path)
            if result.isValid { writeOutput(result.output + "\n") } else { writeError(result.output) }
            if !result.isValid { status = runtimeError }
            if result.isValid, case .success(let catalog) = DefinitionLoader.load(bytes) {
                for warning in windowingWarnings(catalog) { writeError("\(path): warning: \(warning)") }
            }
        }
        return status
    }

    /// What `check` says of tables too long for one page under the default windowing (SPEC §10 "Huge tables"):
    /// they are served, in pages or windows, which a reader may not expect.
    static func windowingWarnings(_ catalog: TableCatalog) -> [String] {
        let windowing = RowWindowing()
        return catalog.tables.compactMap { table in
            // Every section open: the most pages a reader can meet.
            let shown = table.sections.map { windowing.shownRows(count: $0.rows.count, isExpanded: true) }
            let pages = (windowing.pages(ofShownRows: shown).max() ?? 0) + 1
            let long = table.sections.filter { $0.rows.count > windowing.threshold }
            guard pages > 1 || !long.isEmpty else { return nil }
            var parts: [String] = []
            if !long.isEmpty {
                parts.append("\(long.count) section(s) of more than \(windowing.threshold) rows show in windows of "
                    + "\(windowing.size) (--max-section-rows, --window-rows)")
            }
            if pages > 1 {
                parts.append("its sections' rows spread over \(pages) pages of at most \(windowing.pageRows) rows "
                    + "(--max-page-rows), each page listing every section's header")
            }
            return "table \"\(table.id)\": " + parts.joined(separator: "; ")
        }
    }

    /// `tableview render …`: the page on standard output, or the problems on standard error and exit 1.
    private static func render(_ options: RenderOptions) -> Int32 {
        do {
            let catalog = try TableSource.load(options.tablesFile)
            let state = try options.stateFile.map { path throws(StartupError) in try TableSource.read(path) }
            let renderer = try TemplateSource(options.templatesDirectory).renderer(for: catalog.tables)
            let rendered = RenderCommand.render(
                catalog: catalog, tableID: options.tableID, stateJSON: state, actions: options.actions,
                renderer: renderer, language: options.language)
            switch rendered {
            case .success(let page):
                StandardError.writeAll(page, to: STDOUT_FILENO)
                return success
            case .failure(let error):
                writeError("tableview: \(error)")
                return runtimeError
            }
        } catch {
            writeError("tableview: \(error)")
            return runtimeError
        }
    }

    /// Writes to standard output unbuffered, so a script reading the pipe sees the line at once.
    private static func writeOutput(_ text: String) {
        StandardError.writeAll(Array(text.utf8), to: STDOUT_FILENO)
    }

    private static func writeError(_ line: String) {
        StandardError.write(line)
    }
}
