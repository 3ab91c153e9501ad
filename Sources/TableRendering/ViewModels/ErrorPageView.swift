import Mustache

/// An error page (docs/HTML.md, `ErrorPageView`).
struct ErrorPageView: MustacheContext {
    let status: String
    let message: String
    let advice: String
    let backURL: String
    let backLabel: String

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = Vocabulary.shared
        return switch key {
        case keys.status: .string(status)
        case keys.message: .string(message)
        case keys.advice: .string(advice)
        case keys.backURL: .string(backURL)
        case keys.backLabel: .string(backLabel)
        default: nil
        }
    }

    /// `"404 Not Found"` (「404 見つかりません」): the code and its reason phrase (RFC 9110's, in English), or
    /// `"Error"` for a code the catalogues do not list.
    static func statusLine(_ status: Int, in catalogue: StringCatalogue) -> String {
        let phrase = UIText.statusCodes.contains(status)
            ? catalogue.text(forKey: "error.status.\(status)") : catalogue.text(.statusOther)
        return "\(status) \(phrase)"
    }

    /// What the reader can do about each kind of error.
    static func advice(for status: Int, in catalogue: StringCatalogue) -> String {
        switch status {
        case 400: catalogue.text(.advice400)
        case 403: catalogue.text(.advice403)
        case 404: catalogue.text(.advice404)
        case 405: catalogue.text(.advice405)
        case 413: catalogue.text(.advice413)
        case 415: catalogue.text(.advice415)
        default: catalogue.text(.adviceOther)
        }
    }
}
