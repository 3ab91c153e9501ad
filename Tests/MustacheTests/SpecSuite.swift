import Foundation
import Mustache
import Testing

/// The Mustache spec's JSON files, read from `MUSTACHE_SPEC_DIR`, else from `shared/mustache-spec/` beside the
/// package (`../shared/mustache-spec/`) or beside one of its ancestors, which finds it from a git worktree too.
/// They are not copied into the repository.
enum SpecSuite {
    static let directory: String = {
        if let configured = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"], !configured.isEmpty {
            return configured
        }
        // Tests/MustacheTests/SpecSuite.swift → the package root.
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let nearest = folder.deletingLastPathComponent().appendingPathComponent("shared/mustache-spec").path
        while folder.path != "/" {
            folder = folder.deletingLastPathComponent()
            let candidate = folder.appendingPathComponent("shared/mustache-spec").path
            if FileManager.default.fileExists(atPath: candidate) {
                return candidate
            }
        }
        return nearest
    }()

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: directory + "/interpolation.json")
    }

    /// The cases of one module (`"sections"`), or none when the folder is absent.
    static func cases(_ module: String) -> [SpecCase] {
        let path = directory + "/" + module + ".json"
        guard let data = FileManager.default.contents(atPath: path),
            let file = try? JSONDecoder().decode(SpecFile.self, from: data)
        else { return [] }
        return file.tests.map { SpecCase(module: module, test: $0) }
    }
}

/// One spec test, named for the test list.
struct SpecCase: Sendable, CustomTestStringConvertible {
    var module: String
    var test: SpecFile.Test

    var testDescription: String { "\(module): \(test.name)" }
}

struct SpecFile: Decodable, Sendable {
    struct Test: Decodable, Sendable {
        var name: String
        var desc: String
        var data: JSONValue
        var template: String
        var expected: String
        var partials: [String: String]?
    }

    var tests: [Test]
}

/// JSON data of a spec test, decoded without Foundation's loosely typed numbers.
indirect enum JSONValue: Decodable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .int(int)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    var mustacheValue: MustacheValue {
        switch self {
        case .null: .null
        case .bool(let bool): .bool(bool)
        case .int(let int): .int(int)
        case .double(let double): .double(double)
        case .string(let string): .string(string)
        case .array(let array): .list(array.map(\.mustacheValue))
        case .object(let object): .context(object.mapValues(\.mustacheValue))
        }
    }
}
