import Foundation

/// A fresh directory under the system's temporary folder, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "HTTPServerTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `contents` at the relative path, creating folders on the way.
    func write(_ relativePath: String, _ contents: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }

    /// Creates a symbolic link at the relative path pointing to `destination` (as written).
    func link(_ relativePath: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path + "/" + relativePath, withDestinationPath: destination)
    }

    func makeDirectory(_ relativePath: String) throws {
        try FileManager.default.createDirectory(atPath: path + "/" + relativePath, withIntermediateDirectories: true)
    }
}

/// A public folder for file-serving tests, beside a file outside it that must never be served.
struct PublicFolderFixture {
    let directory: TemporaryDirectory
    var publicPath: String { directory.path + "/Public" }

    static let css = "body { color: black; }\n"
    static let secret = "SECRET-OUTSIDE"

    init() throws {
        directory = try TemporaryDirectory()
        try directory.write("Public/site.css", Self.css)
        try directory.write("Public/icons/check.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        try directory.write("Public/page.html", "<p>page</p>")
        try directory.write("Public/data.unknownext", "data")
        try directory.write("Public/.hidden", "HIDDEN")
        try directory.write("Public/.git/config", "HIDDEN")
        try directory.makeDirectory("Public/empty")
        try directory.write("outside.txt", Self.secret)
        try directory.write("Public2/other.txt", Self.secret)
        try directory.link("Public/escape.txt", to: "../outside.txt")
        try directory.link("Public/escape-dir", to: "..")
        try directory.link("Public/alias.css", to: "site.css")
        try directory.link("Public/hidden-alias", to: ".hidden")
    }
}
