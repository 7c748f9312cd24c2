/// What every compare report says beside the rows: which inputs and vector set, what was
/// selected, and what a baseline made of the run.
struct CompareContext {
    var selection = VectorSelection()
    /// How many vectors the inputs hold (selected or not).
    var selectedOutOf = 0
    var inputsFile = ""
    /// The inputs' vector set, for people: "1.1 (sha256 …)".
    var vectorSet = ""
    /// The inputs' vector set stamp (nil for unstamped inputs).
    var stamp: VectorSetStamp?
    var baseline: BaselineOutcome?

    /// "selected 26 of 260 vectors (--only n-*)", or nil when everything was.
    func selectionLine(_ count: Int) -> String? {
        selection.selectsEverything ? nil : "selected \(count) of \(selectedOutOf) vectors (\(selection.description))"
    }

    /// The baseline's lines: its file, what it ignored, and each vanished entry.
    var baselineLines: [String] {
        guard let baseline else { return [] }
        var lines = ["baseline: \(baseline.file)"]
        if baseline.ignored > 0 { lines.append("baseline entries outside the selection, ignored: \(baseline.ignored)") }
        for entry in baseline.vanished {
            lines.append(
                "STALE baseline entry: \(entry.platform) \(entry.id) names a vector that vector set \(baseline.vectorSet) does not hold"
            )
        }
        return lines
    }
}

/// Per-platform counts for a summary line.
struct PlatformCounts {
    var agree = 0, drift = 0, known = 0, stale = 0, dependent = 0, missing = 0, notJudged = 0, optional = 0

    init(_ rows: [VectorRow], platform index: Int) {
        for row in rows {
            switch row.cells[index].status {
            case .agree: agree += 1
            case .drift: drift += 1
            case .known: known += 1
            case .stale: stale += 1
            case .platformDependent: dependent += 1
            case .missing: missing += 1
            case .notProduced:
                if row.kind == PlatformInputSection.verdicts.rawValue { notJudged += 1 } else { optional += 1 }
            }
        }
    }

    /// "282 agree, 0 drift, 12 platform-dependent, 0 missing[, 3 known, 1 stale][, 129 not judged][, 39 optional not produced]".
    var line: String {
        var text = "\(agree) agree, \(drift) drift, \(dependent) platform-dependent, \(missing) missing"
        if known > 0 || stale > 0 { text += ", \(known) known, \(stale) stale" }
        if notJudged > 0 { text += ", \(notJudged) not judged" }
        if optional > 0 { text += ", \(optional) optional not produced" }
        return text
    }
}
