import Foundation
import Synchronization
import Testing

/// Snapshot files in the manner of swift-snapshot-testing: the output of a test is compared with
/// `__Snapshots__/<TestFile>/<testName>.<n>.html` beside the test file, `n` counting the test's snapshots from 1.
///
/// - A mismatch records an issue with the first differing lines and writes the output beside the snapshot as
///   `<testName>.<n>.actual.html` (gitignored), for a real diff tool.
/// - A missing snapshot fails the test, unless recording.
/// - `SNAPSHOT_RECORD=1 swift test --filter TableRenderingTests` (re-)records the snapshots that are missing or
///   differ, and the tests pass. CI never sets it.
enum Snapshot {
    /// Whether this run records snapshots instead of comparing.
    static let isRecording = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1"

    /// How many snapshots each test has taken so far, by test file and name.
    private static let counters = Mutex<[String: Int]>([:])

    /// Compares `actual` with the test's next snapshot.
    static func assertMatches(
        _ actual: [UInt8],
        filePath: String,
        function: String,
        sourceLocation: SourceLocation
    ) {
        let file = URL(fileURLWithPath: filePath)
        let testFile = file.deletingPathExtension().lastPathComponent
        let testName = String(function.prefix { $0 != "(" })
        let number = counters.withLock { counters in
            counters["\(testFile)/\(testName)", default: 0] += 1
            return counters["\(testFile)/\(testName)", default: 0]
        }
        let directory = file.deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__")
            .appendingPathComponent(testFile)
        let snapshot = directory.appendingPathComponent("\(testName).\(number).html")
        let actualFile = directory.appendingPathComponent("\(testName).\(number).actual.html")
        let expected = try? Data(contentsOf: snapshot)
        if let expected, [UInt8](expected) == actual {
            try? FileManager.default.removeItem(at: actualFile)
            return
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            if isRecording {
                try Data(actual).write(to: snapshot)
                try? FileManager.default.removeItem(at: actualFile)
                print("Snapshot: recorded \(snapshot.path)")
                return
            }
            try Data(actual).write(to: actualFile)
        } catch {
            Issue.record("Snapshot: cannot write beside \(snapshot.path): \(error)", sourceLocation: sourceLocation)
        }
        guard let expected else {
            let message = "Snapshot: no snapshot at \(snapshot.path); the output is in "
                + "\(actualFile.lastPathComponent). Record it with SNAPSHOT_RECORD=1."
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        let diff = LineDiff(
            expected: String(decoding: expected, as: UTF8.self),
            actual: String(decoding: actual, as: UTF8.self)
        )
        let message = "Snapshot: \(snapshot.lastPathComponent) differs; the output is in "
            + "\(actualFile.lastPathComponent). Re-record with SNAPSHOT_RECORD=1 if the change is right.\n\(diff)"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}

/// The lines that differ between two texts, as one unified-diff hunk: the common start and end are trimmed, a few
/// lines of context kept, and long changes shortened.
struct LineDiff: CustomStringConvertible {
    let description: String

    init(expected: String, actual: String, context: Int = 2, limit: Int = 30) {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var prefix = 0
        while prefix < min(old.count, new.count), old[prefix] == new[prefix] {
            prefix += 1
        }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        let start = max(prefix - context, 0)
        let oldEnd = min(old.count - suffix + context, old.count)
        let newEnd = min(new.count - suffix + context, new.count)
        var lines = ["--- snapshot", "+++ actual", "@@ -\(start + 1),\(oldEnd - start) +\(start + 1),\(newEnd - start) @@"]
        lines += old[start..<prefix].map { " \($0)" }
        let removed = old[prefix..<(old.count - suffix)].map { "-\($0)" }
        let added = new[prefix..<(new.count - suffix)].map { "+\($0)" }
        lines += removed.prefix(limit) + (removed.count > limit ? ["-… \(removed.count - limit) more lines"] : [])
        lines += added.prefix(limit) + (added.count > limit ? ["+… \(added.count - limit) more lines"] : [])
        lines += old[(old.count - suffix)..<oldEnd].map { " \($0)" }
        description = lines.joined(separator: "\n")
    }
}
