import TableModel
import TableRendering
import Testing
import XMLInspection

/// A rendered page that matched its snapshot, parsed with libxml2's strict XML parser and checked against the
/// generic page contract (`PageContract`); tests ask it their own XPath questions.
///
/// Each distinct page is snapshotted once: a further test of the same page passes `snapshot: false`. A page made
/// from a state is rendered in every UI language: each language's page has its snapshot (`name.1.html`,
/// `name.1.ja.html`) and keeps the contract in its own words; the test asks its questions of the English one.
struct CheckedPage {
    let document: XMLDocument

    /// Checks `html`: it must equal the test's next snapshot, parse as XML and keep the page contract.
    init(
        _ html: [UInt8],
        snapshot: Bool = true,
        language: UILanguage = .en,
        filePath: String = #filePath,
        function: String = #function,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        if snapshot {
            Snapshot.assertMatches(html, language: language == .en ? nil : language.rawValue, filePath: filePath,
                                   function: function, sourceLocation: sourceLocation)
        }
        document = try XMLDocument(parsing: html)
        let violations = PageContract.violations(in: document)
        #expect(violations.isEmpty, "page contract: \(violations.joined(separator: "\n"))",
                sourceLocation: sourceLocation)
    }

    /// The page of `state` with the fixed CSRF placeholder, checked.
    init(
        _ state: TableState,
        message: PageMessage? = nil,
        justExpanded: Set<String> = [],
        showsIndexLink: Bool = false,
        windowing: RowWindowing = RowWindowing(),
        focus: WindowFocus? = nil,
        find: FindResults? = nil,
        snapshot: Bool = true,
        filePath: String = #filePath,
        function: String = #function,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let renderer = try Fixtures.renderer(for: [state.definition])
        var pages: [CheckedPage] = []
        for language in UILanguage.allCases {
            // Rendered twice: the first render records the rows (constant contexts, docs/DESIGN.md) with another
            // token, the second replays them with the placeholder spliced in; both must give the same page.
            let recordingToken = "RECORDING-TOKEN-000000"
            var recorded: [UInt8] = []
            try renderer.renderTable(state, csrf: recordingToken, message: message, justExpanded: justExpanded,
                                     showsIndexLink: showsIndexLink, windowing: windowing, focus: focus,
                                     find: find, language: language, into: &recorded)
            var html: [UInt8] = []
            try renderer.renderTable(state, csrf: RenderCommand.csrfPlaceholder, message: message,
                                     justExpanded: justExpanded, showsIndexLink: showsIndexLink, windowing: windowing,
                                     focus: focus, find: find, language: language, into: &html)
            let replayed = String(decoding: recorded, as: UTF8.self)
                .replacing(recordingToken, with: RenderCommand.csrfPlaceholder)
            #expect(replayed == String(decoding: html, as: UTF8.self),
                    "the replayed page differs from the recorded one", sourceLocation: sourceLocation)
            pages.append(try CheckedPage(html, snapshot: snapshot, language: language, filePath: filePath,
                                         function: function, sourceLocation: sourceLocation))
        }
        self = pages[0]
    }

    /// The nodes an XPath expression selects.
    func nodes(_ xpath: String) throws -> [XMLNode] {
        try document.nodes(matching: xpath)
    }

    /// The accessible names of the elements an XPath expression selects.
    func names(_ xpath: String) throws -> [String] {
        try nodes(xpath).map(\.accessibleName)
    }

    /// The values of one attribute of the elements an XPath expression selects.
    func values(_ attribute: String, of xpath: String) throws -> [String?] {
        try nodes(xpath).map { $0.attribute(attribute) }
    }

    /// `[@class ~= name]`, for XPath predicates.
    static func hasClass(_ name: String) -> String {
        "contains(concat(' ', normalize-space(@class), ' '), ' \(name) ')"
    }
}
