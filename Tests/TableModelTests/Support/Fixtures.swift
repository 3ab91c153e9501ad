import Foundation
import TableModel
import Testing

/// Files under `Tests/TableModelTests/Fixtures`, found next to this source file.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try bytes(name), as: UTF8.self)
    }
}

/// The definition most rule tests run against (`Fixtures/rules.json`), loaded once.
enum RulesTable {
    static let definition: TableDefinition = {
        guard let bytes = try? Fixtures.bytes("rules.json"),
            case .success(let catalog) = DefinitionLoader.load(bytes),
            let table = catalog.table(id: "rules")
        else {
            preconditionFailure("Fixtures/rules.json must load")
        }
        return table
    }()

    static var initial: TableState {
        TableState(definition: definition)
    }
}

enum ApplyFailure: Error, CustomStringConvertible {
    case refused(TableAction, ActionError)

    var description: String {
        switch self {
        case .refused(let action, let error): "\(action) failed: \(error)"
        }
    }
}

extension TableState {
    /// Applies actions that must succeed, throwing the first failure.
    func after(_ actions: TableAction...) throws -> TableState {
        var state = self
        for action in actions {
            switch state.applying(action) {
            case .success(let outcome): state = outcome.state
            case .failure(let error): throw ApplyFailure.refused(action, error)
            }
        }
        return state
    }

    /// The error `action` fails with, or `nil` when it succeeds.
    func error(applying action: TableAction) -> ActionError? {
        if case .failure(let error) = applying(action) { error } else { nil }
    }

    /// The effect of `action`, or `nil` when it fails.
    func effect(of action: TableAction) -> ActionEffect? {
        if case .success(let outcome) = applying(action) { outcome.effect } else { nil }
    }
}

/// A definition from JSON text that must be valid.
func definition(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> TableDefinition {
    switch DefinitionLoader.load(json) {
    case .success(let catalog):
        return try #require(catalog.tables.first, sourceLocation: sourceLocation)
    case .failure(let problems):
        Issue.record("definition refused: \(problems)", sourceLocation: sourceLocation)
        throw problems
    }
}
