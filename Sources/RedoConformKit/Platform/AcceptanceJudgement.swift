import RedoCore
import RedoFixtures
import RedoJSON

/// A platform's own acceptance check of a node (`verdicts`), judged against redo-conform's:
/// accepting a node that breaks a rule is `accepts-invalid`, naming the rule it missed;
/// rejecting a valid node is `rejects-valid`, naming the rule it applied when its reason
/// names one. Both are apart from `verifies`, the raw signature check.
enum AcceptanceJudgement {
    static let acceptsInvalid = "ACCEPTS-INVALID"
    static let rejectsValid = "REJECTS-VALID"

    static func compare(
        _ vector: JSONObject, _ ours: JSONObject, _ theirs: JSONObject, flags: [String], into cell: inout Cell
    ) {
        guard let expected = ours["accepts"]?.boolValue else { return }
        guard case let .bool(accepts)? = theirs["accepts"] else {
            let found = theirs["accepts"].map { String(decoding: CanonicalJSON.bytes(of: $0), as: UTF8.self) } ?? ""
            cell.fail(.drift, "error", "\"accepts\" is not a boolean: \(found)")
            return
        }
        guard accepts != expected else { return }
        let reason = theirs["reason"]?.stringValue
        if accepts {
            let rule =
                vector["expected"]?.objectValue?["rule"]?.stringValue ?? ruleNamed(in: ours["reason"]?.stringValue)
            cell.fail(
                .drift, acceptsInvalid,
                "accepts a node that breaks \(rule ?? "a node rule")\(codeSuffix(vector)): the client's check misses it"
            )
            cell.diagnosis = Diagnosis(diagnosed: rule.map { [$0] } ?? [], possible: Diagnosis.documented(flags))
        } else {
            let rule = ruleNamed(in: reason)
            cell.fail(
                .drift, rejectsValid,
                "rejects a valid node"
                    + (rule.map { " by \($0)" } ?? "")
                    + (reason.map { ": \"\($0)\"" } ?? " (no reason given)"))
            cell.diagnosis = Diagnosis(diagnosed: rule.map { [$0] } ?? [], possible: Diagnosis.documented(flags))
        }
    }

    private static func codeSuffix(_ vector: JSONObject) -> String {
        vector["expected"]?.objectValue?["code"]?.stringValue.map { " (\($0))" } ?? ""
    }

    /// The rule a free-text reason names: the longest rule id it contains, so that
    /// `timestamp.wall.format` wins over a shorter id it begins with.
    static func ruleNamed(in reason: String?) -> String? {
        guard let reason else { return nil }
        return Rule.all.map(\.id).filter { reason.contains($0) }.max { $0.count < $1.count }
    }
}
