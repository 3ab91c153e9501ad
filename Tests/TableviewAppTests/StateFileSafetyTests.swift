import Foundation
import Testing
@testable import TableviewApp

/// SPEC §4: the state file is written without following links, temporary files of a killed process are removed at
/// the next start, and only a regular file of sensible size is read.
@Suite struct StateFileSafetyTests {
    @Test func aLinkPlantedAtTheTemporaryNameIsNotWrittenThrough() throws {
        let folder = try ScratchFolder()
        let target = try folder.write("precious.txt", "keep me")
        let file = StateFile(path: folder.file("sessions.json"))
        try FileManager.default.createSymbolicLink(atPath: "\(file.path).tmp-\(getpid())", withDestinationPath: target)
        try file.write(Array("{}".utf8))
        #expect(folder.read("precious.txt") == "keep me")
        #expect(folder.read("sessions.json") == "{}")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular, "the state file is the link")
        #expect(try folder.names() == ["precious.txt", "sessions.json"])
    }

    @Test func leftoversOfAKilledSaveAreRemovedAtTheNextStart() throws {
        let folder = try ScratchFolder()
        // A process id that no process has: beyond Linux's largest.
        let dead = try folder.write("sessions.json.tmp-4194305", #"{"format":"tablev"#)
        let mine = try folder.write("sessions.json.tmp-\(getpid())", "")
        try folder.write("sessions.json.tmp-notapid", "")
        try folder.write("other.json.tmp-4194305", "")
        let lines = Lines()
        let running = try Application(options: try persistentOptions(in: folder)).start(report: lines.append)
        try running.stop()
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(!FileManager.default.fileExists(atPath: mine))
        #expect(try folder.names() == ["other.json.tmp-4194305", "sessions.json", "sessions.json.tmp-notapid",
                                       "tables.json"])
        #expect(lines.all.contains { $0.contains("removed \(dead)") })
    }

    /// A dangling link at the state path must not stop the start, as a missing file does not: it is reported and
    /// taken as no file; the first save replaces the link, writing nothing where it pointed.
    @Test func aDanglingLinkAtTheStatePathIsReportedAndReplacedByTheFirstSave() throws {
        let folder = try ScratchFolder()
        let options = try persistentOptions(in: folder)
        let path = try #require(options.stateFile)
        let target = folder.file("gone/elsewhere.json")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        let lines = Lines()
        let running = try Application(options: options).start(report: lines.append)
        try running.stop()
        #expect(lines.all.contains {
            $0.contains("\(path) is a symbolic link to \(target), which does not exist; starting with no sessions")
        }, "\(lines.all)")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(folder.read("sessions.json")?.contains(#""format":"tableview-sessions""#) == true)
    }

    @Test(arguments: ["/dev/zero", "/dev/null"])
    func aDeviceIsNotReadAsAStateFile(_ device: String) {
        #expect(throws: PersistenceError.self) { _ = try StateFile(path: device).read() }
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let folder = try ScratchFolder()
        let path = folder.file("fifo")
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: RegularFile.Refusal.notRegular(kind: "a FIFO")) { _ = try RegularFile.read(path, limit: 100) }
    }

    @Test func aFileOverTheLimitIsRefused() throws {
        let folder = try ScratchFolder()
        let path = try folder.write("big.json", String(repeating: "x", count: 2_000))
        #expect(throws: RegularFile.Refusal.tooLarge(limit: 1_000)) { _ = try RegularFile.read(path, limit: 1_000) }
        #expect(try RegularFile.read(path, limit: 2_000).count == 2_000)
    }
}
