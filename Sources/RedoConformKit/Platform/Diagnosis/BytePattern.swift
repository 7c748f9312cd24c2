/// What a platform with a given set of quirks would write: literal bytes, with holes where
/// the quirk's result depends on the platform (an overflowed integer's value depends on
/// the CPU and on the bridging; a misparsed double is off by some last digits).
struct BytePattern: Sendable, Equatable {
    enum Segment: Sendable, Equatable {
        case literal([UInt8])
        /// An integer within Int64, other than `exact` (the source's own integer, when
        /// it has one): an integral number beyond Int64 converted to an Int.
        case overflowedInteger(exact: String?)
        /// A number token denoting `value`'s neighbour (off by at most a few units in the
        /// last place), or exactly `written`.
        case near(Double, written: [UInt8])
    }

    private(set) var segments: [Segment] = []
    private var pending: [UInt8] = []

    mutating func append(_ bytes: [UInt8]) { pending += bytes }
    mutating func append(_ byte: UInt8) { pending.append(byte) }
    mutating func append(_ text: String) { pending += text.utf8 }

    mutating func hole(_ segment: Segment) {
        flush()
        segments.append(segment)
    }

    /// The pattern, every pending literal included.
    func finished() -> BytePattern {
        var copy = self
        copy.flush()
        return copy
    }

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        segments.append(.literal(pending))
        pending.removeAll(keepingCapacity: true)
    }

    /// The literal bytes when there are no holes.
    var literalBytes: [UInt8]? {
        switch segments.count {
        case 0: return []
        case 1: if case let .literal(bytes) = segments[0] { return bytes } else { return nil }
        default: return nil
        }
    }

    /// Whether `bytes` are exactly what this pattern describes. Linear: a hole takes the
    /// number token at its place, and literals compare byte for byte.
    func matches(_ bytes: [UInt8]) -> Bool {
        var index = 0
        for segment in segments {
            switch segment {
            case let .literal(literal):
                guard bytes.count - index >= literal.count, bytes[index..<index + literal.count].elementsEqual(literal)
                else { return false }
                index += literal.count
            case let .overflowedInteger(exact):
                let token = Self.numberToken(bytes, at: index)
                guard !token.isEmpty, token.allSatisfy({ $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) }),
                    let text = Optional(String(decoding: token, as: UTF8.self)), Int64(text) != nil, text != exact
                else { return false }
                index += token.count
            case let .near(value, written):
                let token = Self.numberToken(bytes, at: index)
                guard !token.isEmpty else { return false }
                if token.elementsEqual(written) {
                    index += token.count
                    continue
                }
                guard let parsed = Double(String(decoding: token, as: UTF8.self)), parsed != value,
                    abs(parsed - value) <= abs(value) * 4 * Double.ulpOfOne
                else { return false }
                index += token.count
            }
        }
        return index == bytes.count
    }

    private static func numberToken(_ bytes: [UInt8], at start: Int) -> ArraySlice<UInt8> {
        var end = start
        while end < bytes.count {
            let b = bytes[end]
            guard
                (0x30...0x39).contains(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
                    || b | 0x20 == UInt8(ascii: "e")
            else { break }
            end += 1
        }
        return bytes[start..<end]
    }
}
