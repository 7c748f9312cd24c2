import RedoCore
import RedoFixtures

/// The cascades of a live log: one record that changes the verdict of records already held. Each is a one-task log whose last record is the one the cascade starts from;
/// its seed sets its keys and task apart from the account's (``LiveLogWorkload``) and from
/// other cascades', so that it can be ingested into a log already holding those.
public struct CascadeWorkload: Sendable {
    /// The records held before the cascade, in the order they are ingested.
    public let held: [[UInt8]]
    /// The record whose ingest sets off the cascade.
    public let trigger: [UInt8]

    /// A chain of `nodes + 1` nodes whose second node comes last: the `nodes - 1` nodes below
    /// it wait for it, and its arrival makes all of them (and itself) valid. `seed` tells
    /// cascades apart.
    public static func releasingChain(nodes: Int, seed: String = "release") -> CascadeWorkload {
        var chain: [[UInt8]] = []
        LogGenerator(shape: .chain, nodes: nodes + 1, tasks: 1, seed: "\(LiveLogWorkload.seed)-\(seed)").generate {
            chain.append($0)
        }
        return CascadeWorkload(held: [chain[0]] + chain[2...], trigger: chain[1])
    }

    /// A chain of `nodes` nodes whose last `waiting` nodes arrive before the node above them,
    /// all newer than the rest of the task (an out-of-order sync on a long task): the
    /// trigger makes it and the `waiting` nodes valid, and leaves the task's other nodes as
    /// they were. `seed` tells cascades apart.
    public static func releasingTail(of nodes: Int, waiting: Int, seed: String = "release-tail") -> CascadeWorkload {
        var chain: [[UInt8]] = []
        LogGenerator(shape: .chain, nodes: nodes, tasks: 1, seed: "\(LiveLogWorkload.seed)-\(seed)").generate {
            chain.append($0)
        }
        let parent = chain.count - waiting - 1
        return CascadeWorkload(held: Array(chain[..<parent] + chain[(parent + 1)...]), trigger: chain[parent])
    }

    /// A chain of `nodes` nodes and an UPDATE off its node `back` places from the end, from a
    /// device that was offline (`LogGenerator.chainWithLateFork`): the trigger is older in
    /// the total order than the `back` nodes after its parent, and changes no verdict but its
    /// own. `seed` tells cascades apart.
    public static func forkingLate(of nodes: Int, back: Int, seed: String = "late-fork") -> CascadeWorkload {
        let (chain, fork) = LogGenerator.chainWithLateFork(
            nodes: nodes, back: back, seed: "\(LiveLogWorkload.seed)-\(seed)")
        return CascadeWorkload(held: chain, trigger: fork)
    }

    /// A task of `nodes` nodes in a chain and the DELETE that carries all of them: its
    /// ingest deletes the task. `seed` tells cascades apart.
    public static func deleteAcross(nodes: Int, seed: String = "delete") -> CascadeWorkload {
        var records: [[UInt8]] = []
        var generator = LogGenerator(
            shape: .bigDelete, nodes: nodes + 1, tasks: 1, seed: "\(LiveLogWorkload.seed)-\(seed)")
        generator.deleteLength = nodes
        generator.generate { records.append($0) }
        return CascadeWorkload(held: Array(records.dropLast()), trigger: records[records.count - 1])
    }

    /// Writes the cascade to `path` as ``RecordFile`` writes records: ``held``, then
    /// ``trigger`` last (`LoadedAccount.hold(_:)` reads it back).
    @discardableResult
    public func write(to path: String) throws(RecordFileError) -> RecordFile {
        try RecordFile.write(to: path) { emit in
            held.forEach(emit)
            emit(trigger)
        }
    }

    /// A live log holding ``held``; `verified` as for ``LiveLog/ingest(_:verified:)``.
    public func load(verified: (any VerifiedSignatures)? = nil) throws(LiveLogLimitExceeded) -> LiveLog {
        var live = LiveLog()
        _ = try live.ingest(held, verified: verified)
        return live
    }
}
