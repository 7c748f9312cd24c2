/// What a baseline made of a comparison: listed drift became known; a listed vector that
/// now agrees became stale; one whose tag or classes changed stays drift, saying what the
/// baseline expected. Entries the run cannot judge are counted apart.
package struct BaselineOutcome: Sendable {
    /// The baseline file.
    package var file: String
    /// Entries whose vector is not in the inputs any more (after a vector-set upgrade):
    /// platform, vector id. They fail: the baseline must be rewritten for the new set.
    package var vanished: [(platform: String, id: String)] = []
    /// Entries for vectors outside the selection: neither known nor stale.
    package var ignored = 0
    /// What the inputs call their vector set (their seed), to name it beside vanished entries.
    package var vectorSet: String

    /// Applies `baseline` to the rows, in place. `allIds` are every vector id of the
    /// inputs, selected or not.
    package static func apply(
        _ baseline: ExpectedDrift, file: String, vectorSet: String, to rows: inout [VectorRow],
        platforms: [PlatformOutputs], allIds: Set<String>
    ) -> BaselineOutcome {
        var outcome = BaselineOutcome(file: file, vectorSet: vectorSet)
        let selected = Set(rows.map(\.id))
        for (index, platform) in platforms.enumerated() {
            let entries = baseline.platforms[platform.name] ?? [:]
            for id in entries.keys.sorted() where !selected.contains(id) {
                if allIds.contains(id) { outcome.ignored += 1 } else { outcome.vanished.append((platform.name, id)) }
            }
            for r in rows.indices {
                let entry = entries[rows[r].id]
                rows[r].cells[index].judge(against: entry)
            }
        }
        return outcome
    }

    /// Whether the baseline itself fails the run (an entry whose vector vanished).
    package var fails: Bool { !vanished.isEmpty }
}

extension Cell {
    /// Holds this result to its baseline entry (nil: the vector is not listed).
    mutating func judge(against entry: ExpectedDrift.Entry?) {
        guard let entry else { return }
        let diagnosed = diagnosis?.diagnosed ?? []
        if status == .drift {
            if entry.tag == tag && entry.diagnosed == diagnosed {
                status = .known
                details.insert("known: listed in the baseline", at: 0)
            } else {
                details.insert(
                    "the baseline lists \(entry.tag) [\(entry.diagnosed.joined(separator: ", "))], now \(tag) [\(diagnosed.joined(separator: ", "))]",
                    at: 0)
            }
        } else {
            status = .stale
            tag = "STALE"
            details.insert(
                "stale: the baseline lists \(entry.tag) [\(entry.diagnosed.joined(separator: ", "))], and the platform no longer drifts here; remove the entry",
                at: 0)
        }
    }
}
