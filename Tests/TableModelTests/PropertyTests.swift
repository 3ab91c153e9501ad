import Testing
@testable import TableModel

/// Thousands of seeded random action sequences on random definitions, checking the model's invariants after every
/// step. A failure records the seed, the definition and the shortest failing sequence found by shrinking.
@Suite struct PropertyTests {
    static let sequences = 2_000
    static let stepsPerSequence = 25
    /// Every this many steps (and at the end of a sequence) the costly checks run too.
    static let thoroughEvery = 4

    /// One reproducible run: a definition and the actions applied to it.
    struct Run {
        var seed: UInt64
        var definition: TableDefinition
        var definitionJSON: String
        var actions: [TableAction]
    }

    @Test func invariantsHoldAfterEveryStepOfRandomSequences() throws {
        var steps = 0
        for seed in 1...UInt64(Self.sequences) {
            var random = SplitMix64(seed: seed)
            let json = RandomTables.definitionJSON(&random)
            let definition = try definition(json)
            var state = TableState(definition: definition)
            var actions: [TableAction] = []
            for number in 1...Self.stepsPerSequence {
                let action = RandomTables.action(for: state, &random)
                actions.append(action)
                steps += 1
                let thorough = number % Self.thoroughEvery == 0 || number == Self.stepsPerSequence
                switch Self.step(state, action, thorough: thorough) {
                case .success(let next):
                    state = next
                case .failure(let failure):
                    let run = Run(seed: seed, definition: definition, definitionJSON: json, actions: actions)
                    Self.record(failure, shrinking: run)
                    return
                }
            }
        }
        print("PropertyTests: \(steps) random steps checked in \(Self.sequences) sequences")
    }

    /// Applies `action` and checks every invariant; the next state, or what broke.
    static func step(_ state: TableState, _ action: TableAction, thorough: Bool)
        -> Result<TableState, InvariantFailure>
    {
        let result = state.applying(action)
        let next = (try? result.get().state) ?? state
        var failures: [String] = []
        if case .success(let outcome) = result, outcome.effect == .nothingChanged, outcome.state != state {
            failures.append("\(action): nothing changed, yet the state differs")
        }
        // Applied in place, the action does the same, and a refusal leaves the state as it was.
        var inPlace = state
        switch (inPlace.apply(action), result) {
        case (.success(let effect), .success(let outcome)):
            if effect != outcome.effect || inPlace != outcome.state {
                failures.append("\(action): applied in place, it did otherwise than `applying`")
            }
        case (.failure(let error), .failure(let expected)):
            if error != expected || inPlace != state {
                failures.append("\(action): a refusal changed the state in place")
            }
        default:
            failures.append("\(action): applied in place, it succeeded or failed otherwise than `applying`")
        }
        failures += Invariants.idempotence(of: action, from: state, result)
        failures += Invariants.undoIsExact(after: action, from: state, result)
        failures += Invariants.lockedRowsMoveOnlyByDeletion(from: state, to: next, result)
        failures += Invariants.check(next, thorough: thorough)
        if thorough { failures += selectionLooksAgree(in: next) }
        guard failures.isEmpty else {
            return .failure(InvariantFailure(messages: failures))
        }
        return .success(next)
    }

    /// A page reads a row's look outside the edit modes without presenting it (`RowPresentations.selectionLook`):
    /// it must answer what the presented row's selection control shows, and nothing in the edit modes.
    static func selectionLooksAgree(in state: TableState) -> [String] {
        var failures: [String] = []
        for section in state.presentation.sections {
            for index in section.rows.indices {
                let presented = section.rows[index]
                let look = section.rows.selectionLook(at: index)
                if presented.isEditing {
                    if look != nil { failures.append("\(presented.row.id): a look while editing") }
                } else if look?.indexInSection != presented.row.indexInSection
                    || look?.selection != presented.selectionControl?.look
                {
                    failures.append("\(presented.row.id): its look is not its presentation's")
                }
            }
        }
        return failures
    }

    /// Replays `actions` from the initial state; the first failure, if any.
    static func firstFailure(_ definition: TableDefinition, _ actions: [TableAction]) -> InvariantFailure? {
        var state = TableState(definition: definition)
        for action in actions {
            switch step(state, action, thorough: true) {
            case .success(let next): state = next
            case .failure(let failure): return failure
            }
        }
        return nil
    }

    static func record(_ failure: InvariantFailure, shrinking run: Run) {
        let shortest = Shrinker.shrink(run.actions) { firstFailure(run.definition, $0) != nil }
        let failureOfShortest = firstFailure(run.definition, shortest) ?? failure
        Issue.record("""
            invariant broken; seed \(run.seed), \(run.actions.count) steps, shrunk to \(shortest.count):
            \(failureOfShortest.messages.joined(separator: "\n"))
            definition: \(run.definitionJSON)
            actions:
            \(shortest.map { "  \($0)" }.joined(separator: "\n"))
            """)
    }

    @Test func shrinkingFindsTheShortestFailingSequence() throws {
        // A deliberately broken check: "no row is ever deleted" fails after a delete; shrinking must keep just the
        // steps that lead to a deletion.
        let table = RulesTable.definition
        let actions: [TableAction] = [
            .select(row: "hachiman"), .setEditMode(.delete), .setAllExpanded(true), .select(row: "towel"),
            .delete(row: "m1"), .reset, .setEditMode(.off),
        ]
        func deletes(_ actions: [TableAction]) -> Bool {
            var state = TableState(definition: table)
            for action in actions {
                state = (try? state.applying(action).get().state) ?? state
                if !state.deletedRowIDs.isEmpty { return true }
            }
            return false
        }
        let shortest = Shrinker.shrink(actions, stillFails: deletes)
        #expect(shortest == [.setEditMode(.delete), .delete(row: "m1")])
    }
}

/// What an invariant check found wrong.
struct InvariantFailure: Error {
    var messages: [String]
}
