/// One broken rule: what (code and stable rule id), where (JSON path), why (a message a
/// person can act on) and, for log-level rules, which other nodes are involved.
public struct Finding: Error, Sendable, Equatable, CustomStringConvertible {
    public let rule: Rule
    public let message: String
    /// JSONPath-style location inside the record, e.g. `$.author.userId`.
    public let path: String
    /// Node ids the finding refers to (a missing parent, the original CREATE, root causes).
    public let related: [String]

    public init(_ rule: Rule, _ message: String, path: String, related: [String] = []) {
        self.rule = rule
        self.message = message
        self.path = path
        self.related = related
    }

    public var code: ErrorCode { rule.code }
    public var severity: Severity { rule.severity }

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

    public var hasErrors: Bool { contains { $0.severity == .error } }
}
