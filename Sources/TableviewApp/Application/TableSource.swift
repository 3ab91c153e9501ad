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

    /// The bytes of the file at `path`.
    static func read(_ path: String) throws(StartupError) -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw .tablesFile(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count > 0 { bytes.append(contentsOf: chunk[..<count]) }
            if count < chunk.count {
                if ferror(file) != 0 { throw .tablesFile(path: path, reason: String(cString: strerror(errno))) }
                return bytes
            }
        }
    }
}
