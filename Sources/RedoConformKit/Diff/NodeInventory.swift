import RedoCore
import RedoCrypto
import RedoValidation

/// One side's nodes, as `diff` compares them: for each id some record claims, the verdict
/// on it and its signature's fingerprint, sorted by id. Compact on purpose (24 bytes an
/// id): it is what `diff` keeps of a validated log besides its nodes, which it names by
/// position instead of copying their ids and taskIds.
package struct NodeInventory: Sendable {
    /// One claimed id in its usual form: a well-formed id and taskId.
    struct Entry: Sendable {
        /// Whose id and taskId: a node's position in `nodes` (≥ 0), or `-(k + 1)` for the
        /// kth of `claimed` (a record that failed node-level checks).
        let ref: Int32
        /// nil: valid.
        let code: ErrorCode?
        let fingerprint: SignatureFingerprint
    }

    /// An id or taskId that is not well formed: kept as text, compared as bytes.
    struct TextEntry: Sendable {
        let id: String
        let task: String?
        let code: ErrorCode?
    }

    /// The log's nodes (shared with its verdict, not copied).
    private let nodes: NodeStore
    /// The well-formed id and taskId of each record that failed node-level checks.
    private var claimed: [(id: NodeID, task: UUIDv4)] = []
    /// Sorted by id; one per id (a valid record's verdict before a rejected one's).
    private(set) var entries: [Entry] = []
    /// Sorted by the id's bytes; one per id.
    private(set) var textEntries: [TextEntry] = []
    /// Records with no id to compare by (not JSON, no string id).
    private(set) var unidentified = 0

    func id(of entry: Entry) -> NodeID {
        entry.ref >= 0 ? nodes.id(at: Int(entry.ref)) : claimed[Int(-(entry.ref + 1))].id
    }

    func task(of entry: Entry) -> UUIDv4 {
        entry.ref >= 0 ? nodes.taskId(at: Int(entry.ref)) : claimed[Int(-(entry.ref + 1))].task
    }

    package init(_ result: ValidationResult) {
        nodes = result.verdict.nodes
        let fingerprints = result.signatureFingerprints
        for (record, verdict) in result.verdict.records.enumerated() where verdict.status != .duplicate {
            let code = verdict.status == .valid ? nil : verdict.code
            if verdict.node >= 0 {
                let fingerprint = record < fingerprints.count ? fingerprints[record] : .none
                entries.append(Entry(ref: verdict.node, code: code, fingerprint: fingerprint))
                continue
            }
            guard case let .claims(idText, taskText, _) = result.identity(record), let idText else {
                unidentified += 1
                continue
            }
            if let id = NodeID(idText), let task = taskText.flatMap(UUIDv4.init) {
                claimed.append((id, task))
                entries.append(Entry(ref: -Int32(claimed.count), code: code ?? .schemaMismatch, fingerprint: .none))
            } else {
                textEntries.append(TextEntry(id: idText, task: taskText, code: code ?? .schemaMismatch))
            }
        }
        // Of several records of one id, the first valid one stands for it, else the first.
        // Indices are sorted, not the entries, so that ties keep record order.
        let inventory = self
        entries = Self.onePerId(entries) { x, y in
            let (a, b) = (inventory.id(of: x), inventory.id(of: y))
            return a < b ? -1 : a == b ? 0 : 1
        }
        textEntries = Self.onePerId(textEntries) { x, y in
            x.id.utf8Precedes(y.id) ? -1 : y.id.utf8Precedes(x.id) ? 1 : 0
        }
    }

    /// Whether `id` is a valid node here whose signature has `fingerprint`: then the
    /// signature was verified over that id's body.
    package func verified(_ id: NodeID, _ fingerprint: SignatureFingerprint) -> Bool {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if self.id(of: entries[middle]) < id { low = middle + 1 } else { high = middle }
        }
        guard low < entries.count else { return false }
        let entry = entries[low]
        return self.id(of: entry) == id && entry.code == nil && fingerprint != .none && entry.fingerprint == fingerprint
    }

    var validCount: Int { entries.lazy.filter { $0.code == nil }.count }

    /// Sorted by id, keeping per id the first valid entry, else the first (`items` are in
    /// record order). `compare` orders two items by id: negative, zero or positive.
    private static func onePerId<T: HasCode>(_ items: [T], compare: (T, T) -> Int) -> [T] {
        var order = Array(0..<Int32(items.count))
        order.sort { a, b in
            let (x, y) = (items[Int(a)], items[Int(b)])
            let byId = compare(x, y)
            if byId != 0 { return byId < 0 }
            let (xValid, yValid) = (x.code == nil, y.code == nil)
            return xValid != yValid ? xValid : a < b
        }
        var out: [T] = []
        out.reserveCapacity(items.count)
        for index in order where out.last.map({ compare($0, items[Int(index)]) != 0 }) ?? true {
            out.append(items[Int(index)])
        }
        return out
    }
}

protocol HasCode { var code: ErrorCode? { get } }
extension NodeInventory.Entry: HasCode {}
extension NodeInventory.TextEntry: HasCode {}
