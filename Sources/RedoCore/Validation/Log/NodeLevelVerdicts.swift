/// Each record's verdict from its node-level checks, kept by a pass that stays open
/// (`LiveLog`): where the rules start over when they judge a record again.
///
/// Most records pass with no finding, and their verdict then follows from what the pass
/// holds anyway: the node the record is a copy of (`RecordVerdict.node`, which the rules
/// never change) and whether the record stands for that node or is a duplicate. Only the
/// others are kept whole: a full copy of every verdict took 24 bytes a record.
struct NodeLevelVerdicts {
    /// The verdicts of records that failed a check or have a finding, by record.
    private var kept: [Int32: RecordVerdict] = [:]

    /// Notes the node-level verdicts of records just grouped (indexed by record).
    mutating func add(_ verdicts: ArraySlice<RecordVerdict>) {
        for record in verdicts.indices {
            let verdict = verdicts[record]
            if verdict.node < 0 || verdict.code != nil || !verdict.findings.isEmpty { kept[Int32(record)] = verdict }
        }
    }

    /// Record `record`'s node-level verdict, given its node (its verdict's `node`, any
    /// verdict since) and the record that stands for each node.
    func verdict(of record: Int, node: Int32, representative: [Int32]) -> RecordVerdict {
        if let verdict = kept[Int32(record)] { return verdict }
        let stands = representative[Int(node)] == Int32(record)
        return RecordVerdict(status: stands ? .valid : .duplicate, code: nil, findings: [], node: node)
    }
}
