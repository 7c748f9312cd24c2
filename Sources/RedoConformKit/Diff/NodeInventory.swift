import RedoCore
import RedoCrypto

/// One side's nodes, as `diff` compares them: for each id some record claims, the verdict
/// on it and its signature's fingerprint, sorted by id. Compact on purpose (72 bytes an
/// id): it is what `diff` keeps of a validated log once the log's records are let go.
package struct NodeInventory: Sendable {
    /// One claimed id in its usual form: a well-formed id and taskId.
    struct Entry: Sendable {
        let id: NodeID
        let task: UUIDv4
        let fingerprint: SignatureFingerprint
        /// nil: valid.
        let code: ErrorCode?
    }

    /// An id or taskId that is not well formed: kept as text, compared as bytes.
    struct TextEntry: Sendable {
        let id: String
        let task: String?
        let code: ErrorCode?
    }

    /// Sorted by id; one per id (a valid record's verdict before a rejected one's).
    private(set) var entries: [Entry] = []
    /// Sorted by the id's bytes; one per id.
    private(set) var textEntries: [TextEntry] = []
    /// Records with no id to compare by (not JSON, no string id).
    private(set) var unidentified = 0

    package init(_ result: ValidationResult) {
        let fingerprints = result.signatureFingerprints
        for (record, verdict) in result.verdict.records.enumerated() where verdict.status != .duplicate {
            let code = verdict.status == .valid ? nil : verdict.code
            switch result.identity(record) {
            case let .node(id, task):
                let fingerprint = record < fingerprints.count ? fingerprints[record] : .none
                entries.append(Entry(id: id, task: task, fingerprint: fingerprint, code: code))
            case let .claims(idText, taskText, _):
                guard let idText else {
                    unidentified += 1
                    continue
                }
                if let id = NodeID(idText), let task = taskText.flatMap(UUIDv4.init) {
                    entries.append(Entry(id: id, task: task, fingerprint: .none, code: code ?? .schemaMismatch))
                } else {
                    textEntries.append(TextEntry(id: idText, task: taskText, code: code ?? .schemaMismatch))
                }
            }
        }
        // Of several records of one id, the first valid one stands for it, else the first.
        // Indices are sorted, not the entries: a million entries would be copied twice.
        entries = Self.onePerId(entries, before: { $0.id < $1.id }, same: { $0.id == $1.id })
        textEntries = Self.onePerId(
            textEntries, before: { $0.id.utf8Precedes($1.id) }, same: { $0.id.utf8.elementsEqual($1.id.utf8) })
    }

    /// Whether `id` is a valid node here whose signature has `fingerprint`: then the
    /// signature was verified over that id's body.
    package func verified(_ id: NodeID, _ fingerprint: SignatureFingerprint) -> Bool {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].id < id { low = middle + 1 } else { high = middle }
        }
        guard low < entries.count else { return false }
        let entry = entries[low]
        return entry.id == id && entry.code == nil && fingerprint != .none && entry.fingerprint == fingerprint
    }

    var validCount: Int { entries.lazy.filter { $0.code == nil }.count }

    /// Sorted by id, keeping per id the first valid entry, else the first (`items` are in
    /// record order).
    private static func onePerId<T: HasCode>(_ items: [T], before: (T, T) -> Bool, same: (T, T) -> Bool) -> [T] {
        var order = Array(0..<Int32(items.count))
        order.sort { a, b in
            let (x, y) = (items[Int(a)], items[Int(b)])
            if before(x, y) { return true }
            if before(y, x) { return false }
            let (xValid, yValid) = (x.code == nil, y.code == nil)
            return xValid != yValid ? xValid : a < b
        }
        var out: [T] = []
        out.reserveCapacity(items.count)
        for index in order where out.last.map({ !same($0, items[Int(index)]) }) ?? true {
            out.append(items[Int(index)])
        }
        return out
    }
}

protocol HasCode { var code: ErrorCode? { get } }
extension NodeInventory.Entry: HasCode {}
extension NodeInventory.TextEntry: HasCode {}
