import RedoCrypto
import RedoJSON

// The verdict of a pass: every record's, every node's, and the rejected ids.
extension LogPass {
    func finish(_ order: [Int32]) -> LogVerdict {
        LogVerdict(
            records: verdicts, nodes: nodes, nodeStatus: primary, order: order, rejected: rejectedIds(),
            mergeDecisions: mergeDecisions, duplicateOf: duplicateOf.mapValues { representative[Int($0)] })
    }

    /// Every claimed id no valid node holds, sorted by text. Well-formed ids sort as
    /// digests (the same order as their text, and far cheaper than comparing a million
    /// strings); the few malformed ones sort as text and are merged in. The two lists
    /// never share an id: text that parses as an id is never kept as malformed.
    func rejectedIds() -> [(id: String, code: ErrorCode)] {
        var wellFormed: [(id: NodeID, code: ErrorCode)] = []
        for (position, code) in primary.enumerated() {
            if let code { wellFormed.append((nodes.id(at: position), code)) }
        }
        for (id, code) in rejectedAtNodeLevel { wellFormed.append((id, code)) }
        wellFormed.sort { $0.id < $1.id }
        let malformed = malformedIds.map { (id: $0.key.string, code: $0.value) }.sortedByUTF8 { $0.id }

        var rejected: [(id: String, code: ErrorCode)] = []
        rejected.reserveCapacity(wellFormed.count + malformed.count)
        var m = malformed.startIndex
        for entry in wellFormed {
            let text = entry.id.text
            while m < malformed.endIndex, malformed[m].id.utf8Precedes(text) {
                rejected.append(malformed[m])
                m += 1
            }
            rejected.append((text, entry.code))
        }
        rejected += malformed[m...]
        return rejected
    }
}
