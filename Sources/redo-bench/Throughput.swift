import RedoConformKit
import RedoCrypto
import RedoJSON
import RedoValidation

/// In-process throughput measurements, printed in the same line format as the peers in
/// Scripts/bench (node, plain C over libsodium) so a script can put them side by side.
package enum Throughput {
    package static func now() -> Double { MonotonicClock.now() }

    /// Repeats `pass` until `seconds` have elapsed (at least once); returns passes/second.
    static func repeatFor(seconds: Double, _ pass: () -> Void) -> Double {
        let start = now()
        var passes = 0
        repeat {
            pass()
            passes += 1
        } while now() - start < seconds
        return Double(passes) / (now() - start)
    }

    /// The work items of a canonicalization run: the whole document, or with `jsonLines`
    /// every record, split as every JSON Lines input is (`LogPipeline.numberedLines`).
    static func items(of document: [UInt8], jsonLines: Bool) -> [Range<Int>] {
        guard jsonLines else { return [0..<document.count] }
        // The slices index a copy of `document` laid out the same, so their ranges fit it.
        return LogPipeline.numberedLines(document).map { $0.1.indices }
    }

    /// Parse + canonicalize of a document, or of every line of a JSON Lines file, from
    /// memory (the file is read once, untimed, as the node peer does). MB = 10^6 bytes.
    /// One `CanonicalJSONWriter` and one output array serve every document, as a
    /// long-running checker would use them: after the first pass nothing is allocated.
    package static func canonicalize(document: [UInt8], jsonLines: Bool, seconds: Double) throws -> Double {
        let lines = items(of: document, jsonLines: jsonLines)
        var writer = CanonicalJSONWriter()
        var out: [UInt8] = []
        var outputBytes = 0
        var failure: Error?
        let rate = document.withUnsafeBufferPointer { all in
            repeatFor(seconds: seconds) {
                do {
                    for range in lines {
                        out.removeAll(keepingCapacity: true)
                        try writer.canonicalize(UnsafeBufferPointer(rebasing: all[range]), appendingTo: &out)
                        outputBytes &+= out.count
                    }
                } catch {
                    failure = error
                }
            }
        }
        if let failure { throw failure }
        if outputBytes == 42 { print("") }  // keep the work observable
        return rate * Double(document.count) / 1e6
    }

    /// The canonical output of one pass, laid out as Peers/web/tools/node-canon.mjs --out writes it (the
    /// canonical document, or one canonical line per input line, newline-terminated), so
    /// the two can be compared byte for byte.
    package static func canonicalOutput(document: [UInt8], jsonLines: Bool) throws -> [UInt8] {
        var writer = CanonicalJSONWriter()
        var out: [UInt8] = []
        out.reserveCapacity(document.count)
        try document.withUnsafeBufferPointer { all in
            for range in items(of: document, jsonLines: jsonLines) {
                try writer.canonicalize(UnsafeBufferPointer(rebasing: all[range]), appendingTo: &out)
                if jsonLines { out.append(0x0A) }
            }
        }
        return out
    }

    /// SHA-256 MB/s over one message size, measured as Peers/c/sodium-bench.c does: a 1 MiB
    /// buffer of xorshift32 filler hashed whole, or cut into consecutive messages of
    /// `messageBytes` that are hashed in turn (distinct messages, not one hot one).
    package static func sha256(messageBytes: Int, seconds: Double) -> Double {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var x: UInt32 = 0x1234_5678
        for index in buffer.indices {
            x ^= x << 13
            x ^= x >> 17
            x ^= x << 5
            buffer[index] = UInt8(truncatingIfNeeded: x)
        }
        let messages = buffer.count / messageBytes
        var sink: UInt64 = 0
        let rate = buffer.withUnsafeBytes { all in
            repeatFor(seconds: seconds) {
                for k in 0..<messages {
                    sink &+=
                        RedoSHA256.hash(
                            UnsafeRawBufferPointer(rebasing: all[k * messageBytes..<(k + 1) * messageBytes])
                        ).w0
                }
            }
        }
        if sink == 42 { print("") }  // keep the work observable
        return rate * Double(messages * messageBytes) / 1e6
    }

    /// Ed25519 verifications per second of a ~300-byte message on one thread.
    package static func verify(seconds: Double) throws -> Double {
        let pair = try Ed25519KeyPair(seed: [UInt8](repeating: 42, count: 32))
        let message = [UInt8](repeating: 0x62, count: 300)
        let signature = pair.sign(message)
        var ok = true
        let rate = repeatFor(seconds: seconds) {
            for _ in 0..<100 { ok = ok && Ed25519.verify(signature, of: message, by: pair.publicKey) }
        }
        precondition(ok, "benchmark signature failed to verify")
        return rate * 100
    }
}
