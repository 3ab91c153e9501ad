import HTTPServer
import TableModel
import TableRendering

/// The kinds of POST a table page's forms make, one per URL of docs/DESIGN.md.
enum ActionEndpoint: Sendable, CaseIterable {
    case select, deselect, sectionExpansion, tableExpansion, editMode, position, deletion, undo, reset, undoReset
}

/// Why a submitted form is not an action: the request is malformed, answered 400 with this message.
struct MalformedForm: Error, Equatable, Sendable {
    let message: String
}

/// The fields of a submitted form, with the strict lookups action forms need.
///
/// Unknown fields are ignored (the CSRF token travels beside the action's fields); a field the action needs
/// must appear exactly once.
struct FormFields: Sendable {
    let pairs: [NameValuePair]

    /// The fields of a decoded form body or query, as they are (not copied).
    init(_ form: URLEncodedForm) { pairs = form.fields }

    /// Fields gathered from several places (a body and a query).
    init(pairs: [NameValuePair]) { self.pairs = pairs }

    /// The one value of `name`.
    func value(_ name: String) throws(MalformedForm) -> String {
        let values = pairs.lazy.filter { $0.name == name }.map(\.value)
        guard let first = values.first else { throw MalformedForm(message: "The form has no field “\(name)”.") }
        guard values.count == 1 else { throw MalformedForm(message: "The form has the field “\(name)” more than once.") }
        return first
    }

    /// Where the pointer tap that sent the form landed in the window: the `tap.x` and `tap.y` of the page's
    /// `<input type="image" name="tap">`, each once; nil without them or when they are not a window's coordinates.
    var tapPosition: TapPosition? {
        let xs = pairs.filter { $0.name == "tap.x" }, ys = pairs.filter { $0.name == "tap.y" }
        guard xs.count == 1, ys.count == 1 else { return nil }
        return TapPosition(x: xs[0].value, y: ys[0].value)
    }

    /// The one value of `name`, which must be `true` or `false`.
    func flag(_ name: String) throws(MalformedForm) -> Bool {
        switch try value(name) {
        case "true": return true
        case "false": return false
        case let other: throw MalformedForm(message: "The field “\(name)” must be true or false, not \(echo(other)).")
        }
    }

    /// The one value of `name`, which must be a non-negative decimal integer of at most 9 digits.
    func index(_ name: String) throws(MalformedForm) -> Int {
        let text = try value(name)
        guard (1...9).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let number = Int(text)
        else { throw MalformedForm(message: "The field “\(name)” must be a row index such as 0 or 3, not \(echo(text)).") }
        return number
    }
}

extension ActionEndpoint {
    /// The action a form posted to this endpoint asks for. `row` and `section` are the ids in the URL.
    func action(row: String?, section: String?, fields: FormFields) throws(MalformedForm) -> TableAction {
        switch self {
        case .select:
            return .select(row: row ?? "")
        case .deselect:
            return .deselect(row: row ?? "")
        case .sectionExpansion:
            return .setExpanded(section: section ?? "", expanded: try fields.flag("expanded"))
        case .tableExpansion:
            return .setAllExpanded(try fields.flag("expanded"))
        case .editMode:
            let name = try fields.value("mode")
            guard let mode = EditMode(rawValue: name) else {
                throw MalformedForm(message: "The field “mode” must be off, all, delete or sort, not \(echo(name)).")
            }
            return .setEditMode(mode)
        case .position:
            // `from` is the index the page showed: a move from a page the order changed since is refused.
            return .move(row: row ?? "", toIndex: try fields.index("index"), fromIndex: try fields.index("from"))
        case .deletion:
            return .delete(row: row ?? "")
        case .undo:
            return .undoDeletion(row: try fields.value("row"))
        case .reset:
            return .reset
        case .undoReset:
            return .undoReset
        }
    }
}

/// A submitted value quoted for a message: at most 40 Unicode scalars, so neither a huge field nor a letter with
/// thousands of combining marks floods the error page, and nothing an XML page cannot carry (see ``XMLSafeText``).
func echo(_ value: String) -> String {
    "“\(XMLSafeText.echo(value))”"
}
