import Foundation
import RedoCore
import RedoCrypto
import RedoText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Signatures libsodium has already accepted (`--cache DIR`, `REDO_CONFORM_CACHE`), so
/// that validating an export again verifies only what is new.
///
/// What it holds: for each accepted (public key, signature, SHA-256 of the canonical
/// body) triple, one SHA-256 digest of the three — nothing else, so an entry can only
/// ever stand for that exact triple: a different key, signature or body is a different
/// digest. A signature that failed is never stored.
///
/// Trust: whoever can write the cache file can make a rejected signature pass. Keep the
/// folder as private as the reports (it is created with mode 0700).
///
/// The file, `signatures-v1.bin` in the folder: a 16-byte magic with the format version,
/// the entry count (UInt64, little-endian), the entries (32-byte digests, ascending),
/// then SHA-256 of everything before it. A file that is not exactly that is ignored with
/// a one-line warning and replaced when the run ends. Writing goes to a new file that
/// is then renamed over the old one, so a concurrent run reads the old file or the new
/// one, never a mix (of two runs ending together, the last rename wins).
///
/// Size: every entry this run used or added is kept, however many: an export with more
/// signed nodes than the bound would otherwise verify its surplus again on every run,
/// which is the run the cache is for. Entries of other runs fill what is left up to
/// `maxEntries` (default 4,000,000: 128 MB), those with the smallest digests first (an
/// arbitrary but fixed choice). So the file holds at most the larger of `maxEntries` and
/// the signatures of one run.
///
/// Safe to share between threads: lookups read the loaded entries, which never change;
/// hits and additions are recorded under a lock.
package final class SignatureCache: @unchecked Sendable {
    // @unchecked: `used`, `added`, `hits` and `verified` are guarded by `lock`.
    package static let fileName = "signatures-v1.bin"
    static let magic = Array("redo-sigcache-v1".utf8)
    package static let defaultMaxEntries = 4_000_000

    package let folder: String
    package let maxEntries: Int
    /// The entries read from the file, ascending.
    private let loaded: [RedoSHA256Digest]
    /// Where the entries whose first `bucketBits` bits are b begin in `loaded`:
    /// `bucketStart[b]`, up to `bucketStart[b + 1]`. Digests are uniform, so a bucket
    /// holds about one entry, and a lookup reads two places in memory instead of the
    /// twenty a binary search over a million entries reads.
    private let bucketStart: [Int32]
    private let bucketBits: Int
    /// Why the file was ignored, for the warning; nil when it was read or absent.
    package let unreadable: String?

    private let lock = NSLock()
    private var used: [Bool]
    private var added: [RedoSHA256Digest] = []
    private var hits = 0
    private var verified = 0

    /// Reads the cache in `folder` (absent: an empty cache).
    package init(folder: String, maxEntries: Int = SignatureCache.defaultMaxEntries) {
        self.folder = folder
        self.maxEntries = maxEntries
        let path = folder + "/" + Self.fileName
        var entries: [RedoSHA256Digest] = []
        var problem: String?
        if let bytes = FileManager.default.contents(atPath: path) {
            switch Self.decode([UInt8](bytes)) {
            case let .success(read): entries = read
            case let .failure(reason): problem = "\(path): \(reason.text); ignored, and rewritten after this run"
            }
        }
        loaded = entries
        unreadable = problem
        used = Array(repeating: false, count: entries.count)
        (bucketBits, bucketStart) = Self.buckets(of: entries)
    }

    /// About one bucket per entry (at least 2, at most 2^24): the first bits of each digest
    /// name its bucket, and the entries, being sorted, are sorted by bucket.
    private static func buckets(of entries: [RedoSHA256Digest]) -> (bits: Int, start: [Int32]) {
        let bits = min(24, max(1, Int.bitWidth - entries.count.leadingZeroBitCount))
        var start = [Int32](repeating: 0, count: (1 << bits) + 1)
        for entry in entries { start[Int(entry.w0 >> UInt64(64 - bits)) + 1] += 1 }
        for b in 0..<(1 << bits) { start[b + 1] += start[b] }
        return (bits, start)
    }

    /// The position of each digest in `loaded`, if it is there. The lookups run side by
    /// side, first every bucket's bounds, then every bucket's entries: each read is a miss
    /// in the processor's caches (the entries of a million signatures take 32 MB), and
    /// reads that do not wait for one another overlap. One at a time, a lookup took about
    /// 0.5 µs, nearly all of it waiting.
    func positions(of digests: [RedoSHA256Digest]) -> [Int?] {
        let shift = UInt64(64 - bucketBits)
        let buckets = digests.map { digest in
            let bucket = Int(digest.w0 >> shift)
            return (start: Int(bucketStart[bucket]), end: Int(bucketStart[bucket + 1]))
        }
        return digests.indices.map { k in
            (buckets[k].start..<buckets[k].end).first { loaded[$0] == digests[k] }
        }
    }

    /// The digest that stands for one triple. `bodyHash` is the SHA-256 of the canonical
    /// body: for a record that passed its hash check, its id.
    static func entry(key: Ed25519PublicKey, signature: Ed25519Signature, bodyHash: RedoSHA256Digest)
        -> RedoSHA256Digest
    {
        // On the stack, at fixed offsets: a million lookups allocate nothing.
        withUnsafeTemporaryAllocation(byteCount: 144, alignment: 8) { bytes in
            let base = bytes.baseAddress!
            magic.withUnsafeBytes { base.copyMemory(from: $0.baseAddress!, byteCount: 16) }
            key.withUnsafeBytes { (base + 16).copyMemory(from: $0.baseAddress!, byteCount: 32) }
            signature.withUnsafeBytes { (base + 48).copyMemory(from: $0.baseAddress!, byteCount: 64) }
            base.storeBytes(of: bodyHash.w0.bigEndian, toByteOffset: 112, as: UInt64.self)
            base.storeBytes(of: bodyHash.w1.bigEndian, toByteOffset: 120, as: UInt64.self)
            base.storeBytes(of: bodyHash.w2.bigEndian, toByteOffset: 128, as: UInt64.self)
            base.storeBytes(of: bodyHash.w3.bigEndian, toByteOffset: 136, as: UInt64.self)
            return RedoSHA256.hash(UnsafeRawBufferPointer(bytes))
        }
    }

    /// The position of each digest in `loaded`, if it is there (`positions(of:)`); each
    /// found is marked as used by this run and counted, under the lock once.
    private func lookUp(_ digests: [RedoSHA256Digest]) -> [Int?] {
        let found = positions(of: digests)
        lock.lock()
        for case let position? in found {
            used[position] = true
            hits += 1
        }
        lock.unlock()
        return found
    }

    /// Takes the signatures the cache holds out of `deferred` (they are not verified
    /// again) and counts them. `bodyHash(k)` is the SHA-256 of the k-th signature's body
    /// (for a deferred signature, its record's id), nil for one the run does not verify.
    /// Done on the batch as soon as it is checked, so that a signature found never becomes
    /// a job for the verifier threads, and its body is let go of at once. What is left is
    /// for `verifyNotFound`.
    func takeFound(from deferred: inout [DeferredSignature?], bodyHash: (Int) -> RedoSHA256Digest?) {
        var records: [Int] = []
        var digests: [RedoSHA256Digest] = []
        for k in deferred.indices {
            guard let signature = deferred[k], let hash = bodyHash(k) else { continue }
            records.append(k)
            digests.append(Self.entry(key: signature.key, signature: signature.signature, bodyHash: hash))
        }
        for (k, position) in zip(records, lookUp(digests)) where position != nil { deferred[k] = nil }
    }

    /// Verifies through the cache: a known triple passes without libsodium; the others are
    /// verified, and those accepted are added. Whether the signature holds.
    package func verify(
        _ signature: Ed25519Signature, of body: [UInt8], hash bodyHash: RedoSHA256Digest, by key: Ed25519PublicKey
    )
        -> Bool
    {
        verify(count: 1, triple: { _ in (key, signature, bodyHash) }, body: { _ in body })[0]
    }

    /// The same for `count` signatures at once: the k-th is `triple(k)` (key, signature,
    /// SHA-256 of the canonical body), over `body(k)`, asked for only when it is not in the
    /// cache. Their lookups overlap (`positions(of:)`).
    package func verify(
        count: Int, triple: (Int) -> (Ed25519PublicKey, Ed25519Signature, RedoSHA256Digest), body: (Int) -> [UInt8]
    ) -> [Bool] {
        let found = lookUp(
            (0..<count).map { k in
                let (key, signature, bodyHash) = triple(k)
                return Self.entry(key: key, signature: signature, bodyHash: bodyHash)
            })
        let missing = found.indices.filter { found[$0] == nil }
        var accepted = found.map { $0 != nil }
        let verdicts = verifyNotFound(
            count: missing.count, triple: { triple(missing[$0]) }, body: { body(missing[$0]) })
        for (k, holds) in zip(missing, verdicts) { accepted[k] = holds }
        return accepted
    }

    /// Verifies `count` signatures already looked up and not found (what `takeFound` left),
    /// with libsodium, without looking them up again; those accepted are added. Whether
    /// each holds.
    func verifyNotFound(
        count: Int, triple: (Int) -> (Ed25519PublicKey, Ed25519Signature, RedoSHA256Digest), body: (Int) -> [UInt8]
    ) -> [Bool] {
        var accepted: [Bool] = []
        accepted.reserveCapacity(count)
        var newlyAccepted: [RedoSHA256Digest] = []
        for k in 0..<count {
            let (key, signature, bodyHash) = triple(k)
            let holds = Ed25519.verify(signature, of: body(k), by: key)
            accepted.append(holds)
            if holds { newlyAccepted.append(Self.entry(key: key, signature: signature, bodyHash: bodyHash)) }
        }
        lock.lock()
        verified += count
        added += newlyAccepted
        lock.unlock()
        return accepted
    }

    /// "N signatures from the cache, M verified": the line a run with a cache prints.
    package var summary: String {
        lock.lock()
        defer { lock.unlock() }
        return "cache: \(counted(hits, "signature")) from the cache, \(verified) verified"
    }

    /// Writes the cache back: all of this run's entries, then the others up to
    /// `maxEntries`. Nil when written, else why not.
    package func save() -> String? {
        lock.lock()
        // This run's entries: those it found and those it added (never the same entry: a
        // triple found is not verified again; one verified twice is kept once).
        var entries = added
        for k in loaded.indices where used[k] { entries.append(loaded[k]) }
        lock.unlock()
        entries.sort()
        entries = Self.distinct(entries)
        // Then the others, in their (ascending) order, up to the bound.
        var room = maxEntries - entries.count
        for k in loaded.indices where room > 0 && !used[k] {
            entries.append(loaded[k])
            room -= 1
        }
        entries.sort()
        if mkdir(folder, 0o700) != 0 && errno != EEXIST { return "\(folder): \(InputFile.systemReason())" }
        let temporary = "\(folder)/.\(Self.fileName).\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
        let bytes = Self.encode(entries)
        entries = []
        // Handed over in place: a Data copy would hold the file's bytes twice.
        let written = bytes.withUnsafeBytes { raw in
            FileManager.default.createFile(
                atPath: temporary,
                contents: Data(
                    bytesNoCopy: UnsafeMutableRawPointer(mutating: raw.baseAddress!), count: raw.count,
                    deallocator: .none),
                attributes: [.posixPermissions: 0o600])
        }
        guard written else { return "\(temporary): cannot be written" }
        guard rename(temporary, folder + "/" + Self.fileName) == 0 else {
            let reason = InputFile.systemReason()
            unlink(temporary)
            return "\(folder)/\(Self.fileName): \(reason)"
        }
        return nil
    }

    /// A sorted array with each value once.
    private static func distinct(_ sorted: [RedoSHA256Digest]) -> [RedoSHA256Digest] {
        var out: [RedoSHA256Digest] = []
        out.reserveCapacity(sorted.count)
        for entry in sorted where out.last != entry { out.append(entry) }
        return out
    }

    struct Unreadable: Error {
        let text: String
    }

    static func encode(_ entries: [RedoSHA256Digest]) -> [UInt8] {
        var bytes = magic
        bytes.reserveCapacity(magic.count + 8 + entries.count * 32 + 32)
        withUnsafeBytes(of: UInt64(entries.count).littleEndian) { bytes += $0 }
        for entry in entries { bytes += entry.bytes }
        bytes += RedoSHA256.hash(bytes).bytes
        return bytes
    }

    static func decode(_ bytes: [UInt8]) -> Result<[RedoSHA256Digest], Unreadable> {
        let head = magic.count + 8
        guard bytes.count >= head + 32, Array(bytes[0..<magic.count]) == magic else {
            return .failure(Unreadable(text: "not a redo-conform signature cache of this version"))
        }
        let count = bytes[magic.count..<head].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard count <= UInt64(bytes.count / 32), bytes.count == head + Int(count) * 32 + 32 else {
            return .failure(Unreadable(text: "truncated or corrupt (its size does not match its entry count)"))
        }
        let sum = bytes.withUnsafeBytes {
            RedoSHA256.hash(UnsafeRawBufferPointer(rebasing: $0[0..<(bytes.count - 32)]))
        }
        guard sum.bytes == Array(bytes[(bytes.count - 32)...]) else {
            return .failure(Unreadable(text: "corrupt (its checksum does not match)"))
        }
        var entries: [RedoSHA256Digest] = []
        entries.reserveCapacity(Int(count))
        bytes.withUnsafeBytes { raw in
            for k in 0..<Int(count) {
                let start = head + k * 32
                entries.append(RedoSHA256Digest(bytes: UnsafeRawBufferPointer(rebasing: raw[start..<(start + 32)])))
            }
        }
        guard zip(entries, entries.dropFirst()).allSatisfy({ $0 < $1 }) else {
            return .failure(Unreadable(text: "corrupt (its entries are not in order)"))
        }
        return .success(entries)
    }

}
