import RedoCore
import RedoCrypto
import RedoJSON
import RedoValidation

/// The nodes of two logs side by side: ids on one side only, copies that differ, and
/// verdicts that differ. A merge of two id-sorted inventories: linear after their sort.
enum NodeComparison {
    typealias Found = (task: String, difference: DiffReport.NodeDifference)

    static func compare(_ a: NodeInventory, _ b: NodeInventory) -> [Found] {
        var found: [Found] = []
        var i = 0
        var j = 0
        let (x, y) = (a.entries, b.entries)
        while i < x.count || j < y.count {
            let idA = i < x.count ? a.id(of: x[i]) : nil
            let idB = j < y.count ? b.id(of: y[j]) : nil
            if let idA, idB.map({ idA < $0 }) ?? true {
                found.append(missing(idA.text, a.task(of: x[i]).text, onA: true, x[i].code))
                i += 1
            } else if let idB, idA.map({ idB < $0 }) ?? true {
                found.append(missing(idB.text, b.task(of: y[j]).text, onA: false, y[j].code))
                j += 1
            } else if let idA {
                if let kind = kind(x[i].code, y[j].code, x[i].fingerprint, y[j].fingerprint) {
                    found.append(
                        (
                            a.task(of: x[i]).text,
                            .init(kind: kind, id: idA.text, a: .init(code: x[i].code), b: .init(code: y[j].code))
                        ))
                }
                i += 1
                j += 1
            }
        }
        // Ids that are not well formed, matched by their bytes.
        i = 0
        j = 0
        let (s, t) = (a.textEntries, b.textEntries)
        while i < s.count || j < t.count {
            if j == t.count || (i < s.count && s[i].id.utf8Precedes(t[j].id)) {
                found.append(missing(s[i].id, s[i].task ?? "", onA: true, s[i].code))
                i += 1
            } else if i == s.count || t[j].id.utf8Precedes(s[i].id) {
                found.append(missing(t[j].id, t[j].task ?? "", onA: false, t[j].code))
                j += 1
            } else {
                if let kind = kind(s[i].code, t[j].code, .none, .none) {
                    found.append(
                        (
                            s[i].task ?? "",
                            .init(kind: kind, id: s[i].id, a: .init(code: s[i].code), b: .init(code: t[j].code))
                        )
                    )
                }
                i += 1
                j += 1
            }
        }
        return found
    }

    private static func missing(_ id: String, _ task: String, onA: Bool, _ code: ErrorCode?) -> Found {
        let verdict = DiffReport.NodeVerdict(code: code)
        return (task, .init(kind: .missing, id: id, a: onA ? verdict : nil, b: onA ? nil : verdict))
    }

    /// What differs between two records of one id (nil: nothing that matters).
    private static func kind(
        _ a: ErrorCode?, _ b: ErrorCode?, _ fa: SignatureFingerprint, _ fb: SignatureFingerprint
    ) -> DiffReport.NodeKind? {
        if a == nil && b == nil { return fa == fb ? nil : .resigned }
        if a == b { return nil }
        return a == .hashMismatch || b == .hashMismatch ? .altered : .verdict
    }
}
