/// The lines a faulty node's record becomes in the log, for the faults that change how it
/// is written rather than what it says.
extension ScenarioFault {
    /// The log lines for `line`, the record of a node with this fault and `action`.
    func lines(of line: [UInt8], action: String) -> [[UInt8]] {
        switch self {
        case .omitted: return []
        case .duplicated: return [line, line]
        case .repeatedKey:
            // `{"action":"UPDATE",` then the record without its opening brace.
            let member = ScenarioLineWriter.bytes(.object([ScenarioMember("action", .string(action))]))
            return [Array(member.dropLast()) + [UInt8(ascii: ",")] + Array(line.dropFirst())]
        case .byteOrderMark: return [[0xEF, 0xBB, 0xBF] + line]
        default: return [line]
        }
    }
}
