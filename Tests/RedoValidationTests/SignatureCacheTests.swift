import Foundation
import RedoCore
import RedoCrypto
import RedoFixtures
import RedoTestSupport
import XCTest

@testable import RedoValidation

/// `--cache DIR`: a second run takes accepted signatures from the cache and reports the
/// same bytes; a rejected signature is never stored; a corrupt or foreign file is ignored
/// with a warning; the size stays bounded.
final class SignatureCacheTests: XCTestCase {
    /// Everything a run decided, as text: each record's status, code and findings, the
    /// order of the valid nodes and the rejected list. A cache may change how a signature is
    /// known to hold, never what the run decides.
    private func report(_ log: String, cache: SignatureCache?) -> String {
        var options = ValidationOptions()
        options.cache = cache
        let verdict = ValidationRun(options: options).run([log]).verdict
        let records = verdict.records.map {
            "\($0.status) \($0.code?.rawValue ?? "-") \($0.findings.map(\.code.rawValue))"
        }
        let rejected = verdict.rejected.map { "\($0.id) \($0.code.rawValue)" }
        return (records + ["order \(verdict.order)"] + rejected).joined(separator: "\n")
    }

    func testSecondRunTakesAcceptedSignaturesFromTheCacheAndReportsTheSameBytes() {
        let folder = TempFiles.folder("cache")
        let log = RecordTampering.brokenSignatureLog(in: folder)
        let cold = report(log, cache: nil)
        let first = SignatureCache(folder: folder + "/cache")
        XCTAssertEqual(report(log, cache: first), cold)
        XCTAssertNil(first.save())
        XCTAssertEqual(first.summary, "cache: 0 signatures from the cache, 400 verified")
        let second = SignatureCache(folder: folder + "/cache")
        XCTAssertNil(second.unreadable)
        XCTAssertEqual(report(log, cache: second), cold)
        // 11 signatures were broken: never stored, so verified again, and still rejected.
        XCTAssertEqual(second.summary, "cache: 389 signatures from the cache, 11 verified")
        XCTAssertTrue(cold.contains("E_INVALID_SIGNATURE"))
    }

    /// An entry stands for one exact triple: another signature, key or body is not in it.
    func testAnEntryStandsForOneTripleOnly() throws {
        let pair = try Ed25519KeyPair(seed: RedoSHA256.hash(Array("cache key".utf8)).bytes)
        let body = Array("body".utf8)
        let signature = pair.sign(body)
        let hash = RedoSHA256.hash(body)
        let cache = SignatureCache(folder: TempFiles.folder("triple"))
        XCTAssertTrue(cache.verify(signature, of: body, hash: hash, by: pair.publicKey))
        XCTAssertNil(cache.save())
        let reread = SignatureCache(folder: cache.folder)
        func holds(_ bodyHash: RedoSHA256Digest) -> Bool {
            reread.positions(of: [SignatureCache.entry(key: pair.publicKey, signature: signature, bodyHash: bodyHash)])
                == [0]
        }
        XCTAssertTrue(holds(hash))
        let other = RedoSHA256.hash(Array("other".utf8))
        XCTAssertFalse(holds(other))
        XCTAssertFalse(cache.verify(signature, of: Array("other".utf8), hash: other, by: pair.publicKey))
    }

    /// An entry is SHA-256 of the magic, the key, the signature and the body's hash, in
    /// that order: the file format, whatever the code that assembles it.
    func testAnEntryIsTheDigestOfMagicKeySignatureAndBodyHash() throws {
        let pair = try Ed25519KeyPair(seed: RedoSHA256.hash(Array("entry key".utf8)).bytes)
        let body = Array("entry body".utf8)
        let signature = pair.sign(body)
        let hash = RedoSHA256.hash(body)
        let expected = RedoSHA256.hash(
            Array("redo-sigcache-v1".utf8) + pair.publicKey.bytes + signature.bytes + hash.bytes)
        XCTAssertEqual(SignatureCache.entry(key: pair.publicKey, signature: signature, bodyHash: hash), expected)
    }

