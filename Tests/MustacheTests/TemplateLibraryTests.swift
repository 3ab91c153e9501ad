import Foundation
import Mustache
import Testing

struct TemplateLibraryTests {
    /// A fresh folder of template files, removed afterwards.
    private func withTemplateFolder(_ files: [String: String], _ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mustache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, contents) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data(contents.utf8).write(to: file)
        }
        try body(folder.path)
    }

    @Test func loadsMustacheFilesRecursivelyNamedByRelativePath() throws {
        try withTemplateFolder([
            "page.mustache": "<ul>{{#rows}}{{>rows/row}}{{/rows}}</ul>",
            "rows/row.mustache": "<li>{{.}}</li>",
            "rows/notes.txt": "not a template",
            ".hidden.mustache": "hidden",
            ".git/config.mustache": "hidden folder",
        ]) { folder in
            let library = try TemplateLibrary(directory: folder)
            #expect(library.names == ["page", "rows/row"])
            #expect(try library.render("page", value: ["rows": ["a", "b"]]) == "<ul><li>a</li><li>b</li></ul>")
        }
    }

    @Test func missingFolderIsReportedWithItsPath() {
        #expect(throws: MustacheError.unreadable(path: "/nonexistent/templates", errno: ENOENT)) {
            try TemplateLibrary(directory: "/nonexistent/templates")
        }
        #expect(
            MustacheError.unreadable(path: "/t", errno: ENOENT).description
                == "/t: cannot read: No such file or directory"
        )
    }

    @Test func fileThatIsNotUTF8IsReported() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mustache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.mustache")
        try Data([0x3C, 0xFF, 0xFE, 0x3E]).write(to: file)
        #expect(throws: MustacheError.invalidUTF8(path: folder.path + "/bad.mustache")) {
            try TemplateLibrary(directory: folder.path)
        }
    }

    @Test func missingTemplateByNameIsAnError() throws {
        let library = try TemplateLibrary(templates: ["page": "x"])
        #expect(throws: MustacheError.templateNotFound("pgae")) {
            try library.render("pgae", value: .null)
        }
        #expect(library.template(named: "pgae") == nil)
    }

    @Test func unknownPartialRendersNothing() throws {
        let library = try TemplateLibrary(templates: ["page": "[{{>missing}}][{{<missing}}{{/missing}}]"])
        #expect(try library.render("page", value: .null) == "[][]")
    }

    @Test func templateTakenFromLibraryRendersItsPartials() throws {
        let library = try TemplateLibrary(templates: ["page": "<{{>part}}>", "part": "{{x}}"])
        let page = try #require(library.template(named: "page"))
        #expect(page.name == "page")
        #expect(try page.render(["x": "y"]) == "<y>")
    }

    @Test func templateOutsideLibraryRendersPartialTagsAsNothing() throws {
        let template = try Template("<{{>part}}|{{<layout}}{{$a}}x{{/a}}{{/layout}}|{{$b}}default{{/b}}>")
        #expect(try template.render(value: .null) == "<||default>")
    }

    @Test func dynamicPartialNamesComeFromData() throws {
        let library = try TemplateLibrary(templates: [
            "page": "{{#rows}}{{>*kind}}{{/rows}}", "a": "A{{n}}", "b": "B{{n}}",
        ])
        let rows: MustacheValue = ["rows": [["kind": "a", "n": 1], ["kind": "b", "n": 2], ["kind": "c", "n": 3]]]
        #expect(try library.render("page", value: rows) == "A1B2")
    }

    @Test func renderingAppendsToTheBufferWithoutClearingIt() throws {
        let library = try TemplateLibrary(templates: ["page": "<p>{{x}}</p>"])
        var buffer = Array("<!-- -->".utf8)
        try library.render("page", ["x": MustacheValue.string("1")], into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "<!-- --><p>1</p>")
    }

    @Test func partialIncludingItselfForeverFailsInsteadOfCrashing() throws {
        let library = try TemplateLibrary(templates: ["loop": "x{{>loop}}"])
        var buffer = Array("kept".utf8)
        #expect(throws: MustacheError.renderingTooDeep(template: "loop", limit: 100)) {
            try library.render("loop", value: .null, into: &buffer)
        }
        #expect(buffer == Array("kept".utf8), "a failed render leaves the buffer as it was")
    }

    @Test func librariesAreSharedAcrossThreads() async throws {
        let library = try TemplateLibrary(templates: ["page": "{{#n}}<{{.}}>{{/n}}"])
        let pages = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<8 {
                group.addTask { try library.render("page", value: ["n": .list((0...index).map { .int($0) })]) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(pages.count == 8)
        #expect(pages.contains("<0><1><2>"))
    }
}
