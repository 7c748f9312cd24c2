#if REDO_LIBSODIUM
    import RedoCore
    import RedoCrypto

    /// libsodium's verifier and the strict swift-crypto one (`Ed25519Verifier`) on the same
    /// signatures: random and mutated ones, drawn from a seed, in the shapes where verifiers
    /// differ (S ≥ L, small-order and mixed-order points, non-canonical encodings) as well as
    /// valid signatures and plain corruptions. Every verdict must be equal.
    package struct VerifierDifferential {
        /// What a run found.
        package struct Counts: Equatable, Sendable, CustomStringConvertible {
            package var equal = 0
            package var bothAccept = 0
            package var bothReject = 0
            /// The first few cases on which the verifiers disagree (kind, seed, index).
            package var disagreements: [String] = []

            package var description: String {
                "equal \(equal) both-accept \(bothAccept) both-reject \(bothReject) differ \(disagreements.count)"
            }
        }

        /// One signature to judge, and how it was made (for a failure's message).
        package struct Case {
            package let kind: Kind
            package let publicKey: [UInt8]
            package let message: [UInt8]
            package let signature: [UInt8]
        }

        /// The shapes drawn, in turn.
        package enum Kind: String, CaseIterable, Sendable {
            case valid
            case randomSignature = "random-signature"
            case randomKey = "random-key"
            case flippedR = "bit-flip-in-R"
            case flippedS = "bit-flip-in-S"
            case flippedKey = "bit-flip-in-A"
            case flippedMessage = "bit-flip-in-message"
            case sPlusL = "S-plus-L"
            case sHighBits = "S-high-bits"
            case smallOrderR = "small-order-R"
            case smallOrderA = "small-order-A"
            case smallOrderAEquation = "small-order-A-equation-holds"
            case mixedOrderA = "mixed-order-A-equation-holds"
            case mixedOrderASmallR = "mixed-order-A-small-order-R-equation-holds"
            case nonCanonicalR = "non-canonical-R"
            case nonCanonicalA = "non-canonical-A"
            case mixedOrderR = "mixed-order-R"
        }

        private var random: SplitMix64
        private let pairs: [Ed25519KeyPair]
        private let torsion = Edwards25519.smallOrderPoints.map(\.bytes)
        private let smallOrderEncodings = (Edwards25519.smallOrderPoints + Edwards25519.nonCanonicalSmallOrderEncodings)
            .map(\.bytes)
        private let nonCanonical = Edwards25519.nonCanonicalEncodings

        /// Draws from `seed`; the same seed gives the same cases on every platform.
        package init(seed: UInt64) {
            random = SplitMix64(seed: seed)
            var keys = SplitMix64(seed: seed ^ 0x5EED)
            pairs = (0..<8).map { _ in
                try! Ed25519KeyPair(seed: (0..<32).map { _ in UInt8(truncatingIfNeeded: keys.next()) })
            }
        }

        /// Both verdicts on `count` cases, the kinds in turn.
        package mutating func run(count: Int) -> Counts {
            var counts = Counts()
            let kinds = Kind.allCases
            for index in 0..<count {
                let drawn = next(kinds[index % kinds.count])
                let (sodium, portable) = Self.verdicts(
                    publicKey: drawn.publicKey, message: drawn.message, signature: drawn.signature)
                if sodium == portable {
                    counts.equal += 1
                    if sodium { counts.bothAccept += 1 } else { counts.bothReject += 1 }
                } else if counts.disagreements.count < 10 {
                    counts.disagreements.append(
                        "\(drawn.kind.rawValue) #\(index): libsodium \(sodium), swift-crypto \(portable), key \(Hex.encode(drawn.publicKey)), signature \(Hex.encode(drawn.signature)), message \(Hex.encode(drawn.message))"
                    )
                }
            }
            return counts
        }

        /// `count` cases in parallel chunks, chunk i drawn from seed + i: the counts added up.
        package static func run(count: Int, seed: UInt64, jobs: Int) -> Counts {
            let chunks = max(1, jobs) * 4
            let sizes = (0..<chunks).map { (index: $0, size: count / chunks + ($0 < count % chunks ? 1 : 0)) }
            let parts = ParallelMap.map(sizes, jobs: jobs) { chunk in
                var differential = VerifierDifferential(seed: seed &+ UInt64(chunk.index))
                return differential.run(count: chunk.size)
            }
            return parts.reduce(into: Counts()) { total, part in
                total.equal += part.equal
                total.bothAccept += part.bothAccept
                total.bothReject += part.bothReject
                total.disagreements += part.disagreements
            }
        }

        /// libsodium's verdict and the strict swift-crypto verifier's; wrong lengths never verify.
        package static func verdicts(publicKey: [UInt8], message: [UInt8], signature: [UInt8]) -> (
            libsodium: Bool, swiftCrypto: Bool
        ) {
            guard let key = try? Ed25519PublicKey(bytes: publicKey),
                let signature = try? Ed25519Signature(bytes: signature)
            else { return (false, false) }
            return (
                Ed25519Verifier.libsodium.verify(signature, of: message, by: key),
                Ed25519Verifier.strictSwiftCrypto.verify(signature, of: message, by: key)
            )
        }

        /// One case of `kind`.
        package mutating func next(_ kind: Kind) -> Case {
            let pair = pairs[random.below(pairs.count)]
            let key = pair.publicKey.bytes
            var message = bytes(random.below(4) == 0 ? 0 : 1 + random.below(200))
            let valid = pair.sign(message).bytes
            var signature = valid
            var publicKey = key
            switch kind {
            case .valid: break
            case .randomSignature: signature = bytes(64)
            case .randomKey: publicKey = bytes(32)
            case .flippedR: flip(&signature, in: 0..<32)
            case .flippedS: flip(&signature, in: 32..<64)
            case .flippedKey: flip(&publicKey, in: 0..<32)
            case .flippedMessage:
                if message.isEmpty { message = [0] } else { flip(&message, in: 0..<message.count) }
            case .sPlusL:
                let s = Edwards25519.addingGroupOrder(to: Array(valid[32...]), times: 1 + random.below(15))
                signature = Array(valid[..<32]) + (s ?? bytes(32))
            case .sHighBits: signature[63] |= UInt8(truncatingIfNeeded: 0x10 << random.below(4))
            case .smallOrderR:
                signature = pick(smallOrderEncodings) + (random.below(2) == 0 ? Array(valid[32...]) : bytes(32))
            case .smallOrderA:
                publicKey = pick(smallOrderEncodings)
                if random.below(2) == 0 { signature = bytes(64) }
            case .smallOrderAEquation:
                // A of small order with [k]A = 0 (always for the identity): R = [s]B and S = s
                // satisfy the cofactorless equation, which BoringSSL and CryptoKit accept.
                publicKey = pick(smallOrderEncodings)
                let s = Edwards25519.reduce(bytes(32) + [UInt8](repeating: 0, count: 32))
                signature = Edwards25519.baseTimes(s) + s
            case .mixedOrderA:
                // A + T for T of small order, R = [r]B, S for the key: the equation holds
                // exactly when [k]T = 0, which the message is searched for (one try in 8).
                publicKey = Edwards25519.add(key, pick(torsion))!
                let nonce = bytes(32)
                let r = Edwards25519.baseTimes(Edwards25519.reduce(nonce + [UInt8](repeating: 0, count: 32)))
                message = messageWithZeroTorsion(r: r, publicKey: publicKey, message: message)
                signature = r + pair.responseScalar(nonce: nonce, r: r, publicKey: publicKey, message: message)
            case .mixedOrderASmallR:
                // A + T, R the identity (small order) and S = k·a: the cofactorless equation
                // holds when [k]T = 0; only the small-order R makes libsodium refuse it.
                publicKey = Edwards25519.add(key, pick(torsion))!
                let r = torsion[0]
                message = messageWithZeroTorsion(r: r, publicKey: publicKey, message: message)
                let zero = [UInt8](repeating: 0, count: 32)
                signature = r + pair.responseScalar(nonce: zero, r: r, publicKey: publicKey, message: message)
            case .nonCanonicalR:
                signature =
                    pick(nonCanonical + smallOrderEncodings.filter { !Edwards25519.isCanonical($0) })
                    + Array(valid[32...])
            case .nonCanonicalA:
                publicKey = pick(nonCanonical + smallOrderEncodings.filter { !Edwards25519.isCanonical($0) })
            case .mixedOrderR:
                signature = Edwards25519.add(Array(valid[..<32]), pick(torsion))! + Array(valid[32...])
            }
            return Case(kind: kind, publicKey: publicKey, message: message, signature: signature)
        }

        /// `message`, or a variant of it, whose challenge k = H(R ‖ A ‖ M) is a multiple of
        /// 8, so that [k]T vanishes for every T of small order.
        private func messageWithZeroTorsion(r: [UInt8], publicKey: [UInt8], message: [UInt8]) -> [UInt8] {
            var candidate = message
            var counter: UInt8 = 0
            while Edwards25519.challenge(r: r, publicKey: publicKey, message: candidate)[0] & 7 != 0 {
                candidate = message + [counter]
                counter &+= 1
            }
            return candidate
        }

        private mutating func bytes(_ count: Int) -> [UInt8] {
            (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        }

        private mutating func pick(_ choices: [[UInt8]]) -> [UInt8] { choices[random.below(choices.count)] }

        private mutating func flip(_ bytes: inout [UInt8], in range: Range<Int>) {
            let bit = random.below(range.count * 8)
            bytes[range.lowerBound + bit / 8] ^= 1 << (bit % 8)
        }
    }
#endif
