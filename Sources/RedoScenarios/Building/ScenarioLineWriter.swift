import RedoJSON

/// Writes a `ScenarioValue` as one compact JSON line: members in order, numbers as
/// spelled, strings escaped as the ordered writer escapes them. Depth is bounded by the
/// readers (`ScenarioDecoder.maxDepth`), so the recursion is too.
enum ScenarioLineWriter {
    static func bytes(_ value: ScenarioValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        write(value, into: &out)
        return out
    }

    static func write(_ value: ScenarioValue, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case let .bool(b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case let .number(text): out.append(contentsOf: text.utf8)
        case let .string(s): out.append(contentsOf: OrderedJSONWriter.bytes(.string(s)))
        case let .array(items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case let .object(members):
            out.append(UInt8(ascii: "{"))
            for (i, m) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: OrderedJSONWriter.bytes(.string(m.key)))
                out.append(UInt8(ascii: ":"))
                write(m.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}
