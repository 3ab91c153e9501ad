import Mustache

// Renders a ~9 KB table page into a reused buffer and prints the median time per render.
// Run: swift run -c release mustache-bench [--print] [--samples N]

let library = try TemplateLibrary(templates: BenchmarkTemplates.all)
let page = PageView.sample()
var buffer: [UInt8] = []
try library.render("table", page, into: &buffer)
print("page: \(buffer.count) bytes")
if CommandLine.arguments.contains("--print") {
    print(String(decoding: buffer, as: UTF8.self))
}

let clock = ContinuousClock()
let rendersPerSample = 200
let sampleCount = CommandLine.arguments.firstIndex(of: "--samples")
    .flatMap { CommandLine.arguments.dropFirst($0 + 1).first }.flatMap { Int($0) } ?? 300
var samples: [Double] = []
var checksum = 0
for _ in 0..<max(sampleCount, 1) {
    let start = clock.now
    for _ in 0..<rendersPerSample {
        buffer.removeAll(keepingCapacity: true)
        try library.render("table", page, into: &buffer)
        checksum &+= buffer.count
    }
    let (seconds, attoseconds) = (clock.now - start).components
    samples.append((Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(rendersPerSample))
}
samples.sort()

/// Microseconds with two decimals.
func format(_ microseconds: Double) -> String {
    let hundredths = Int((microseconds * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) µs"
}
print(
    "median \(format(samples[samples.count / 2])) per render "
        + "(p10 \(format(samples[samples.count / 10])), p90 \(format(samples[samples.count * 9 / 10])); "
        + "\(samples.count) samples of \(rendersPerSample) renders; checksum \(checksum))"
)
