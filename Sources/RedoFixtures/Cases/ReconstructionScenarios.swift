import RedoCore
import RedoCrypto
import RedoJSON

/// One reconstruction vector: a signed log, and facts about its reconstructed state that
/// were worked out by hand from the protocol (the state file itself is generated; these
/// assertions keep the generator honest).
package struct ReconstructionScenario: Sendable {
    package let id: String
    package let comment: String
    package let flags: [BugClass]
    package let records: [[UInt8]]
    /// (path into the state JSON, expected value), e.g. ("tasks[0].title", "Task Updated").
    package let assertions: [(String, JSONValue)]

    package init(
        id: String, comment: String, flags: [BugClass], records: [[UInt8]], assertions: [(String, JSONValue)]
    ) {
        self.id = id
        self.comment = comment
        self.flags = flags
        self.records = records
        self.assertions = assertions
    }
}

/// The reconstruction vectors still written in Swift: the scenario catalog
/// (`Vectors/scenarios`, files with `vector: reconstruction`) is the source of the others.
/// These are the ones whose records no scenario fault writes, or whose records the run
/// seed's ids decide (a title searched for until an id is greater).
package struct ReconstructionScenarios {
    package let seed: String
    let factory: NodeFactory

    package init(seed: String) {
        self.seed = seed
        factory = NodeFactory(key: FixtureKeys.pair(seed: seed, index: 0))
    }

    func builder(_ label: String) -> LogBuilder {
        LogBuilder(factory: factory, task: FixtureKeys.uuid(seed: seed, "replay \(label)"))
    }
    static func lines(_ nodes: [JSONObject]) -> [[UInt8]] { nodes.map { OrderedJSONWriter.bytes(.object($0)) } }
    func ids(_ nodes: [JSONObject]) -> JSONValue { .array(nodes.map(\.idText).sorted().map { str($0) }) }

    package var all: [ReconstructionScenario] { decisionScenarios }
}
