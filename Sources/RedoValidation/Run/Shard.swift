import RedoCrypto

/// One of N shards of a validation run (`validate --shard K/N`): the tasks whose taskId
/// hashes to K. A batch scheduler runs N processes, each on every record, each verifying
/// only its own tasks' signatures and reporting only its own tasks' records;
/// `merge-reports` puts the N reports back together.
///
/// The hash is SHA-256 of the taskId's UTF-8 bytes, its first 8 bytes read big-endian,
/// modulo N: the same on every machine and in every process (Swift's `Hasher` is seeded
/// per process). Records without a readable taskId belong to shard 0, as do input
/// problems.
package struct Shard: Sendable, Equatable {
    /// From 0 to `count` − 1, as `JOB_COMPLETION_INDEX` counts.
    package let index: Int
    package let count: Int

    /// At most this many shards: more would leave each shard a few tasks while every one
    /// still reads the whole input.
    package static let maxCount = 1024

    package init(index: Int, count: Int) {
        precondition(count >= 1 && (0..<count).contains(index))
        self.index = index
        self.count = count
    }

    /// Parses `K/N`; nil when it is not that shape or out of range (`usageProblem` says why).
    package init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            let index = Int(parts[0]), let count = Int(parts[1]),
            (1...Self.maxCount).contains(count), (0..<count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }

    /// The usage error for a `--shard` value (nil: fine).
    package static func usageProblem(_ text: String) -> String? {
        Shard(parsing: text) == nil
            ? "--shard must be K/N with 1 ≤ N ≤ \(maxCount) and 0 ≤ K < N (e.g. 0/4), got \(text)" : nil
    }

    /// The shard a taskId belongs to; nil (no readable taskId) is shard 0.
    package static func of(taskId: String?, count: Int) -> Int {
        guard count > 1, var text = taskId else { return 0 }
        let digest = text.withUTF8 { RedoSHA256.hash(UnsafeRawBufferPointer($0)) }
        // `w0` holds the digest's first 8 bytes read big-endian.
        return Int(digest.w0 % UInt64(count))
    }

    /// Whether this shard holds the records of `taskId`.
    package func owns(taskId: String?) -> Bool { Self.of(taskId: taskId, count: count) == index }
}
