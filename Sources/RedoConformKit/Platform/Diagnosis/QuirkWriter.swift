import RedoFixtures
import RedoJSON

/// Writes a value canonically (RFC 8785), except where the given quirks make a platform
/// write it otherwise, and notes the JSON paths where each class changed something. With
/// no quirks it writes exactly the canonical form.
struct QuirkWriter {
    let quirks: Set<DriftQuirk>
    /// Paths where each class changed the output (first few of each), when asked for.
    private(set) var fired: [BugClass: [String]] = [:]
    private let tracking: Bool
    private var pattern = BytePattern()

    init(_ quirks: Set<DriftQuirk>, tracking: Bool = false) {
        self.quirks = quirks
        self.tracking = tracking
    }

    /// The pattern of `value` as the quirky platform writes it. A node's entry shape and
    /// dropped fields are changes of the value, made before it is written; the grapheme
    /// scanner's whitespace removal runs over the written text.
    mutating func write(_ value: SpelledValue) -> BytePattern {
        var value = value
        if quirks.contains(.entryShape), let entry = Self.entry(value) {
            note(.entryShape, "$")
            value = entry
        }
        if quirks.contains(.droppedFields), let dropped = Self.droppingAuthorOptionals(value) {
            note(.droppedFields, "$.author")
            value = dropped
        }
        pattern = BytePattern()
        write(value, path: "$")
        var result = pattern.finished()
        if quirks.contains(.graphemeScan) {
            let scanned = GraphemeScan.strip(result)
            if scanned != result { note(.graphemeScan, "strings") }
            result = scanned
        }
        return result
    }

    private mutating func note(_ bugClass: BugClass, _ path: @autoclosure () -> String) {
        guard tracking else { return }
        let paths = fired[bugClass, default: []]
        if paths.count < 3 { fired[bugClass] = paths + [path()] }
    }

    // Depth is bounded by the reader's limit (the value was parsed), so this recursion is.
    private mutating func write(_ value: SpelledValue, path: @autoclosure () -> String) {
        switch value {
        case .null: pattern.append("null")
        case let .bool(b): pattern.append(b ? "true" : "false")
        case let .number(n, spelling): writeNumber(n, spelling: spelling, path: path())
        case let .string(s): writeString(s, path: path())
        case let .array(elements):
            pattern.append(UInt8(ascii: "["))
            for (k, element) in elements.enumerated() {
                if k > 0 { pattern.append(UInt8(ascii: ",")) }
                write(element, path: "\(path())[\(k)]")
            }
            pattern.append(UInt8(ascii: "]"))
        case let .object(members):
            pattern.append(UInt8(ascii: "{"))
            for (k, member) in ordered(merged(members, path: path()), path: path()).enumerated() {
                if k > 0 { pattern.append(UInt8(ascii: ",")) }
                writeString(member.key, path: "\(path()).\(member.key)")
                pattern.append(UInt8(ascii: ":"))
                write(member.value, path: "\(path()).\(member.key)")
            }
            pattern.append(UInt8(ascii: "}"))
        }
    }

    // MARK: Objects

    private mutating func merged(_ members: [(key: String, value: SpelledValue)], path: String)
        -> [(key: String, value: SpelledValue)]
    {
        let variant: DriftQuirk? =
            quirks.contains(.equivalentKeysFirst)
            ? .equivalentKeysFirst
            : quirks.contains(.equivalentKeysFirstKeyLastValue)
                ? .equivalentKeysFirstKeyLastValue : quirks.contains(.equivalentKeysLast) ? .equivalentKeysLast : nil
        guard let variant else { return members }
        // Swift String equality is canonical equivalence: what a Swift Dictionary merges.
        var result: [(key: String, value: SpelledValue)] = []
        for member in members {
            guard let index = result.firstIndex(where: { $0.key == member.key }) else {
                result.append(member)
                continue
            }
            note(.equivalentKeys, "\(path).\(member.key)")
            switch variant {
            case .equivalentKeysFirstKeyLastValue: result[index].value = member.value
            case .equivalentKeysLast: result[index] = member
            default: break
            }
        }
        return result
    }

    private mutating func ordered(_ members: [(key: String, value: SpelledValue)], path: String)
        -> [(key: String, value: SpelledValue)]
    {
        let canonical = members.sorted { UTF16KeyOrder.precedes($0.key, $1.key) }
        let sorted: [(key: String, value: SpelledValue)]
        let bugClass: BugClass
        if quirks.contains(.keyOrderByScalar) {
            sorted = members.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
            bugClass = .keyOrder
        } else if quirks.contains(.keyOrderBySwiftString) {
            sorted = members.sorted { $0.key < $1.key }
            bugClass = .normalizedKeyOrder
        } else {
            return canonical
        }
        if !sorted.map(\.key).elementsEqual(canonical.map(\.key)) { note(bugClass, path) }
        return sorted
    }

