import Mustache
import Testing

/// View models as the product writes them: structs that say which keys they have through key constants.
private struct MenuView: MustacheContext {
    enum Keys {
        static let title = MustacheKey("title")
        static let dishes = MustacheKey("dishes")
        static let currency = MustacheKey("currency")
    }

    var title: MustacheText
    var currency: String
    var dishes: [DishView]

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        switch key {
        case Keys.title: .text(title)
        case Keys.currency: .string(currency)
        case Keys.dishes: .list(dishes)
        default: nil
        }
    }
}

private struct DishView: MustacheContext {
    enum Keys {
        static let name = MustacheKey("name")
        static let price = MustacheKey("price")
        static let note = MustacheKey("note")
        static let vegetarian = MustacheKey("vegetarian")
    }

    var name: String
    var price: Int
    var note: String?
    var vegetarian: Bool

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        switch key {
        case Keys.name: .string(name)
        case Keys.price: .int(price)
        // `.null` when absent, so an outer `note` cannot show through.
        case Keys.note: .string(note)
        case Keys.vegetarian: .bool(vegetarian)
        default: nil
        }
    }
}

struct ViewModelTests {
    private let menu = MenuView(
        title: MustacheText("Fish & Chips"),
        currency: "£",
        dishes: [
            DishView(name: "Cod", price: 9, note: "line-caught", vegetarian: false),
            DishView(name: "Halloumi", price: 8, note: nil, vegetarian: true),
        ]
    )

    @Test func structViewModelsAnswerThroughKeyConstants() throws {
        let template = try Template(
            "<h1>{{title}}</h1>{{#dishes}}<p>{{name}} {{currency}}{{price}}"
                + "{{#vegetarian}} (v){{/vegetarian}}</p>{{/dishes}}"
        )
        #expect(
            try template.render(menu)
                == "<h1>Fish &amp; Chips</h1><p>Cod £9</p><p>Halloumi £8 (v)</p>"
        )
    }

    @Test func sectionsSeeOuterContextsThroughTheStack() throws {
        // `currency` is not a dish key: the lookup walks out to the menu.
        let template = try Template("{{#dishes}}{{currency}}{{/dishes}}")
        #expect(try template.render(menu) == "££")
    }

    @Test func nullStopsTheLookupWhereNilLetsItContinue() throws {
        let template = try Template("{{#dishes}}[{{note}}]{{/dishes}}")
        let outer: MustacheValue = ["note": "outer", "dishes": .list(menu.dishes)]
        #expect(try template.render(value: outer) == "[line-caught][]")
    }

    @Test func dottedNamesLookInsideNestedContexts() throws {
        let template = try Template("{{menu.title}} / {{menu.missing.title}}")
        #expect(try template.render(["menu": .context(menu)]) == "Fish &amp; Chips / ")
    }

    @Test func emptyListsAndFalseAndNullAreFalsey() throws {
        let template = try Template(
            "{{^list}}no list {{/list}}{{^no}}no {{/no}}{{^null}}null {{/null}}{{^missing}}missing{{/missing}}"
        )
        #expect(try template.render(["list": [], "no": false, "null": .null]) == "no list no null missing")
    }

    @Test func emptyStringAndZeroAreTruthy() throws {
        let template = try Template("{{#empty}}empty{{/empty}} {{#zero}}zero{{/zero}}")
        #expect(try template.render(["empty": "", "zero": 0]) == "empty zero")
    }

    @Test func numbersAndBooleansRenderAsText() throws {
        let template = try Template("{{a}} {{b}} {{c}} {{d}} {{e}}")
        #expect(
            try template.render(["a": 0, "b": -42, "c": .int(Int.min), "d": 2.5, "e": true])
                == "0 -42 -9223372036854775808 2.5 true"
        )
    }

    @Test func listsAndContextsInterpolateAsNothing() throws {
        let template = try Template("[{{list}}][{{context}}]")
        #expect(try template.render(["list": [1, 2], "context": ["a": 1]]) == "[][]")
    }

    @Test func keysWithEqualNamesAreEqual() {
        #expect(MustacheKey("title") == MustacheKey(String("ti") + "tle"))
        #expect(MustacheKey("title") != MustacheKey("titles"))
        #expect(Set([MustacheKey("a"), MustacheKey("a"), MustacheKey("b")]).count == 2)
    }
}
