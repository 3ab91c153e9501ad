import Mustache
import TableModel

/// The string catalogues of every `UILanguage`, loaded from `templates/locales/` and checked together at
/// start-up, so that no page can lack a word:
/// - each language has a file, a flat JSON object of strings (`StringMapLoader`);
/// - a key in one file is in every file (a missing one is an error naming it and the file);
/// - the keys the code formats (`UIText`) and the templates include (`{{>ui/KEY}}`) are there;
/// - an entry has the same placeholders in every language, and those the code fills in; a `{` or `}` outside a
///   placeholder, and an empty entry, are refused.
public struct StringCatalogues: Sendable {
    /// By `UILanguage.index`.
    let catalogues: [StringCatalogue]

    /// The catalogue of `language`.
    public subscript(language: UILanguage) -> StringCatalogue {
        catalogues[language.index]
    }

    /// Loads `DIRECTORY/<language>.json` for every language and checks them; `templateKeys` are the keys the
    /// templates include.
    public static func load(directory: String, templateKeys: Set<String> = []) throws(CatalogueError)
        -> StringCatalogues
    {
        try load(templateKeys: templateKeys) { language throws(CatalogueError) in
            let path = "\(directory)/\(language.rawValue).json"
            do {
                return (path, try TemplateLibrary.companionFile(atPath: path))
            } catch {
                throw CatalogueError(problems: ["\(error)"])
            }
        }
    }

    /// The catalogues given as text, `files[PATH]` for each language's `PATH` (`locales/en.json`), such as the
    /// ones built into the executable; checked as ``load(directory:templateKeys:)`` checks a folder's.
    public static func load(files: [String: String], templateKeys: Set<String> = []) throws(CatalogueError)
        -> StringCatalogues
    {
        try load(templateKeys: templateKeys) { language throws(CatalogueError) in
            let path = "\(PageRenderer.localesFolder)/\(language.rawValue).json"
            guard let text = files[path] else { throw CatalogueError(problems: ["\(path): missing"]) }
            return (path, text)
        }
    }

    /// Reads each language's catalogue with `read` (its path, for problems, and its text) and checks them all.
    private static func load(
        templateKeys: Set<String>, read: (UILanguage) throws(CatalogueError) -> (path: String, text: String)
    ) throws(CatalogueError) -> StringCatalogues {
        var files: [(language: UILanguage, path: String, entries: [(key: String, value: String)])] = []
        var problems: [String] = []
        for language in UILanguage.allCases {
            let (path, text): (String, String)
            do {
                (path, text) = try read(language)
            } catch {
                problems += error.problems
                continue
            }
            switch StringMapLoader.load(Array(text.utf8)) {
            case .success(let entries): files.append((language, path, entries))
            case .failure(let fileProblems): problems += fileProblems.problems.map { "\(path): \($0)" }
            }
        }
        guard problems.isEmpty else { throw CatalogueError(problems: problems) }
        return try checked(files.map { ($0.language, $0.path, $0.entries) }, templateKeys: templateKeys)
    }

    /// Checks entries given per language (`path` names them in problems).
    static func checked(
        _ files: [(language: UILanguage, path: String, entries: [(key: String, value: String)])],
        templateKeys: Set<String>
    ) throws(CatalogueError) -> StringCatalogues {
        var problems: [String] = []
        let maps = files.map { file in
            Dictionary(file.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        let allKeys = Set(maps.flatMap(\.keys))
        let required = Set(UIText.requiredKeys).union(templateKeys)
        let formatted = Dictionary(uniqueKeysWithValues: UIText.allCases.map { ($0.rawValue, $0.placeholders) })
        for (file, map) in zip(files, maps) {
            for key in allKeys.union(required).sorted() {
                guard let value = map[key] else {
                    let why = required.contains(key) ? "the pages need it" : "another language has it"
                    problems.append("\(file.path): missing key \"\(key)\" (\(why))")
                    continue
                }
                problems += entryProblems(value, key: key, path: file.path, expected: formatted[key]
                    ?? placeholders(of: maps[0][key] ?? value))
            }
        }
        guard problems.isEmpty else { throw CatalogueError(problems: problems) }
        return StringCatalogues(catalogues: zip(files, maps).map { file, entries in
            StringCatalogue(language: file.language, entries: entries)
        })
    }

    private static func placeholders(of entry: String) -> Set<String> {
        Set(StringCatalogue.pieces(of: entry).compactMap {
            if case .placeholder(let name) = $0 { name } else { nil }
        })
    }

    private static func entryProblems(_ value: String, key: String, path: String, expected: Set<String>)
        -> [String]
    {
        var problems: [String] = []
        if value.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
            problems.append("\(path): \"\(key)\" must not be empty")
        }
        let pieces = StringCatalogue.pieces(of: value)
        let hasStrayBrace = pieces.contains { piece in
            if case .literal(let text) = piece { text.contains("{") || text.contains("}") } else { false }
        }
        if hasStrayBrace {
            problems.append("\(path): \"\(key)\" has a brace outside a {placeholder}")
        }
        let found = placeholders(of: value)
        if found != expected {
            let list: (Set<String>) -> String = { names in
                names.isEmpty ? "none" : names.sorted().map { "{\($0)}" }.joined(separator: ", ")
            }
            problems.append("\(path): \"\(key)\" has placeholders \(list(found)); expected \(list(expected))")
        }
        return problems
    }
}

/// Why the string catalogues could not be loaded: every problem, each naming the file.
public struct CatalogueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line each.
    public let problems: [String]

    public var description: String {
        problems.joined(separator: "\n")
    }
}
