import Mustache

// Renders a ~9 KB table page (a layout through inheritance, 3 sections of 10 rows through partials) into a
// reused buffer and prints the median time per render, with the rows prepared as values once, and as view
// models turned into values on every render.
// Run: swift run -c release mustache-bench [--print] [--samples N]

let library = try TemplateLibrary(templates: BenchmarkTemplates.all)
let sampleCount =
    CommandLine.arguments.firstIndex(of: "--samples")
    .flatMap { CommandLine.arguments.dropFirst($0 + 1).first }.flatMap { Int($0) } ?? 300

let page = try library.render("table", PageView.sample(preparingRows: true))
print("page: \(page.utf8.count) bytes")
if CommandLine.arguments.contains("--print") {
    print(page)
}

/// Median, 10th and 90th percentile microseconds per render.
func measure(_ page: PageView) throws -> [Double] {
    let clock = ContinuousClock()
    let rendersPerSample = 200
    var buffer: [UInt8] = []
    var samples: [Double] = []
    for _ in 0..<max(sampleCount, 1) {
        let start = clock.now
        for _ in 0..<rendersPerSample {
            buffer.removeAll(keepingCapacity: true)
            try library.render("table", page, into: &buffer)
        }
        let (seconds, attoseconds) = (clock.now - start).components
        samples.append((Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(rendersPerSample))
    }
    samples.sort()
    return [samples[samples.count / 2], samples[samples.count / 10], samples[samples.count * 9 / 10]]
}

/// Microseconds with two decimals.
func format(_ microseconds: Double) -> String {
    let hundredths = Int((microseconds * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) µs"
}

for (label, preparingRows) in [("rows prepared once", true), ("rows boxed per render", false)] {
    let times = try measure(PageView.sample(preparingRows: preparingRows))
    print(
        "\(label): median \(format(times[0])) per render "
            + "(p10 \(format(times[1])), p90 \(format(times[2])); \(sampleCount) samples of 200 renders)"
    )
}
