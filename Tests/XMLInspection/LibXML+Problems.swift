import CLibXML2

/// libxml2 must be initialised once before it is used from several threads.
private let libxmlInitialised: Void = xmlInitParser()

/// Makes sure libxml2 is initialised; cheap after the first call.
func initialiseLibXML() {
    _ = libxmlInitialised
}

/// Gathers the errors libxml2 reports while one call runs.
private final class ProblemCollector {
    var problems: [XMLProblem] = []
}

/// libxml2's structured error callback: a C function, so the collector travels through the context pointer.
private func collectProblem(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let context, let error else { return }
    // Warnings (such as a relative namespace URI) do not make a document unreadable.
    guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    let collector = Unmanaged<ProblemCollector>.fromOpaque(context).takeUnretainedValue()
    var message = error.pointee.message.map { String(cString: $0) } ?? "unknown libxml2 error"
    while message.last?.isNewline == true {
        message.removeLast()
    }
    let line = Int(error.pointee.line)
    let column = error.pointee.domain == Int32(XML_FROM_XPATH.rawValue) ? 0 : Int(error.pointee.int2)
    collector.problems.append(XMLProblem(line: line, column: column, message: message))
}

/// Runs `body` with libxml2's errors routed into a list instead of stderr.
///
/// libxml2 keeps the handler per thread, so concurrent tests on other threads are not affected;
/// the previous handler is restored afterwards.
func withProblemsCollected<Result>(_ body: () throws -> Result) rethrows -> (Result, [XMLProblem]) {
    initialiseLibXML()
    let collector = ProblemCollector()
    let previousHandler = __xmlStructuredError()?.pointee
    let previousContext = __xmlStructuredErrorContext()?.pointee
    xmlSetStructuredErrorFunc(Unmanaged.passUnretained(collector).toOpaque(), collectProblem)
    defer {
        xmlSetStructuredErrorFunc(previousContext ?? nil, previousHandler ?? nil)
    }
    let result = try withExtendedLifetime(collector) { try body() }
    return (result, collector.problems)
}