    /// One batch of signatures: one found in the cache, one verified and accepted, one
    /// rejected; each gets its own answer and the counts add up.
    func testABatchMixesCacheHitsVerificationsAndRejections() throws {
        let pair = try Ed25519KeyPair(seed: RedoSHA256.hash(Array("batch key".utf8)).bytes)
        let bodies = ["known", "new", "forged"].map { Array($0.utf8) }
        let signatures = [pair.sign(bodies[0]), pair.sign(bodies[1]), pair.sign(Array("something else".utf8))]
        let folder = TempFiles.folder("batch")
        let first = SignatureCache(folder: folder)
        XCTAssertTrue(first.verify(signatures[0], of: bodies[0], hash: RedoSHA256.hash(bodies[0]), by: pair.publicKey))
        XCTAssertNil(first.save())
        let cache = SignatureCache(folder: folder)
        let answers = cache.verify(
            count: 3, triple: { k in (pair.publicKey, signatures[k], RedoSHA256.hash(bodies[k])) }, body: { bodies[$0] }
        )
        XCTAssertEqual(answers, [true, true, false])
        XCTAssertEqual(cache.summary, "cache: 1 signature from the cache, 2 verified")
        XCTAssertNil(cache.save())
        XCTAssertEqual(
            SignatureCache(folder: folder).verify(
                count: 3,
                triple: { k in
                    (pair.publicKey, signatures[k], RedoSHA256.hash(bodies[k]))
                }, body: { bodies[$0] }), [true, true, false])
    }

    /// What `takeFound` leaves goes to `verifyNotFound`: verified without another lookup
    /// (counted as verified, never as found), and those accepted are found by the next run.
    func testSignaturesNotFoundAreVerifiedAndAdded() throws {
        let pair = try Ed25519KeyPair(seed: RedoSHA256.hash(Array("not found key".utf8)).bytes)
        let bodies = ["good", "forged"].map { Array($0.utf8) }
        let signatures = [pair.sign(bodies[0]), pair.sign(Array("something else".utf8))]
        let triple = { (k: Int) in (pair.publicKey, signatures[k], RedoSHA256.hash(bodies[k])) }
        let folder = TempFiles.folder("not found")
        let cache = SignatureCache(folder: folder)
        XCTAssertEqual(cache.verifyNotFound(count: 2, triple: triple, body: { bodies[$0] }), [true, false])
        XCTAssertEqual(cache.summary, "cache: 0 signatures from the cache, 2 verified")
        XCTAssertNil(cache.save())
        let next = SignatureCache(folder: folder)
        XCTAssertEqual(next.verify(count: 2, triple: triple, body: { bodies[$0] }), [true, false])
        XCTAssertEqual(next.summary, "cache: 1 signature from the cache, 1 verified")
    }

    func testCorruptOrForeignFilesAreIgnoredWithAWarningAndRewritten() throws {
        let folder = TempFiles.folder("corrupt")
        let log = RecordTampering.brokenSignatureLog(in: folder)
        let cacheFolder = folder + "/cache"
        let good = SignatureCache(folder: cacheFolder)
        _ = report(log, cache: good)
        XCTAssertNil(good.save())
        let path = cacheFolder + "/" + SignatureCache.fileName
        var bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        bytes[100] ^= 1
        for (label, content) in [
            ("flipped", bytes), ("truncated", bytes.prefix(1000)), ("foreign", Data("{\"not\": \"a cache\"}".utf8)),
            ("empty", Data()),
        ] {
            _ = FileManager.default.createFile(atPath: path, contents: Data(content))
            let cache = SignatureCache(folder: cacheFolder)
            XCTAssertNotNil(cache.unreadable, label)
            XCTAssertFalse(cache.unreadable!.contains("\n"), label)
            XCTAssertEqual(report(log, cache: cache), report(log, cache: nil), label)
            XCTAssertTrue(cache.summary.hasPrefix("cache: 0 signatures from the cache"), label)
            XCTAssertNil(cache.save())
            XCTAssertNil(SignatureCache(folder: cacheFolder).unreadable, label)
        }
    }

