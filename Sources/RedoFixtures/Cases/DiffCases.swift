import RedoCore
import RedoCrypto
import RedoJSON

/// Diff vectors: pairs of one account's exports, each pair showing one kind of
/// difference `diff` reports (or none), with the differences counted by hand.
package struct DiffCase: Sendable {
    /// How one side is written.
    package enum Side: Sendable {
        /// JSON Lines, one node a line.
        case lines([JSONObject])
        /// A Firestore collection export: id → node.
        case firestore([JSONObject])
        /// The reconstructed state of these nodes, as `reconstruct --format json` prints
        /// it, with one member of its first task set to a value (a platform's wrong state).
        case state([JSONObject], setting: (key: String, value: JSONValue)?)

        /// The file name's ending for this side's shape.
        package var suffix: String {
            switch self {
            case .lines: return ".jsonl"
            case .firestore: return ".json"
            case .state: return ".state.json"
            }
        }
    }

    package let id: String
    package let comment: String
    package let a: Side
    package let b: Side
    /// `--at`, for the urgency comparison; nil without.
    package let at: String?
    /// Differences by kind (the report's summary keys; kinds not listed: none).
    package let expected: [(kind: String, count: Int)]
    /// Exit status 0 (equivalent) or 1.
    package var equivalent: Bool { expected.allSatisfy { $0.kind == "resigned" } }
}

package struct DiffCases {
    package let seed: String
    let factory: NodeFactory

    package init(seed: String) {
        self.seed = seed
        factory = NodeFactory(key: FixtureKeys.pair(seed: seed, index: 0))
    }

    package func builder(_ label: String) -> LogBuilder {
        LogBuilder(factory: factory, task: FixtureKeys.uuid(seed: seed, "diff \(label)"))
    }

    /// A task created, retitled, then given a priority: three nodes in one chain.
    package func chain(_ label: String) -> (JSONObject, JSONObject, JSONObject) {
        var b = builder(label)
        let create = b.create(title: "Groceries")
        let retitle = b.node(.update, parents: [create], [member("title", str("Groceries for the week"))])
        let priority = b.node(.update, parents: [retitle], [member("priority", num(2))])
        return (create, retitle, priority)
    }

    package var all: [DiffCase] {
        [
            nodeMissing, alteredCopy, resignedCopy, verdictDifference, fieldDifference, todoDifference, taskDeleted,
            stateAgainstLog, shapes,
        ].compactMap { $0 }
    }

    var nodeMissing: DiffCase {
        let (c, r, p) = chain("node missing")
        return DiffCase(
            id: "node-missing", comment: "B never received the last node: its priority and heads differ",
            a: .lines([c, r, p]), b: .lines([c, r]), at: nil,
            expected: [("missing", 1), ("field", 2)])
    }

    var alteredCopy: DiffCase {
        let (c, r, p) = chain("altered copy")
        // The title changed after signing, id and signature kept: B rejects the copy, and
        // its child inherits the rejection.
        let altered = r.setting("data.payload.title", to: str("Groceries for the month"))
        return DiffCase(
            id: "altered-copy",
            comment:
                "B's copy of the retitle was altered after signing (E_HASH_MISMATCH); its child is X_ANCESTOR_REJECTED there",
            a: .lines([c, r, p]), b: .lines([c, altered, p]), at: nil,
            expected: [("altered", 1), ("verdict", 1), ("field", 3)])
    }

    /// Nil without the Libsodium trait (`signed(by:nonce:)`).
    var resignedCopy: DiffCase? {
        let (c, r, p) = chain("resigned copy")
        guard let resigned = r.signed(by: factory.key, nonce: RedoSHA256.hash(Array("\(seed) diff nonce".utf8)).bytes)
        else { return nil }
        return DiffCase(
            id: "resigned-copy",
            comment: "B holds the retitle with another valid signature (a randomized signer): equivalent, counted",
            a: .lines([c, r, p]), b: .lines([c, resigned, p]), at: nil, expected: [("resigned", 1)])
    }

    var verdictDifference: DiffCase {
        let (c, r, p) = chain("verdict difference")
        return DiffCase(
            id: "verdict-difference",
            comment: "B never received the retitle, so its child's parent is missing there (E_PARENT_NOT_FOUND)",
            a: .lines([c, r, p]), b: .lines([c, p]), at: nil,
            expected: [("missing", 1), ("verdict", 1), ("field", 3)])
    }

    var fieldDifference: DiffCase {
        let (c, r, p) = chain("field difference")
        return DiffCase(
            id: "field-difference", comment: "B is a platform's own state that renders priority 3 instead of 2",
            a: .lines([c, r, p]), b: .state([c, r, p], setting: ("priority", num(3))), at: nil,
            expected: [("field", 1)])
    }

    var todoDifference: DiffCase {
        var b = builder("todo difference")
        let todo = FixtureKeys.uuid(seed: seed, "diff todo")
        let create = b.create(title: "Water the plants")
        let make = b.node(
            .createTodo, parents: [create],
            [member("todoTaskId", str(todo)), member("deadline", str("2025-11-01T09:00:00.000Z"))])
        let complete = b.node(
            .completeTodo, parents: [make],
            [member("todoTaskId", str(todo)), member("completed", str("2025-10-31T18:00:00.000Z"))])
        return DiffCase(
            id: "todo-difference",
            comment:
                "B never received the completion: the todo's completed, currentTodo, heads and (at --at) the urgency differ",
            a: .lines([create, make, complete]), b: .lines([create, make]), at: "2025-10-30",
            expected: [("missing", 1), ("field", 2), ("todo", 1), ("urgency", 1)])
    }

    var taskDeleted: DiffCase {
        var b = builder("task deleted")
        let create = b.create(title: "Old errand")
        let retitle = b.node(.update, parents: [create], [member("title", str("Old errand, done"))])
        let delete = b.node(
            .delete, parents: [retitle], [member("deletedChain", .array([str(create.idText), str(retitle.idText)]))])
        return DiffCase(
            id: "task-deleted", comment: "A deleted the task; the DELETE never reached B",
            a: .lines([create, retitle, delete]), b: .lines([create, retitle]), at: nil,
            expected: [("missing", 1), ("deleted", 1)])
    }

    var stateAgainstLog: DiffCase {
        let (c, r, p) = chain("state against log")
        return DiffCase(
            id: "state-against-log", comment: "A log against its own reconstructed state: equivalent",
            a: .lines([c, r, p]), b: .state([c, r, p], setting: nil), at: nil, expected: [])
    }

    var shapes: DiffCase {
        let (c, r, p) = chain("shapes")
        return DiffCase(
            id: "shapes", comment: "the same nodes as JSON Lines and as a Firestore collection export: equivalent",
            a: .lines([c, r, p]), b: .firestore([p, c, r]), at: nil, expected: [])
    }
}
