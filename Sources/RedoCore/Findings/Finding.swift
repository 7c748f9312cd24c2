/// One broken rule: what (code and stable rule id), where (JSON path), why (a message a
/// person can act on) and, for log-level rules, which other nodes are involved.
public struct Finding: Error, Sendable, Equatable, CustomStringConvertible {
    /// The rule broken.
    public let rule: Rule
    /// Why, for a person: what was found and what was expected. Text from the record is
    /// quoted with characters that are unsafe to display escaped.
    public let message: String
    /// JSONPath-style location inside the record, e.g. `$.author.userId`.
    public let path: String
    /// Node ids the finding refers to (a missing parent, the original CREATE, root causes).
    public let related: [String]

    package init(_ rule: Rule, _ message: String, path: String, related: [String] = []) {
        self.rule = rule
        self.message = message
        self.path = path
        self.related = related
    }

    /// The rule's error code.
    public var code: ErrorCode { rule.code }
    /// The rule's severity: whether the finding rejects the record.
    public var severity: Severity { rule.severity }

    /// "CODE [rule.id] path: message".
    public var description: String { "\(code.rawValue) [\(rule.id)] \(path): \(message)" }
}

extension Array where Element == Finding {
    /// The primary code: the highest-precedence code among the errors (warnings never).
    public var primaryCode: ErrorCode? {
        lazy.filter { $0.severity == .error }.map(\.code).min()
    }

    /// The finding that stands for a rejected record in one-line reports: the first
    /// error with the primary code.
    public var primaryFinding: Finding? {
        guard let code = primaryCode else { return nil }
        return first { $0.code == code && $0.severity == .error }
    }

    /// Whether any finding is an error, i.e. the record is rejected.
    public var hasErrors: Bool { contains { $0.severity == .error } }
}
