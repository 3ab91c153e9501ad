import Foundation
@testable import TableviewApp

/// A fresh folder under the system's temporary folder for one test, removed when the value is released.
final class ScratchFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "TableviewAppTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The absolute path of `name` in the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `contents` to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ contents: String) throws -> String {
        try Data(contents.utf8).write(to: URL(fileURLWithPath: file(name)))
        return file(name)
    }

    /// The text of `name`, or nil when there is no such file.
    func read(_ name: String) -> String? {
        // FileHandle rather than FileManager.contents(atPath:), which leaks a buffer on empty files (ASan).
        guard let handle = FileHandle(forReadingAtPath: file(name)) else { return nil }
        defer { try? handle.close() }
        return String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
    }

    /// The names in the folder, sorted.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}

/// Serve options for a test: the given tables, the project's templates and public files, a free port, no access
/// log, and the database `tables.sqlite` in `folder`.
func persistentOptions(in folder: ScratchFolder, tables: String = Fixtures.tables) throws -> ServeOptions {
    var options = ServeOptions()
    options.port = 0
    options.quiet = true
    options.tablesFile = try folder.write("tables.json", tables)
    options.templatesDirectory = ProjectPaths.templates
    options.publicDirectory = ProjectPaths.publicFiles
    options.database = folder.file("tables.sqlite")
    return options
}

extension ServeOptions {
    /// The `tableview serve` arguments that give these options (those the tests set).
    var commandLine: [String] {
        var arguments = ["serve", "--port", String(port)]
        if quiet { arguments.append("--quiet") }
        for (option, value) in [("--tables", tablesFile), ("--templates", templatesDirectory),
                                ("--public", publicDirectory), ("--database", database), ("--state-file", stateFile)] {
            if let value { arguments += [option, value] }
        }
        return arguments
    }
}
