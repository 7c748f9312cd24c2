import RedoCore
import RedoCrypto
import RedoJSON

/// Compares a record's verdict with a vector's expectation and explains any difference.
enum VerdictComparison {
    static func mismatch(expected: JSONValue?, status: RecordStatus, code: ErrorCode?, findings: [Finding]) -> String? {
        guard let expected = expected?.objectValue, let wantStatus = expected["status"]?.stringValue else {
            return "no expected verdict"
        }
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
        // `related`: the ids the primary finding names (order carries no meaning).
        if let wantRelated = expected["related"]?.arrayValue?.compactMap(\.stringValue).sorted() {
            let primary = findings.first {
                $0.severity == .error && $0.code == code && (wantRule == nil || $0.rule.id == wantRule)
            }
            let named = (primary?.related ?? []).sorted()
            if named != wantRelated {
                return
                    "expected \(wantCode ?? "the finding") to name \(wantRelated.joined(separator: ", ")), got \(named.isEmpty ? "none" : named.joined(separator: ", "))\(findingsText)"
            }
        }
        // `codes`: exactly these error codes among all findings, when the case gives them.
        if let wantCodes = expected["codes"]?.arrayValue?.compactMap(\.stringValue).sorted() {
            let codes = Set(findings.filter { $0.severity == .error }.map(\.code.rawValue)).sorted()
            if codes != wantCodes {
                return
                    "expected error codes [\(wantCodes.joined(separator: ", "))], got [\(codes.joined(separator: ", "))]\(findingsText)"
            }
        }
        // `warnings`: exactly these warning codes; none when the key is absent.
        let wantWarnings = (expected["warnings"]?.arrayValue ?? []).compactMap(\.stringValue).sorted()
        let warnings = findings.filter { $0.severity == .warning }.map(\.code.rawValue).sorted()
        if warnings != wantWarnings {
            return
                "expected warnings [\(wantWarnings.joined(separator: ", "))], got [\(warnings.joined(separator: ", "))]\(findingsText)"
        }
        return nil
    }
}
