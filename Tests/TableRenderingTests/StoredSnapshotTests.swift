import Foundation
import Testing
import XMLInspection

/// Every stored snapshot, including any a test no longer takes, is strict XML that keeps the page contract.
@Suite struct StoredSnapshotTests {
    @Test func everyStoredSnapshotParsesAndKeepsThePageContract() throws {
        let files = FileManager.default.enumerator(at: Fixtures.snapshotsDirectory, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "html" && !$0.lastPathComponent.hasSuffix(".actual.html") } ?? []
        #expect(files.count >= 20)
        for file in files {
            let document = try XMLDocument(parsing: [UInt8](try Data(contentsOf: file)))
            let violations = PageContract.violations(in: document)
            #expect(violations.isEmpty, "\(file.lastPathComponent): \(violations)")
        }
    }
}
