import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoTestSupport
import RedoValidation
import XCTest

@testable import RedoConformKit

final class ReconstructionPropertyTests: XCTestCase {
    /// Every reconstruction vector of another seed (empty only when the catalog does not
    /// build, which the count below and the catalog's own tests catch).
    static let scenarios = (try? ReconstructionCatalog.scenarios(seed: "replay properties")) ?? []

    /// The state does not depend on record order.
    func testStateIndependentOfRecordOrder() {
        var rng = SeededRandom(for: self, seed: 8)
        XCTAssertEqual(Self.scenarios.count, 39)
        for scenario in Self.scenarios {
            let reference = LogPipeline.stateBytes(scenario.records)
            for round in 0..<8 {
                let shuffled = scenario.records.shuffled(using: &rng)
                XCTAssertEqual(LogPipeline.stateBytes(shuffled), reference, "\(scenario.id) round \(round)")
            }
        }
        let all = Self.scenarios.flatMap(\.records)
        XCTAssertEqual(LogPipeline.stateBytes(all.shuffled(using: &rng)), LogPipeline.stateBytes(all))
    }

    /// The state written a piece at a time is byte for byte the canonical form of the whole
    /// state as one JSON value, for every piece size, and so is the task list; so are they
    /// when the state is made a task at a time as it is written.
    func testStateWrittenInPiecesEqualsTheWholeRendering() {
        let logs = Self.scenarios.map(\.records) + [Self.scenarios.flatMap(\.records)]
        var deletedTasks = 0
        for records in logs {
            let verdict = LogPipeline.validate(records, profile: .synced)
            let reconstruction = Reconstructor.reconstruct(verdict)
            let streamed = StreamedReconstruction(verdict)
            deletedTasks += reconstruction.deleted.count
            XCTAssertEqual(streamed.deleted, reconstruction.deleted)
            XCTAssertEqual(streamed.taskCount, reconstruction.tasks.count)
            // Task by task, as diff asks for them: the same ids, the same states.
            XCTAssertEqual(streamed.listedTaskIds, reconstruction.tasks.map(\.taskId))
            for (index, task) in reconstruction.tasks.enumerated() {
                XCTAssertEqual(
                    CanonicalJSON.bytes(of: StateRendering.taskJSON(streamed.task(at: index))),
                    CanonicalJSON.bytes(of: StateRendering.taskJSON(task)))
            }
            let whole = CanonicalJSON.bytes(of: StateRendering.json(reconstruction))
            XCTAssertEqual(StateRendering.canonicalBytes(reconstruction), whole)
            let now = UTCTime(millisecondsSinceEpoch: 1_760_000_000_000)
            let text = ReconstructCommand.text(reconstruction, now: now)
            for chunk in [1, 64, 1 << 20] {
                var pieces: [[UInt8]] = []
                StateRendering.writeCanonical(reconstruction, chunkBytes: chunk) { pieces.append($0) }
                XCTAssertEqual(Array(pieces.joined()), whole, "chunk \(chunk)")
                XCTAssertFalse(pieces.contains(where: \.isEmpty))
                var textPieces: [String] = []
                ReconstructCommand.writeText(reconstruction, now: now, chunkBytes: chunk) { textPieces.append($0) }
                XCTAssertEqual(textPieces.joined(), text, "chunk \(chunk)")
                pieces = []
                StateRendering.writeCanonical(streamed, chunkBytes: chunk) { pieces.append($0) }
                XCTAssertEqual(Array(pieces.joined()), whole, "streamed, chunk \(chunk)")
                textPieces = []
                ReconstructCommand.writeText(streamed, now: now, chunkBytes: chunk) { textPieces.append($0) }
                XCTAssertEqual(textPieces.joined(), text, "streamed, chunk \(chunk)")
            }
        }
        XCTAssertGreaterThan(deletedTasks, 0, "the scenarios include a deleted task")
    }

    /// Replaying any prefix closed under ancestry never crashes and gives a canonical state.
    func testPrefixesClosedUnderAncestry() throws {
        for scenario in Self.scenarios {
            // Records are written parents first, so every prefix is closed under ancestry.
            for length in 0...scenario.records.count {
                let state = LogPipeline.stateBytes(Array(scenario.records.prefix(length)))
                XCTAssertEqual(try CanonicalJSON.canonicalize(state), state, "\(scenario.id) prefix \(length)")
            }
        }
    }

