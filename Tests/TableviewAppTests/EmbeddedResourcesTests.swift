import EmbeddedResources
import Foundation
import Testing
@testable import TableviewApp

/// SPEC §11: the templates and `Public/` are built into the executable; the built-in copy is the project's folders,
/// byte for byte, and serves without them.
@Suite struct EmbeddedResourcesTests {
    /// The regular files below `folder`, hidden ones skipped, by relative path.
    private func files(in folder: String) throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        let walker = try #require(FileManager.default.enumerator(atPath: folder))
        while let path = walker.nextObject() as? String {
            if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                result[path] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path)))
            }
        }
        return result
    }

    @Test func theBuiltInTemplatesAreTheProjectsTemplatesFolder() throws {
        let onDisk = try files(in: ProjectPaths.templates)
        #expect(!onDisk.isEmpty)
        #expect(EmbeddedResources.templates == onDisk)
    }

    @Test func theBuiltInStaticFilesAreTheProjectsPublicFolder() throws {
        let onDisk = try files(in: ProjectPaths.publicFiles)
        #expect(onDisk["style.css"] != nil)
        #expect(EmbeddedResources.publicFiles == onDisk)
    }

    @Test func withoutFoldersTheSiteServesTheBuiltInCopy() throws {
        try withLiveSite(templatesDirectory: nil, publicDirectory: nil) { port, _ in
            let browser = Browser(port: port)
            let style = try browser.get("/static/style.css")
            #expect(style.status == 200)
            #expect(style.body == EmbeddedResources.publicFiles["style.css"])
            #expect(style.header("Content-Type") == "text/css; charset=utf-8")
            // Kept for a while, so that the page after a tap has its stylesheet at once.
            #expect(style.header("Cache-Control") == "max-age=600")
            #expect(try browser.get("/tables/sento").status == 200)
            #expect(try browser.nodes("//h1").first?.text == "銭湯めぐり")
        }
    }
}
