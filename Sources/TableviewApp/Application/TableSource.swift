import TableModel
#if canImport(Glibc)
import Glibc
#endif

/// Where the tables come from: a `--tables` file, or the built-in demo.
enum TableSource {
    /// The tables of `path`, or the demo when `path` is nil. Throws ``StartupError`` naming every problem.
    static func load(_ path: String?) throws(StartupError) -> TableCatalog {
        guard let path else {
            // The demo is part of the program; its definition is checked by the tests.
            return try! DefinitionLoader.load(DemoTables.json).get()
        }
        let bytes = try read(path)
        switch DefinitionLoader.load(bytes) {
        case .success(let catalog): return catalog
        case .failure(let problems): throw .tables(path: path, problems)
        }
    }

    /// The most a tables file may hold: a 100,000-row table is about 6 MiB of JSON.
    static let sizeLimit = 64 * 1024 * 1024

    /// The bytes of the file at `path`, a regular file of at most `limit` bytes (see ``RegularFile``).
    static func read(_ path: String, limit: Int = sizeLimit) throws(StartupError) -> [UInt8] {
        do {
            return try RegularFile.read(path, limit: limit)
        } catch {
            throw .tablesFile(path: path, reason: error.description)
        }
    }
}
