import CQREncode

/// A QR code drawn with text, for a phone's camera to read off a terminal (libqrencode makes the code).
///
/// Two rows of modules share one line of text, as upper and lower half blocks (`▀`, `▄`, `█`, space), in black on
/// a white background set with ANSI colours — so the code reads the same in dark and light terminal themes —
/// with the quiet zone of four modules the standard asks for.
struct TerminalQRCode {
    /// The modules, row by row: `true` is dark.
    let modules: [[Bool]]

    /// The code of `text` (error correction level M), or nil when libqrencode cannot encode it.
    init?(_ text: String) {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        // libqrencode gives one byte per module, bit 0 set when dark.
        modules = (0..<width).map { row in
            (0..<width).map { column in code.pointee.data[row * width + column] & 1 == 1 }
        }
    }

    /// The lines to print, each with its colours set and reset.
    var lines: [String] {
        let quiet = 4
        let width = modules.count + 2 * quiet
        func isDark(_ row: Int, _ column: Int) -> Bool {
            let (r, c) = (row - quiet, column - quiet)
            return modules.indices.contains(r) && modules.indices.contains(c) && modules[r][c]
        }
        return stride(from: 0, to: width, by: 2).map { row in
            var line = "\u{1B}[30;47m"
            for column in 0..<width {
                switch (isDark(row, column), isDark(row + 1, column)) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            return line + "\u{1B}[0m"
        }
    }
}
