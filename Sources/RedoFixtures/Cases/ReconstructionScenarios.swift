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
/// These are the ones whose records no scenario fault writes, or whose expected facts the
/// run seed's ids decide (which key or id is greater), so that a file could state them for
/// one seed only.
package struct ReconstructionScenarios {
    package let seed: String
    let factory: NodeFactory
    let other: NodeFactory

    package init(seed: String) {
        self.seed = seed
        factory = NodeFactory(key: FixtureKeys.pair(seed: seed, index: 0))
        other = NodeFactory(key: FixtureKeys.pair(seed: seed, index: 1), deviceId: "device-b")
    }

    func builder(_ label: String) -> LogBuilder {
        LogBuilder(factory: factory, task: FixtureKeys.uuid(seed: seed, "replay \(label)"))
    }
    static func lines(_ nodes: [JSONObject]) -> [[UInt8]] { nodes.map { OrderedJSONWriter.bytes(.object($0)) } }
    func ids(_ nodes: [JSONObject]) -> JSONValue { .array(nodes.map(\.idText).sorted().map { str($0) }) }

    package var all: [ReconstructionScenario] { [mergeLwwAuthor] + decisionScenarios }

    /// Which author's userId is greater decides the title: the seed's keys decide it.
    var mergeLwwAuthor: ReconstructionScenario {
        var b = builder("merge lww-author")
        let base = b.create(title: "Base", [member("priority", num(3)), member("storyPoints", num(5))])
        let a = b.node(
            .update, parents: [base],
            [member("title", str("From A")), member("priority", num(1)), member("storyPoints", num(8))])
        var bOther = LogBuilder(factory: other, task: b.task)
        let step = bOther.node(
            .update, parentIds: [base.idText], [member("description", str("B was here"))], lamport: 2,
            wall: LogBuilder.wall(secondsAfterStart: 50))
        let c = bOther.node(
            .update, parentIds: [step.idText],
            [member("title", str("From B")), member("priority", num(4)), member("storyPoints", num(2))], lamport: 3,
            wall: LogBuilder.wall(secondsAfterStart: 51))
        let merge = b.node(
            .merge, parents: [a, c],
            [member("base", str(base.idText)), MergeResolutions.policy(lwwTiebreakers: ["author"])], lamport: 4,
            wall: LogBuilder.wall(secondsAfterStart: 60))
        let aWins = factory.key.publicKey.redoUserId > other.key.publicKey.redoUserId
        return ReconstructionScenario(
            id: "merge-lww-author",
            comment: "lww with tiebreakers [author]: the greater author.userId wins, lamport is not consulted",
            flags: [.mergeSemantics], records: Self.lines([base, a, step, c, merge]),
            assertions: [("tasks[0].title", str(aWins ? "From A" : "From B"))])
    }
}