    /// A cache path that names a file, not a folder: one warning up front, and the run
    /// goes on verifying every signature, as without a cache.
    func testACacheThatIsNotAFolderIsOneWarningAndNoCache() {
        let folder = TempFiles.folder("not-a-folder")
        let file = TempFiles.write(Array("a file".utf8), to: folder + "/cache")
        let recorder = CapturedConsole()
        XCTAssertNil(CacheUse.open(option: file, environment: [:], console: recorder.console))
        XCTAssertEqual(
            recorder.stderr,
            "warning: signature cache \(file) is not a directory; every signature is verified, none saved\n")
        XCTAssertNil(CacheUse.open(option: nil, environment: [:], console: recorder.console))
    }

    /// Every entry this run used or added is kept, past maxEntries too; other runs'
    /// entries only fill up to it, smallest digests first.
    func testThisRunsEntriesAreAllKeptAndOthersFillUpToTheBound() {
        let folder = TempFiles.folder("bounded")
        // 389 good signatures, then 39.
        let large = RecordTampering.brokenSignatureLog(in: TempFiles.folder("bounded-large"))
        let small = RecordTampering.brokenSignatureLog(in: TempFiles.folder("bounded-small"), nodes: 40, seed: "other")
        let path = folder + "/cache/" + SignatureCache.fileName
        func entriesInFile() -> Int { (FileManager.default.contents(atPath: path)!.count - 16 - 8 - 32) / 32 }

        let first = SignatureCache(folder: folder + "/cache", maxEntries: 100)
        _ = report(large, cache: first)
        XCTAssertNil(first.save())
        XCTAssertEqual(entriesInFile(), 389)

        let second = SignatureCache(folder: folder + "/cache", maxEntries: 100)
        _ = report(small, cache: second)
        XCTAssertEqual(second.summary, "cache: 0 signatures from the cache, 40 verified")
        XCTAssertNil(second.save())
        XCTAssertEqual(entriesInFile(), 100)  // the small log's 39, then 61 of the large one's

        let third = SignatureCache(folder: folder + "/cache", maxEntries: 100)
        _ = report(large, cache: third)
        XCTAssertEqual(third.summary, "cache: 61 signatures from the cache, 339 verified")
        XCTAssertNil(third.save())
        XCTAssertEqual(entriesInFile(), 389)
    }

    /// Every entry of a file is found where it is, at any size (buckets of one bit to
    /// many, digests at both ends of the range), and nothing else is found.
    func testEveryEntryIsFoundAndNoOther() throws {
        var rng = SeededRandom(for: self, seed: 3)
        for count in [0, 1, 2, 3, 100, 4099] {
            let folder = TempFiles.folder("cache-lookup-\(count)")
            var entries = (0..<count).map { _ in
                RedoSHA256Digest(w0: rng.next(), w1: rng.next(), w2: rng.next(), w3: rng.next())
            }
            if count >= 2 {
                entries[0] = RedoSHA256Digest(w0: 0, w1: 0, w2: 0, w3: 0)
                entries[1] = RedoSHA256Digest(w0: .max, w1: .max, w2: .max, w3: .max)
            }
            entries = Array(Set(entries)).sorted()
            _ = TempFiles.write(SignatureCache.encode(entries), to: folder + "/" + SignatureCache.fileName)
            let cache = SignatureCache(folder: folder)
            XCTAssertNil(cache.unreadable)
            XCTAssertEqual(cache.positions(of: entries), entries.indices.map { $0 }, "\(count)")
            let others = (0..<200).map { _ in
                RedoSHA256Digest(w0: rng.next(), w1: rng.next(), w2: rng.next(), w3: rng.next())
            }
            XCTAssertEqual(cache.positions(of: others), others.map { entries.firstIndex(of: $0) })
            if let first = entries.first {
                XCTAssertEqual(
                    cache.positions(of: [RedoSHA256Digest(w0: first.w0, w1: first.w1, w2: first.w2, w3: first.w3 ^ 1)]),
                    [nil])
            }
        }
    }
}
