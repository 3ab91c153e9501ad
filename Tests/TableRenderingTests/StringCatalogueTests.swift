import Foundation
import TableRendering
import Testing

/// The catalogues are checked together at start-up: a key missing in one language, a placeholder that differs,
/// a stray brace, stop the server with a message naming the file and the key.
@Suite struct StringCatalogueTests {
    /// A scratch `locales` folder holding the project's catalogues, changed by `edit` (a dictionary per language).
    private func load(editing edit: (inout [String: [String: String]]) -> Void) throws -> CatalogueError? {
        var files: [String: [String: String]] = [:]
        for language in ["en", "ja"] {
            let url = URL(fileURLWithPath: "\(Fixtures.templatesDirectory)/locales/\(language).json")
            files[language] = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: String]
        }
        edit(&files)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("locales-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (language, entries) in files {
            try JSONSerialization.data(withJSONObject: entries, options: [.sortedKeys])
                .write(to: folder.appendingPathComponent("\(language).json"))
        }
        do {
            _ = try StringCatalogues.load(directory: folder.path, templateKeys: ["reset"])
            return nil
        } catch {
            return error
        }
    }

    @Test func theProjectsCataloguesLoad() throws {
        #expect(try load { _ in } == nil)
    }

    @Test func aKeyMissingInOneLanguageIsNamed() throws {
        let error = try #require(try load { $0["ja"]?["undo"] = nil })
        #expect(error.problems.count == 1)
        #expect(error.problems[0].hasSuffix("/ja.json: missing key \"undo\" (another language has it)"))
    }

    @Test func aKeyTheCodeOrTheTemplatesNeedIsNamed() throws {
        let error = try #require(try load { files in
            files["en"]?["reset"] = nil
            files["ja"]?["reset"] = nil
            files["en"]?["status.deleted"] = nil
            files["ja"]?["status.deleted"] = nil
        })
        #expect(error.problems.map { $0.components(separatedBy: "/").last ?? "" } == [
            "en.json: missing key \"reset\" (the pages need it)",
            "en.json: missing key \"status.deleted\" (the pages need it)",
            "ja.json: missing key \"reset\" (the pages need it)",
            "ja.json: missing key \"status.deleted\" (the pages need it)",
        ])
    }

    @Test func placeholdersMustMatchInEveryLanguage() throws {
        let error = try #require(try load { files in
            files["ja"]?["row.delete"] = "{name}を削除"
            files["ja"]?["status.deleted"] = "削除しました。"
        })
        #expect(error.problems.count == 2)
        #expect(error.problems.contains { $0.hasSuffix(#""row.delete" has placeholders {name}; expected {title}"#) })
        #expect(error.problems.contains { $0.hasSuffix(#""status.deleted" has placeholders none; expected {row}"#) })
    }

    @Test func strayBracesAndEmptyEntriesAreRefused() throws {
        let error = try #require(try load { files in
            files["en"]?["undo"] = "Undo {"
            files["ja"]?["reset"] = " "
        })
        #expect(error.problems.contains { $0.hasSuffix(#""undo" has a brace outside a {placeholder}"#) })
        #expect(error.problems.contains { $0.hasSuffix(#""reset" must not be empty"#) })
    }

    @Test func aMissingOrBrokenFileStopsTheStartUp() throws {
        let renderer = Result { try PageRenderer(templatesDirectory: "/no/such/folder", tables: []) }
        #expect(throws: PageRendererError.self) { try renderer.get() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("locales-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"undo": 1}"#.utf8).write(to: folder.appendingPathComponent("en.json"))
        #expect {
            try StringCatalogues.load(directory: folder.path)
        } throws: { error in
            let problems = (error as? CatalogueError)?.problems ?? []
            return problems.contains { $0.contains("en.json: undo: expected a string, found a number") }
                && problems.contains { $0.contains("ja.json") }
        }
    }
}
