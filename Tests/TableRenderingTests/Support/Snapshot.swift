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
    /// `language`: `nil` for the English page (`name.1.html`), else its tag (`name.1.ja.html`), counted apart.
    static func assertMatches(
        _ actual: [UInt8],
        language: String? = nil,
        filePath: String,
        function: String,
        sourceLocation: SourceLocation
    ) {
        let file = URL(fileURLWithPath: filePath)
        let testFile = file.deletingPathExtension().lastPathComponent
        let testName = String(function.prefix { $0 != "(" })
        let suffix = language.map { ".\($0)" } ?? ""
        let number = counters.withLock { counters in
            counters["\(testFile)/\(testName)\(suffix)", default: 0] += 1
            return counters["\(testFile)/\(testName)\(suffix)", default: 0]
        }
        let directory = file.deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__")
            .appendingPathComponent(testFile)
        let snapshot = directory.appendingPathComponent("\(testName).\(number)\(suffix).html")
        let actualFile = directory.appendingPathComponent("\(testName).\(number)\(suffix).actual.html")
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

/// The lines that differ between two texts, as unified-diff hunks with a few lines of context, from a
/// longest-common-subsequence diff of the lines; shortened after `limit` changed lines.
struct LineDiff: CustomStringConvertible {
    let description: String

    init(expected: String, actual: String, context: Int = 2, limit: Int = 40) {
        let lines = Self.edits(
            expected.split(separator: "\n", omittingEmptySubsequences: false),
            actual.split(separator: "\n", omittingEmptySubsequences: false)
        )
        let changed = lines.indices.filter { lines[$0].mark != " " }
        var output = ["--- snapshot", "+++ actual"]
        var shown = 0
        var index = 0
        while index < changed.count, shown < limit {
            // Changes closer than twice the context share a hunk.
            var last = index
            while last + 1 < changed.count, changed[last + 1] - changed[last] <= 2 * context + 1 {
                last += 1
            }
            let hunk = lines[max(changed[index] - context, 0)...min(changed[last] + context, lines.count - 1)]
            if let first = hunk.first {
                output.append("@@ -\(first.old + 1) +\(first.new + 1) @@")
            }
            for line in hunk {
                if line.mark != " " {
                    guard shown < limit else { break }
                    shown += 1
                }
                output.append("\(line.mark)\(line.text)")
            }
            index = last + 1
        }
        if shown < changed.count {
            output.append("… \(changed.count - shown) more changed lines")
        }
        description = output.joined(separator: "\n")
    }

    /// Every line of both texts in diff order: kept (` `), removed (`-`) or added (`+`), with the 0-based line
    /// numbers in each text where it stands.
    private static func edits(_ old: [Substring], _ new: [Substring])
        -> [(mark: Character, text: Substring, old: Int, new: Int)]
    {
        // lengths[i][j]: the longest common subsequence of old[i...] and new[j...]. Pages are a few hundred lines.
        let width = new.count + 1
        var lengths = [Int](repeating: 0, count: (old.count + 1) * width)
        for i in old.indices.reversed() {
            for j in new.indices.reversed() {
                lengths[i * width + j] = old[i] == new[j]
                    ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var lines: [(mark: Character, text: Substring, old: Int, new: Int)] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                lines.append((" ", old[i], i, j))
                (i, j) = (i + 1, j + 1)
            } else if i < old.count, j == new.count || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                lines.append(("-", old[i], i, j))
                i += 1
            } else {
                lines.append(("+", new[j], i, j))
                j += 1
            }
        }
        return lines
    }
}
