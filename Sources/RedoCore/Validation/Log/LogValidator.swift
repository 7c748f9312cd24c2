import RedoCrypto
import RedoJSON

/// Log-level validation over all records of an export: deduplication by id, parents,
/// lamport, duplicate CREATE, todo references, deletedChain, MERGE base, and the
/// broken-branch rules. The verdict depends only on the set of records, never on their
/// order: nodes are processed parents-first, ties broken by REDO's total order.
public struct LogValidator: Sendable {
    /// At most this many related ids are named per inherited finding (the smallest ids).
    static let maxRelated = 8

    /// A log validator (it has no settings).
    public init() {}

    /// The verdict on a whole log: `checks` are the node-level checks of every record, in
    /// input order (`NodeValidator.check`), failing records included. Time and memory grow
    /// about linearly with the number of records.
    ///
    /// Takes the checks by value and lets go of them as soon as their parts are sorted
    /// out: a caller that `consume`s its array never holds a million nodes twice.
    public func validate(_ checks: consuming [NodeCheck]) -> LogVerdict {
        var pass = LogPass([checks])
        return pass.run()
    }

    /// The same for checks gathered in batches: each batch is let go of as soon as it has
    /// been read, so a large log never exists as one array of checks plus its copy.
    public func validate(batches: consuming [[NodeCheck]]) -> LogVerdict {
        var pass = LogPass(batches)
        return pass.run()
    }

    /// Validation fed batch by batch (records keep their order across batches): the
    /// grouping of one batch can run while the next is still being checked.
    public struct Incremental: Sendable {
        private var pass = LogPass([])
        /// A validation with no records yet.
        public init() {}
        /// Adds the next records' checks, continuing the input order.
        public mutating func add(_ batch: consuming [NodeCheck]) { pass.add(batch) }
        /// Room for about `records` records, so that storage grows without copying: an
        /// estimate is enough (a run that passes it only grows as it would have).
        package mutating func reserveCapacity(records: Int) { pass.reserveCapacity(records: records) }
        /// The verdict on every record added: the same as `validate` on all of them at once.
        /// Call it once, after the last `add`.
        public mutating func finish() -> LogVerdict { pass.run() }

        /// The verdict on the records added so far, keeping them: `verdict(rejecting:)`
        /// can then run the rules again.
        package func verdict() -> LogVerdict {
            var copy = pass
            return copy.run()
        }

        /// The verdict had the `late` records failed their node-level checks with one more
        /// finding, `finding`: records that were checked as passing while their signature
        /// was still being verified (`NodeValidator.check(bytes:deferringSignature:)`), and
        /// whose signature then failed. Equal to the verdict of adding those records'
        /// final checks in the first place.
        /// Consumes the records: called once, last, and in place so that the nodes of the
        /// rejected records are let go of before the rules run again.
        package mutating func finish(rejecting late: [LateRejection], with finding: Finding) -> LogVerdict {
            pass.regroup(rejecting: late, with: finding)
            return pass.run()
        }
    }
}

/// A record that passed node-level checks when it was grouped, and failed one later.
/// Compact (a log with a million bad signatures has a million of these).
package struct LateRejection: Sendable {
    /// The record's position among all records added.
    package let record: Int
    /// The id it claims (a passing record's id is well-formed).
    package let id: NodeID

    package init(record: Int, id: NodeID) {
        self.record = record
        self.id = id
    }
}
