import Mustache
import Testing

/// An immutable view model, as a constant context would be made once and rendered on every page.
private struct Item: MustacheContext, Sendable {
    enum Keys {
        static let name = MustacheKey("name")
        static let flag = MustacheKey("flag")
        static let number = MustacheKey("number")
    }

    var name: String
    var flag: Bool
    var number: Int

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        switch key {
        case Keys.name: .string(name)
        case Keys.flag: .bool(flag)
        case Keys.number: .int(number)
        default: nil
        }
    }
}

private let items = [
    Item(name: "Cod & chips", flag: true, number: 1),
    Item(name: "Halloumi", flag: false, number: 2),
]

/// A page around the items: the same items, as constants made once or as ordinary contexts.
private func page(_ outer: [String: MustacheValue], constants: [MustacheValue]?) -> MustacheValue {
    var page = outer
    page["items"] = .list(constants ?? items.map { .context($0) })
    return .context(page)
}

struct ConstantContextTests {
    /// Renders `templates` (the first is the page) for each of `outers` in turn, with the items as constant
    /// contexts made once, as ordinary contexts, and as both borrowed (`MustacheValue.borrowed`, held by the arrays
    /// here meanwhile), twice over, and expects the same bytes every time.
    private func expectSameAsContexts(_ templates: [String: String], outers: [[String: MustacheValue]])
        throws
    {
        let library = try TemplateLibrary(templates: templates)
        let constants = items.map { MustacheValue.constant($0) }
        let contexts = items.map { MustacheValue.context($0) }
        for _ in 0..<2 {
            for outer in outers {
                let expected = try library.render("page", value: page(outer, constants: nil))
                for (kind, values) in [("constants", constants), ("borrowed constants", constants.map(\.borrowed)),
                                       ("borrowed contexts", contexts.map(\.borrowed))] {
                    let actual = try library.render("page", value: page(outer, constants: values))
                    #expect(actual == expected, "\(kind), outer values \(outer)")
                }
            }
        }
        withExtendedLifetime((constants, contexts)) {}
    }

    @Test func itemsRenderAsOrdinaryContexts() throws {
        try expectSameAsContexts(
            ["page": "{{#items}}<li>{{name}} {{{name}}} {{number}}{{#flag}} yes{{/flag}}{{^flag}} no{{/flag}}</li>\n"
                + "{{/items}}"],
            outers: [[:]]
        )
    }

    @Test func outerVariablesAreLookedUpOnEveryRender() throws {
        try expectSameAsContexts(
            ["page": "{{#items}}<form value=\"{{csrf}}\">{{name}}</form>{{/items}}"],
            outers: [["csrf": "one"], ["csrf": "two<"], ["csrf": 3]]
        )
    }

    @Test func anOuterValueThatBecomesEmptyOrMissingRendersTheBodyAnew() throws {
        try expectSameAsContexts(
            ["page": "{{#items}}[{{csrf}}]{{/items}}"],
            outers: [["csrf": "one"], ["csrf": ""], [:], ["csrf": .null], ["csrf": "two"]]
        )
    }

    @Test func anOuterSectionThatChangesRendersTheBodyAnew() throws {
        try expectSameAsContexts(
            ["page": "{{#items}}{{#lang}} lang=\"{{.}}\"{{/lang}}{{^lang}} none{{/lang}} {{name}}|{{/items}}"],
            outers: [["lang": "ja"], ["lang": "en"], ["lang": false], [:], ["lang": 0], ["lang": 0.0],
                     ["lang": -0.0], ["lang": "ja"]]
        )
    }

    @Test func anOuterContextOrListInASectionRendersTheBodyAsUsual() throws {
        try expectSameAsContexts(
            ["page": "{{#items}}{{#outer}}{{csrf}}{{/outer}}{{#list}}{{.}}{{/list}}{{/items}}"],
            outers: [["outer": ["csrf": "a"], "list": [1, 2]], ["outer": ["csrf": "b"], "list": [3]]]
        )
    }

    @Test func dottedAndDynamicNamesFromOutside() throws {
        try expectSameAsContexts(
            [
                "page": "{{#items}}{{user.name}}:{{>*which}}{{/items}}",
                "a": "A{{name}}",
                "b": "B{{number}}",
            ],
            outers: [["user": ["name": "x"], "which": "a"], ["user": ["name": "y"], "which": "b"], [:]]
        )
    }

    @Test func itemsInsideIndentedPartialsAreIndentedAsUsual() throws {
        try expectSameAsContexts(
            [
                "page": "<ul>\n  {{>list}}\n</ul>\n{{>list}}",
                "list": "{{#items}}\n<li>{{csrf}}\n{{name}}</li>\n{{/items}}\n",
            ],
            outers: [["csrf": "one"], ["csrf": "two"]]
        )
    }

    @Test func blocksInsideItemsTakeArgumentsFromOutside() throws {
        try expectSameAsContexts(
            [
                "page": "{{<frame}}{{$label}}[{{csrf}}]{{/label}}{{/frame}}",
                "frame": "{{#items}}{{name}}{{$label}}default{{/label}}\n{{/items}}",
            ],
            outers: [["csrf": "one"], ["csrf": "two"]]
        )
    }

    /// A borrowed context answers as the context does wherever a name can reach it: a section, an inverted section, a
    /// dotted name, `{{.}}` (nothing), and as a condition of a constant's body.
    @Test func aBorrowedContextIsTheContextByAddress() throws {
        let library = try TemplateLibrary(templates: [
            "page": "{{#item}}<{{name}}>{{/item}}{{^item}}none{{/item}}|{{item.number}}|{{item}}|"
                + "{{#items}}{{#item}}{{item.name}}/{{name}}{{/item}};{{/items}}",
        ])
        let held = MustacheValue.context(items[0])
        let constants = items.map { MustacheValue.constant($0) }
        let render = { (item: MustacheValue) in
            try library.render("page", value: .context(["item": item, "items": .list(constants)]))
        }
        for _ in 0..<2 {
            #expect(try render(held.borrowed) == render(held))
            #expect(try render(held.borrowed)
                == "<Cod &amp; chips>|1||Cod &amp; chips/Cod &amp; chips;Cod &amp; chips/Cod &amp; chips;")
        }
        withExtendedLifetime((held, constants)) {}
    }

    @Test func itemsRenderedAtOnceFromManyTasks() async throws {
        let library = try TemplateLibrary(templates: ["page": "{{#items}}<i>{{csrf}}:{{name}}</i>{{/items}}"])
        let constants = items.map { MustacheValue.constant($0) }
        let expected = try (0..<8).map { task in
            try library.render("page", value: page(["csrf": .string("\(task)")], constants: nil))
        }
        let shared = SharedConstants(values: constants)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for _ in 0..<50 {
                        let value = page(["csrf": .string("\(task)")], constants: shared.values)
                        let output = try library.render("page", value: value)
                        #expect(output == expected[task])
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}

/// Constant contexts are shared between threads: their view models are `Sendable` and immutable.
private struct SharedConstants: @unchecked Sendable {
    // Unchecked: `MustacheValue` is not `Sendable`; these hold only boxed `Sendable` items, never changed.
    let values: [MustacheValue]
}
