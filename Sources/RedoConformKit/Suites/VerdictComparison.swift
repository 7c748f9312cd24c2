import RedoCore
import RedoCrypto

/// Compares a record's verdict with a vector's expectation and explains any difference.
enum VerdictComparison {
    static func mismatch(expected: JSONValue?, status: RecordStatus, code: ErrorCode?, findings: [Finding]) -> String? {
        guard let expected = expected?.objectValue, let wantStatus = expected["status"]?.stringValue else { return "no expected verdict" }
        let wantCode = expected["code"]?.stringValue
        let wantRule = expected["rule"]?.stringValue
        let got = "\(status.rawValue)\(code.map { " \($0.rawValue)" } ?? "")"
        let findingsText = findings.isEmpty ? "" : " — findings: " + findings.map(\.description).joined(separator: "; ")
        if status.rawValue != wantStatus || code?.rawValue != wantCode {
            return "expected \(wantStatus)\(wantCode.map { " " + $0 } ?? ""), got \(got)\(findingsText)"
        }
        if let wantRule, !findings.contains(where: { $0.rule.id == wantRule && $0.code == code }) {
            return "expected rule \(wantRule) behind \(wantCode ?? "the code"), got\(findingsText)"
        }
        return nil
    }
}