    // MARK: Strings

    private mutating func writeString(_ text: String, path: @autoclosure () -> String) {
        var out: [UInt8] = []
        StringEscaping.appendQuoted(text, to: &out)
        let plain = out
        if quirks.contains(.unescapedControl) {
            // Only the five replacements a hand-written writer makes; every other control
            // character goes out raw.
            out = [UInt8(ascii: "\"")]
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
                case UInt8(ascii: "\""): out += Array(#"\""#.utf8)
                case 0x0A: out += Array(#"\n"#.utf8)
                case 0x0D: out += Array(#"\r"#.utf8)
                case 0x09: out += Array(#"\t"#.utf8)
                default: out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\""))
            if out != plain { note(.unescapedControl, path()) }
        }
        if quirks.contains(.escapedSlash) && text.utf8.contains(UInt8(ascii: "/")) {
            out = out.flatMap { $0 == UInt8(ascii: "/") ? [UInt8(ascii: "\\"), $0] : [$0] }
            note(.escapedSlash, path())
        }
        if quirks.contains(.asciiEscapes) && text.utf8.contains(where: { $0 >= 0x80 }) {
            out = Self.escapingNonASCII(out)
            note(.nonASCII, path())
        }
        pattern.append(out)
    }

    private static func escapingNonASCII(_ quoted: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        for scalar in String(decoding: quoted, as: UTF8.self).unicodeScalars {
            guard scalar.value >= 0x80 else {
                result.append(UInt8(scalar.value))
                continue
            }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                result += Array("\\u\(String(repeating: "0", count: 4 - hex.count))\(hex)".utf8)
            }
        }
        return result
    }

    // MARK: Numbers

    private mutating func writeNumber(_ n: Double, spelling: String, path: @autoclosure () -> String) {
        let canonical = Array(ESNumberFormat.string(n).utf8)
        let integral = n == n.rounded() && abs(n) < 0x1p63
        let sourceInteger = Self.plainInteger(spelling)
        if (n == 0 || n == 1)
            && (quirks.contains(.numberBridgingEverywhere)
                || (quirks.contains(.numberBridging) && path().hasPrefix("$.data")))
        {
            pattern.append(n == 1 ? "true" : "false")
            note(.numberBridging, path())
            return
        }
        var written = canonical
        var changedBy: BugClass?
        if quirks.contains(.exactIntegers), let sourceInteger {
            written = Array(sourceInteger.utf8)
            changedBy = .numberFormat
        } else if quirks.contains(.integerOverflow) && n == n.rounded() && abs(n) >= 0x1p63 {
            pattern.hole(.overflowedInteger(exact: sourceInteger))
            note(.integerOverflow, path())
            return
        } else if quirks.contains(.sourceSpelling) {
            written = Array(spelling.utf8)
            changedBy = .numberFormat
        } else if quirks.contains(.doubleDescription) && !integral {
            written = Array("\(n)".utf8)
            changedBy = .doubleDescription
        }
        if let changedBy, written != canonical { note(changedBy, path()) }
        if quirks.contains(.impreciseParsing) {
            pattern.hole(.near(n, written: written))
        } else {
            pattern.append(written)
        }
    }

    /// The source's integer, normalized as an Int64 prints it, when the spelling is a
    /// plain integer within Int64 (what `JSONDecoder` decodes as `Int` exactly).
    private static func plainInteger(_ spelling: String) -> String? {
        guard spelling.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) }),
            let value = Int64(spelling)
        else { return nil }
        return String(value)
    }

    // MARK: Node shapes

    /// The app's entry model of a node body: `data.fields` for `data.payload`, and
    /// `"id":""` inside the hashed bytes. Nil when the value is not a node body.
    private static func entry(_ value: SpelledValue) -> SpelledValue? {
        guard var members = value.members, let dataIndex = members.firstIndex(where: { $0.key == "data" }),
            let data = members[dataIndex].value.members
        else { return nil }
        members[dataIndex].value = .object(data.map { $0.key == "payload" ? (key: "fields", value: $0.value) : $0 })
        members.removeAll { $0.key == "id" }
        members.append((key: "id", value: .string("")))
        return .object(members)
    }

    /// The node without the author's optional `email` and `deviceName`; nil when it has
    /// neither.
    private static func droppingAuthorOptionals(_ value: SpelledValue) -> SpelledValue? {
        guard var members = value.members, let index = members.firstIndex(where: { $0.key == "author" }),
            let author = members[index].value.members
        else { return nil }
        let kept = author.filter { $0.key != "email" && $0.key != "deviceName" }
        guard kept.count < author.count else { return nil }
        members[index].value = .object(kept)
        return .object(members)
    }
}
