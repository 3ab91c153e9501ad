@testable import TableviewApp

extension SessionArchive {
    /// The file's bytes for `sessions`, written at `savedAt` (seconds since 1970). Visitors without a changed
    /// table (only a message waiting) are left out.
    static func encode(_ sessions: [StoredSession<Visitor>], savedAt: Int, secret: ServerSecret? = nil) -> [UInt8] {
        var text = #"{"format":"\#(format)","version":\#(version),"savedAt":\#(savedAt),"#
        if let secret { text += #""secret":"\#(secret.hex)","# }
        text += #""sessions":["#
        var first = true
        for session in sessions where !session.value.states.isEmpty {
            text += first ? "\n" : ",\n"
            first = false
            let idle = Int(session.idleSeconds.rounded(.down))
            text += #"{"id":"\#(session.id.rawValue)","idleSeconds":\#(idle),"#
            if session.isReturning { text += #""returning":true,"# }
            text += #""tables":["#
            text += session.value.states.keys.sorted().compactMap { session.value.states[$0]?.exportJSON() }
                .joined(separator: ",")
            text += "]}"
        }
        text += "\n]}\n"
        return Array(text.utf8)
    }
}
