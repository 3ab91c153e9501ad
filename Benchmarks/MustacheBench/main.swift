import Mustache

// Renders a ~8 KB table page into a reused buffer and prints the median time per render.
// Run: swift run -c release mustache-bench

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
var samples: [Duration] = []
var checksum = 0
for _ in 0..<300 {
    let start = clock.now
    for _ in 0..<rendersPerSample {
        buffer.removeAll(keepingCapacity: true)
        try library.render("table", page, into: &buffer)
        checksum &+= buffer.count
    }
    samples.append((clock.now - start) / rendersPerSample)
}
samples.sort()
func microseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let value = Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    return String(Int((value * 100).rounded())).reversed().enumerated()
        .map { $0.offset == 2 ? "\($0.element)." : "\($0.element)" }.joined().reversed().reduce("", { $0 + String($1) })
}
print("median \(microseconds(samples[samples.count / 2])) µs per render, "
    + "p10 \(microseconds(samples[samples.count / 10])) µs, p90 \(microseconds(samples[samples.count * 9 / 10])) µs "
    + "(\(samples.count) samples × \(rendersPerSample) renders, checksum \(checksum))")
