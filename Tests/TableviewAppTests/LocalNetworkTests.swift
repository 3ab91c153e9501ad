import Foundation
import Testing
@testable import TableviewApp

/// SPEC §11: serving the local network, the server prints after its first line the URL of each of the machine's
/// network addresses, and the first as a QR code in a terminal; `--quiet` keeps only the first line. (The tests
/// read what is printed; they never connect to those addresses.)
@Suite struct LocalNetworkTests {
    /// The modules a drawing shows, read back from its half blocks (colours stripped).
    private func modules(drawnAs lines: [String]) -> [[Bool]] {
        var rows: [[Bool]] = []
        for line in lines {
            let cells = Array(line.replacingOccurrences(of: "\u{1B}[30;47m", with: "")
                .replacingOccurrences(of: "\u{1B}[0m", with: ""))
            rows.append(cells.map { $0 == "█" || $0 == "▀" })
            rows.append(cells.map { $0 == "█" || $0 == "▄" })
        }
        return rows
    }

    @Test func theDrawingShowsEveryModuleInsideAQuietZone() throws {
        let code = try #require(TerminalQRCode("http://192.0.2.2:8080/"))
        let width = code.modules.count
        #expect(width >= 21 && (width - 17) % 4 == 0)  // a QR code is 17 + 4 × version modules wide
        let drawn = modules(drawnAs: code.lines)
        #expect(drawn.count >= width + 8 && drawn.allSatisfy { $0.count == width + 8 })
        let inner = drawn[4..<(4 + width)].map { Array($0[4..<(4 + width)]) }
        #expect(inner == code.modules)
        #expect(drawn.prefix(4).allSatisfy { !$0.contains(true) })
        #expect(drawn.allSatisfy { !$0.prefix(4).contains(true) && !$0.suffix(4).contains(true) })
        #expect(code.lines.allSatisfy { $0.hasPrefix("\u{1B}[30;47m") && $0.hasSuffix("\u{1B}[0m") })
    }

    @Test func theCodeHasItsThreeFinderPatterns() throws {
        let code = try #require(TerminalQRCode("https://[fd00::2]:8443/"))
        let width = code.modules.count
        for (top, left) in [(0, 0), (0, width - 7), (width - 7, 0)] {
            for row in 0..<7 {
                for column in 0..<7 {
                    let ring = max(abs(row - 3), abs(column - 3))
                    #expect(code.modules[top + row][left + column] == (ring != 2), "finder at \(top),\(left)")
                }
            }
        }
    }

    @Test func onlyWildcardHostsAreAnnounced() {
        #expect(NetworkAddresses.isWildcard("0.0.0.0") && NetworkAddresses.isWildcard("::"))
        #expect(!NetworkAddresses.isWildcard("127.0.0.1") && !NetworkAddresses.isWildcard("192.0.2.2"))
        var options = ServeOptions()
        options.host = "127.0.0.1"
        #expect(Application(options: options).localNetworkAnnouncement(port: 8080, drawsQRCode: true).isEmpty)
    }

    @Test func theAddressesAreTheMachinesOwnWithoutLoopbackOrLinkLocal() {
        for address in NetworkAddresses.reachable(forWildcard: "0.0.0.0") {
            #expect(!address.hasPrefix("127.") && !address.hasPrefix("169.254.") && !address.contains(":"))
        }
        for address in NetworkAddresses.reachable(forWildcard: "::") {
            #expect(address.contains(":") && address != "::1" && !address.lowercased().hasPrefix("fe80"))
        }
    }

    @Test(arguments: ["0.0.0.0", "::"])
    func afterTheFirstLineEachNetworkAddressIsPrinted(_ host: String) throws {
        let server = try ServerProcess(arguments: ["serve", "--host", host, "--port", "0"])
        let expected = NetworkAddresses.reachable(forWildcard: host).map {
            "reachable at " + NetworkAddresses.url(scheme: "http", address: $0, port: server.port)
        }
        var printed: [String] = []
        for _ in expected {
            printed.append(server.nextLine() ?? "")
        }
        #expect(printed == expected)
        #expect(server.stop(with: SIGTERM) == 0)
        // Standard output is no terminal here, so no QR code follows.
        #expect(server.nextLine() == nil)
    }

    @Test func quietKeepsOnlyTheFirstLine() throws {
        let server = try ServerProcess(arguments: ["serve", "--host", "0.0.0.0", "--port", "0", "--quiet"])
        #expect(server.firstLine.hasPrefix("listening on http://0.0.0.0:"))
        #expect(server.stop(with: SIGTERM) == 0)
        #expect(server.nextLine() == nil)
    }

    @Test(.enabled(if: !NetworkAddresses.reachable(forWildcard: "0.0.0.0").isEmpty,
                   "a machine without a network has no address to draw"))
    func inATerminalTheFirstAddressIsDrawnAsAQRCode() throws {
        let first = try #require(NetworkAddresses.reachable(forWildcard: "0.0.0.0").first)
        var controller: Int32 = -1
        var terminal: Int32 = -1
        try #require(openpty(&controller, &terminal, nil, nil, nil) == 0)
        defer { close(controller) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ServerProcess.executable)
        process.arguments = ["serve", "--host", "0.0.0.0", "--port", "0"]
        process.standardOutput = FileHandle(fileDescriptor: terminal, closeOnDealloc: true)
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        var output: [UInt8] = []
        var text: String { String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n") }
        /// Reads until `done` holds for the text so far, for 30 s at most.
        func read(until done: (String) -> Bool) {
            let deadline = Date().addingTimeInterval(30)
            while !done(text) && Date() < deadline {
                var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 200) > 0 else { continue }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = Glibc.read(controller, &chunk, chunk.count)
                guard count > 0 else { return }
                output += chunk[..<count]
            }
        }
        read { $0.contains("\n") }
        let firstLine = String(text.prefix { $0 != "\n" })
        let port = try #require(Int(firstLine.split(separator: ":").last?.dropLast() ?? ""))
        let url = NetworkAddresses.url(scheme: "http", address: first, port: port)
        let code = try #require(TerminalQRCode(url))
        // The drawing begins and ends with the same blank quiet-zone lines, so wait for all of it.
        let drawing = code.lines.joined(separator: "\n") + "\n"
        read { $0.contains(drawing) }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.dropFirst().first == "reachable at \(url)")
        #expect(lines.filter { $0.hasPrefix("\u{1B}[30;47m") } == code.lines)
    }
}
