/// Actions written as the server's logs and messages name them (``TableAction/description``), for
/// `tableview render --apply ACTION`: `select row X`, `deselect row X`, `expand section S`, `collapse section S`,
/// `expand all`, `collapse all`, `edit mode M`, `move row X to index N` (or `move row X from index M to index N`),
/// `delete row X`, `restore row X`, `reset` and `undo reset`. Ids may be written bare or quoted (`"bunka"`), as
/// the description writes them; words are separated by spaces.
extension TableAction {
    /// The action `text` names, or why it names none.
    public init(parsing text: String) throws(ActionSyntaxError) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        func id(_ word: String) throws(ActionSyntaxError) -> String {
            let bare = word.count >= 2 && word.hasPrefix("\"") && word.hasSuffix("\"")
                ? String(word.dropFirst().dropLast()) : word
            guard !bare.isEmpty, !bare.contains("\"") else { throw ActionSyntaxError(text, "\(word) is not an id") }
            return bare
        }
        func index(_ word: String) throws(ActionSyntaxError) -> Int {
            guard word.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), word.count <= 9,
                let number = Int(word)
            else { throw ActionSyntaxError(text, "\(word) is not an index (0, 1, 2…)") }
            return number
        }
        // The fixed words of each form with `_` for its arguments, so one table lists the grammar.
        let shape = words.enumerated().map { position, word in
            Self.argumentPositions[words.prefix(2).joined(separator: " "), default: []].contains(position) ? "_" : word
        }.joined(separator: " ")
        let last = words.last ?? ""
        switch shape {
        case "select row _": self = .select(row: try id(last))
        case "deselect row _": self = .deselect(row: try id(last))
        case "expand section _": self = .setExpanded(section: try id(last), expanded: true)
        case "collapse section _": self = .setExpanded(section: try id(last), expanded: false)
        case "expand all": self = .setAllExpanded(true)
        case "collapse all": self = .setAllExpanded(false)
        case "edit mode _":
            guard let mode = EditMode(rawValue: last) else {
                throw ActionSyntaxError(text, "the edit modes are off, all, delete and sort, not \(last)")
            }
            self = .setEditMode(mode)
        case "move row _ to index _":
            self = .move(row: try id(words[2]), toIndex: try index(last))
        case "move row _ from index _ to index _":
            self = .move(row: try id(words[2]), toIndex: try index(last), fromIndex: try index(words[5]))
        case "delete row _": self = .delete(row: try id(last))
        case "restore row _": self = .undoDeletion(row: try id(last))
        case "reset": self = .reset
        case "undo reset": self = .undoReset
        default: throw ActionSyntaxError(text, nil)
        }
    }
}

extension TableAction {
    /// Where each form, known by its first two words, takes its arguments (ids, indices, a mode).
    fileprivate static let argumentPositions: [String: Set<Int>] = [
        "select row": [2], "deselect row": [2], "expand section": [2], "collapse section": [2], "edit mode": [2],
        "move row": [2, 5, 8], "delete row": [2], "restore row": [2],
    ]
}

/// Text that names no ``TableAction``.
public struct ActionSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text as given.
    public let text: String
    /// What is wrong, when one word is; nil when the text matches no form at all.
    public let reason: String?

    init(_ text: String, _ reason: String?) {
        self.text = text
        self.reason = reason
    }

    public var description: String {
        let quoted = TextRules.quoted(text)
        if let reason { return "\(quoted) is not an action: \(reason)" }
        return "\(quoted) is not an action; write one of: select row X, deselect row X, expand section S, "
            + "collapse section S, expand all, collapse all, edit mode M, move row X to index N, delete row X, "
            + "restore row X, reset, undo reset"
    }
}
