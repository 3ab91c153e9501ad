import TableModel
import TableRendering

// Renders SPEC §8's reference page (3 sections × 10 rows, one row selected) into a reused buffer and prints the
// median time per render, the page size, and how much of the time the model's presentation takes.
// Run: swift run -c release render-bench [--templates DIR] [--samples N] [--print]

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.dropFirst($0 + 1).first }
}

let templates = option("--templates") ?? {
    // Benchmarks/RenderBench/main.swift → the package's templates/.
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return (parts + ["templates"]).joined(separator: "/")
}()
let sampleCount = max(option("--samples").flatMap { Int($0) } ?? 300, 1)

let (table, state) = try ReferenceTable.load()
let renderer = try PageRenderer(templatesDirectory: templates, tables: [table])
let csrf = "Zm9vYmFyYmF6cXV1eA-0123456789abcdef"

var buffer: [UInt8] = []
try renderer.renderTable(state, csrf: csrf, showsIndexLink: true, language: .en, into: &buffer)
print("page: \(buffer.count) bytes")
if arguments.contains("--print") {
    print(String(decoding: buffer, as: UTF8.self))
}

/// Median, 10th and 90th percentile microseconds of `body`, run in samples of 200 calls.
func measure(_ body: () throws -> Void) rethrows -> (median: Double, p10: Double, p90: Double) {
    let clock = ContinuousClock()
    let callsPerSample = 200
    var samples: [Double] = []
    for _ in 0..<sampleCount {
        let start = clock.now
        for _ in 0..<callsPerSample {
            try body()
        }
        let (seconds, attoseconds) = (clock.now - start).components
        samples.append((Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(callsPerSample))
    }
    samples.sort()
    return (samples[samples.count / 2], samples[samples.count / 10], samples[samples.count * 9 / 10])
}

/// Microseconds with two decimals.
func format(_ microseconds: Double) -> String {
    let hundredths = Int((microseconds * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) µs"
}

let render = try measure {
    buffer.removeAll(keepingCapacity: true)
    try renderer.renderTable(state, csrf: csrf, showsIndexLink: true, language: .en, into: &buffer)
}
var sink = 0
let presentation = measure {
    sink &+= state.presentation.sections.count
}
print(
    "render: median \(format(render.median)) per page (p10 \(format(render.p10)), p90 \(format(render.p90)); "
        + "\(sampleCount) samples of 200 renders)"
)
print("of which TableState.presentation: median \(format(presentation.median))\(sink == 0 ? "" : "")")