    /// Every shipped expected state file is canonical JSON.
    func testShippedStateFilesAreCanonical() throws {
        let root = VectorRoot.shipped
        let names = root.files(in: "reconstruction", suffix: ".state.json")
        XCTAssertGreaterThanOrEqual(names.count, 18)
        for name in names {
            let bytes = try root.bytes("reconstruction/\(name)")
            XCTAssertEqual(try CanonicalJSON.canonicalize(bytes), bytes, name)
        }
    }

    /// The spec's section 13.2 MERGE example, by its own algorithm: title "Task Updated",
    /// priority 5 (the printed title "Task" is an erratum).
    func testSpecSection13_2MergeExampleGivesTheCorrectedState() throws {
        let scenario = try XCTUnwrap(Self.scenarios.first { $0.id == "spec-13-2-merge" })
        let state = try JSONReader.parse(LogPipeline.stateBytes(scenario.records))
        XCTAssertEqual(JSONPathLookup.value(at: "tasks[0].title", in: state), .string("Task Updated"))
        XCTAssertEqual(JSONPathLookup.value(at: "tasks[0].priority", in: state), .number(5))
    }

    /// PROTOCOL.md's ruling: a MERGE that does not descend from a completion still writes
    /// the todo's fields as it decided them (its branch created the todo, `completed:
    /// null` included), and wins when it is later in total order.
    func testMergeLaterThanAConcurrentCompletionReopensTheTodo() throws {
        let seed = "merge reopens"
        var b = LogBuilder(
            factory: NodeFactory(key: FixtureKeys.pair(seed: seed, index: 0)),
            task: FixtureKeys.uuid(seed: seed, "task"))
        let todo = FixtureKeys.uuid(seed: seed, "todo")
        let create = b.create()
        let makeTodo = b.node(
            .createTodo, parents: [create],
            [member("todoTaskId", str(todo)), member("deadline", str("2025-11-01T09:00:00.000Z"))])
        let edit = b.node(.update, parents: [create], [member("priority", num(4))])
        let complete = b.node(
            .completeTodo, parents: [makeTodo],
            [member("todoTaskId", str(todo)), member("completed", str("2025-10-30T09:00:00.000Z"))])
        // walls grow: after the completion
        let merge = b.node(.merge, parents: [makeTodo, edit], [member("base", str(create.idText))])
        let records = [create, makeTodo, edit, complete, merge].map { OrderedJSONWriter.bytes(.object($0)) }
        let state = try JSONReader.parse(LogPipeline.stateBytes(records))
        XCTAssertEqual(JSONPathLookup.value(at: "tasks[0].todos[0].completed", in: state), .null)
        XCTAssertEqual(JSONPathLookup.value(at: "tasks[0].priority", in: state), .number(4))
        // Merging the completing branch instead keeps the completion.
        var c = LogBuilder(
            factory: NodeFactory(key: FixtureKeys.pair(seed: seed, index: 0)),
            task: FixtureKeys.uuid(seed: seed, "task 2"))
        let create2 = c.create()
        let makeTodo2 = c.node(
            .createTodo, parents: [create2],
            [member("todoTaskId", str(todo)), member("deadline", str("2025-11-01T09:00:00.000Z"))])
        let edit2 = c.node(.update, parents: [create2], [member("priority", num(4))])
        let complete2 = c.node(
            .completeTodo, parents: [makeTodo2],
            [member("todoTaskId", str(todo)), member("completed", str("2025-10-30T09:00:00.000Z"))])
        let merge2 = c.node(.merge, parents: [complete2, edit2], [member("base", str(create2.idText))])
        let kept = try JSONReader.parse(
            LogPipeline.stateBytes(
                [create2, makeTodo2, edit2, complete2, merge2].map { OrderedJSONWriter.bytes(.object($0)) }))
        XCTAssertEqual(
            JSONPathLookup.value(at: "tasks[0].todos[0].completed", in: kept), .string("2025-10-30T09:00:00.000Z"))
    }
}
