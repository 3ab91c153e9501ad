/// A language the UI speaks: its words (control names, counts, messages, error pages, the index) come from the
/// string catalogue `templates/locales/<rawValue>.json`.
public enum UILanguage: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case en
    case ja

    /// The language's BCP 47 tag, as `<html lang>` carries it.
    public var tag: String { rawValue }

    /// Its position in `allCases`, for tables of prepared texts indexed by language.
    var index: Int {
        switch self {
        case .en: 0
        case .ja: 1
        }
    }

    public var description: String { rawValue }
}
