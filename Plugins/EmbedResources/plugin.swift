import Foundation
import PackagePlugin

/// Builds the package's `templates/` and `Public/` folders into the target it is applied to, as a generated Swift
/// source (`EmbeddedFiles.swift`), so the executable serves them without the folders beside it.
///
/// The folders are listed again on every build, and each file is an input of the command, so adding, editing or
/// removing a template or a static file rebuilds the embedded copy. Nothing is fetched: the tool is the package's
/// own `embed-resources`.
@main
struct EmbedResources: BuildToolPlugin {
    /// The folders embedded, relative to the package root, each under its own name.
    static let folders = ["templates", "Public"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        var inputs: [URL] = []
        var arguments: [String] = []
        for name in Self.folders {
            let folder = root.appending(path: name)
            inputs += try Self.files(in: folder)
            arguments += [name, folder.path]
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(Self.folders.joined(separator: " and ")) in \(target.name)",
                executable: try context.tool(named: "embed-resources").url,
                arguments: [output.path] + arguments,
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }

    /// The regular files below `folder`, without hidden files and folders, sorted.
    static func files(in folder: URL) throws -> [URL] {
        let keys: [URLResourceKey] = [.isRegularFileKey]
        guard let walker = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in walker where try url.resourceValues(forKeys: Set(keys)).isRegularFile == true {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }
}
