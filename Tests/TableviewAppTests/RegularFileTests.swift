import Foundation
import Testing
@testable import TableviewApp

/// SPEC §4: only a regular file of sensible size is read (tables, state files, TLS files).
@Suite struct RegularFileTests {
    @Test(arguments: ["/dev/zero", "/dev/null"])
    func aDeviceIsRefused(_ device: String) {
        #expect(throws: RegularFile.Refusal.self) { _ = try RegularFile.read(device, limit: 100) }
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
