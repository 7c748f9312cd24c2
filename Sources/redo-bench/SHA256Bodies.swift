#if REDO_LIBSODIUM
    import CSodium
    import RedoConformKit
    import RedoCore
    import RedoCrypto
    import RedoJSON
    import RedoValidation

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// SHA-256 over what `validate` really hashes, the canonical bodies of a log's records:
    /// `RedoSHA256.hash` (swift-crypto) against libsodium's portable C, with libsodium's strict
    /// Ed25519 verification of the same records beside them — the cost a node's signature
    /// sets, next to which the hash's share of a node is judged. The three alternate within
    /// each round so that load on a shared machine falls on all of them alike. Each figure
    /// is given by wall clock and by the thread's CPU time, which other work disturbs less.
    package enum SHA256Bodies {
        package struct Figure: Sendable {
            package let name: String
            package let unit: String
            package let wallNanoseconds: Double
            package let cpuNanoseconds: Double
            /// Bytes per item, for MB/s (0: no MB/s figure).
            package let bytesPerItem: Double
        }

        /// Signatures are verified over the first this many records: a pass over all of them
        /// would take seconds, and the cost per verification does not depend on the record.
        static let verifiedRecords = 4096

        package static func measure(file: String, rounds: Int, seconds: Double) throws -> (
            bodies: Int, meanBytes: Double, rounds: [[Figure]]
        ) {
            let document = try InputFile.readAll(InputPath(file), maxBytes: 1 << 31)
            var all: [UInt8] = []
            var bodies: [Range<Int>] = []
            var signed: [(Ed25519Signature, Ed25519PublicKey, Range<Int>)] = []
            for (_, line) in LogPipeline.numberedLines(document) {
                guard case let .object(node)? = try? JSONReader.parse(Array(line)) else { continue }
                let body = NodeBody.canonicalBytes(of: node)
                let range = all.count..<all.count + body.count
                all += body
                bodies.append(range)
                guard signed.count < verifiedRecords,
                    let signature = (node["signature"]?.stringValue).flatMap({ try? Ed25519Signature(hex: $0) }),
                    let key = (node["author"]?.objectValue?["publicKey"]?.stringValue).flatMap({
                        try? Ed25519PublicKey(hex: $0)
                    })
                else { continue }
                signed.append((signature, key, range))
            }
            guard !bodies.isEmpty else { throw BenchError("\(file): no records") }
            precondition(sodium_init() >= 0, "libsodium failed to initialise")
            let meanBytes = Double(bodies.reduce(0) { $0 + $1.count }) / Double(bodies.count)
            var sink: UInt64 = 0
            let results = all.withUnsafeBytes { all in
                // Same digests first: a fast wrong answer is no answer.
                var sodiumDigest = [UInt8](repeating: 0, count: 32)
                for range in bodies {
                    let body = UnsafeRawBufferPointer(rebasing: all[range])
                    _ = crypto_hash_sha256(
                        &sodiumDigest, body.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(body.count))
                    precondition(
                        RedoSHA256.hash(body).bytes == sodiumDigest, "swift-crypto and libsodium disagree on a body")
                }
                for (signature, key, range) in signed {
                    precondition(
                        Ed25519.verify(signature, of: UnsafeRawBufferPointer(rebasing: all[range]), by: key),
                        "a record's signature does not verify")
                }
                return (1...max(1, rounds)).map { _ in
                    [
                        figure(
                            "swift-crypto-sha256", "hash", items: bodies.count, bytesPerItem: meanBytes,
                            seconds: seconds
                        ) {
                            for range in bodies {
                                sink &+= RedoSHA256.hash(UnsafeRawBufferPointer(rebasing: all[range])).w0
                            }
                        },
                        figure(
                            "libsodium-sha256", "hash", items: bodies.count, bytesPerItem: meanBytes, seconds: seconds
                        ) {
                            var digest: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
                            withUnsafeMutableBytes(of: &digest) { out in
                                let output = out.baseAddress!.assumingMemoryBound(to: UInt8.self)
                                for range in bodies {
                                    _ = crypto_hash_sha256(
                                        output, all.baseAddress!.assumingMemoryBound(to: UInt8.self) + range.lowerBound,
                                        UInt64(range.count))
                                    sink &+= UInt64(output[0])
                                }
                            }
                        },
                        figure("ed25519-verify", "verify", items: signed.count, bytesPerItem: 0, seconds: seconds) {
                            for (signature, key, range) in signed
                            where Ed25519.verify(signature, of: UnsafeRawBufferPointer(rebasing: all[range]), by: key) {
                                sink &+= 1
                            }
                        },
                    ]
                }
            }
            if sink == 42 { print("") }  // keep the work observable
            return (bodies.count, meanBytes, results)
        }

        /// Repeats `pass` (over `items` items) for `seconds`, at least once.
        private static func figure(
            _ name: String, _ unit: String, items: Int, bytesPerItem: Double, seconds: Double, _ pass: () -> Void
        ) -> Figure {
            let wall0 = MonotonicClock.now()
            let cpu0 = threadCPUSeconds()
            var passes = 0
            repeat {
                pass()
                passes += 1
            } while MonotonicClock.now() - wall0 < seconds
            let wall = MonotonicClock.now() - wall0
            let cpu = threadCPUSeconds() - cpu0
            let count = Double(passes * max(1, items))
            return Figure(
                name: name, unit: unit, wallNanoseconds: wall * 1e9 / count, cpuNanoseconds: cpu * 1e9 / count,
                bytesPerItem: bytesPerItem)
        }

        private static func threadCPUSeconds() -> Double {
            var ts = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
            return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        }
    }
#endif
