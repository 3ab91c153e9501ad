#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where in a template something went wrong: template name, 1-based line and column (in Unicode scalars).
public struct TemplateLocation: Hashable, Sendable, CustomStringConvertible {
    /// The template's name (its path without the extension in a library).
    public var template: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int

    /// Makes a location.
    public init(template: String, line: Int, column: Int) {
        self.template = template
        self.line = line
        self.column = column
    }

    public var description: String { "\(template):\(line):\(column)" }
}

/// Why a template did not parse.
public enum ParseFailure: Hashable, Sendable, CustomStringConvertible {
    /// An opening delimiter without its closing one.
    case unclosedTag
    /// A section, inverted section, parent or block without its `{{/name}}`.
    case unclosedSection(String)
    /// `{{/name}}` closing something other than the innermost open section.
    case mismatchedClose(open: String, close: String)
    /// `{{/name}}` with no section open.
    case unexpectedClose(String)
    /// A set-delimiter tag that is not two non-empty delimiters without whitespace or `=`.
    case invalidDelimiters(String)
    /// A tag without a name, such as `{{}}` or `{{#}}`.
    case emptyTag
    /// A name with whitespace inside, or a dotted name with an empty part (`a..b`).
    case invalidName(String)
    /// Sections, parents and blocks nested deeper than the parser accepts.
    case nestingTooDeep(limit: Int)

    public var description: String {
        switch self {
        case .unclosedTag: "unclosed tag"
        case .unclosedSection(let name): "unclosed section '\(name)'"
        case .mismatchedClose(let open, let close): "closing tag '\(close)' does not match open section '\(open)'"
        case .unexpectedClose(let name): "closing tag '\(name)' without an open section"
        case .invalidDelimiters(let content): "bad set-delimiter tag '\(content)'"
        case .emptyTag: "empty tag"
        case .invalidName(let name): "invalid name '\(name)'"
        case .nestingTooDeep(let limit): "sections nested deeper than \(limit)"
        }
    }
}

/// Errors of the Mustache engine.
public enum MustacheError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A template did not parse.
    case parse(ParseFailure, at: TemplateLocation)
    /// A library has no template of that name.
    case templateNotFound(String)
    /// A template folder or file could not be read (`errno` from the C library).
    case unreadable(path: String, errno: Int32)
    /// A template file is not valid UTF-8.
    case invalidUTF8(path: String)
    /// Partials, parents or sections nested deeper than the renderer accepts, as unbounded recursion would.
    case renderingTooDeep(template: String, limit: Int)

    public var description: String {
        switch self {
        case .parse(let failure, let location): "\(location): \(failure)"
        case .templateNotFound(let name): "no template named '\(name)'"
        case .unreadable(let path, let code): "\(path): cannot read: \(String(cString: strerror(code)))"
        case .invalidUTF8(let path): "\(path): not valid UTF-8"
        case .renderingTooDeep(let template, let limit):
            "\(template): partials and sections nested deeper than \(limit) while rendering"
        }
    }
}
