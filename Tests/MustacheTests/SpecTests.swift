import Mustache
import Testing

/// The Mustache spec: the core modules, `~inheritance` and `~dynamic-names`. `~lambdas` is not run: the engine
/// has no lambdas, since view models compute their values in Swift.
///
/// The spec lives outside the repository (`../shared/mustache-spec/` or `MUSTACHE_SPEC_DIR`); where it is
/// absent these tests are skipped with that reason rather than passing vacuously.
@Suite(.enabled(if: SpecSuite.isAvailable, "Mustache spec not found at \(SpecSuite.directory); set MUSTACHE_SPEC_DIR"))
struct SpecTests {
    @Test(arguments: SpecSuite.cases("comments"))
    func comments(_ spec: SpecCase) throws { try check(spec) }

    @Test(arguments: SpecSuite.cases("delimiters"))
    func delimiters(_ spec: SpecCase) throws { try check(spec) }

    @Test(arguments: SpecSuite.cases("interpolation"))
    func interpolation(_ spec: SpecCase) throws { try check(spec) }

    @Test(arguments: SpecSuite.cases("inverted"))
    func inverted(_ spec: SpecCase) throws { try check(spec) }

    @Test(arguments: SpecSuite.cases("partials"))
    func partials(_ spec: SpecCase) throws { try check(spec) }

    @Test(arguments: SpecSuite.cases("sections"))
    func sections(_ spec: SpecCase) throws { try check(spec) }

    @Test(arguments: SpecSuite.cases("~inheritance"))
    func inheritance(_ spec: SpecCase) throws { try check(spec) }

    @Test(arguments: SpecSuite.cases("~dynamic-names"))
    func dynamicNames(_ spec: SpecCase) throws { try check(spec) }

    @Test(.disabled("no lambdas: view models compute their values in Swift"), arguments: SpecSuite.cases("~lambdas"))
    func lambdas(_ spec: SpecCase) throws { try check(spec) }

    @Test func everyModuleHasCases() {
        for module in ["comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance"] {
            #expect(!SpecSuite.cases(module).isEmpty, "no cases read for \(module)")
        }
    }

    /// Renders the test's template in a library with its partials, under a name no partial uses.
    private func check(_ spec: SpecCase) throws {
        let test = spec.test
        var templates = test.partials ?? [:]
        let name = "spec test template"
        templates[name] = test.template
        let library = try TemplateLibrary(templates: templates)
        let rendered = try library.render(name, value: test.data.mustacheValue)
        #expect(rendered == test.expected, "\(test.desc)\ntemplate: \(test.template.debugDescription)")
    }
}
