// The key of the record lists the log target has checked before (LogCaches.checkedLists).

/// A record list, hashed once: the key of what the order-independent checks found on it.
package struct RecordList: Hashable {
    let records: [HashedBytes]
    let digest: Int
    package init(_ records: [HashedBytes]) {
        self.records = records
        var hasher = Hasher()
        hasher.combine(records.count)
        for record in records { hasher.combine(record.digest) }
        digest = hasher.finalize()
    }
    package func hash(into hasher: inout Hasher) { hasher.combine(digest) }
    package static func == (a: RecordList, b: RecordList) -> Bool { a.digest == b.digest && a.records == b.records }
}
