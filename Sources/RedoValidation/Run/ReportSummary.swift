import RedoCore

/// The counts every report format shows.
package struct ReportSummary: Sendable, Equatable {
    package var records = 0
    /// Distinct ids claimed by the records (a record without a string id counts alone).
    package var nodes = 0
    package var valid = 0
    package var rejected = 0
    package var duplicates = 0
    /// Rejected records by primary code.
    package var byCode: [ErrorCode: Int] = [:]
    package var warnings = 0
    /// Tasks the log deleted.
    package var deletedTasks = 0
    /// Records that stand (valid or duplicate) with a warning of a code, by that code.
    package var warningsByCode: [ErrorCode: Int] = [:]

    package init(_ run: some ReportedRun) {
        for index in 0..<run.recordCount {
            records += 1
            let status = run.status(index)
            switch status {
            case .valid: valid += 1
            case .duplicate: duplicates += 1
            case .rejected:
                rejected += 1
                if let code = run.code(index) { byCode[code, default: 0] += 1 }
            }
            guard status != .rejected else { continue }
            let findings = run.findings(index)
            guard findings.contains(where: { $0.severity == .warning }) else { continue }
            warnings += 1
            var seen: [ErrorCode] = []
            for finding in findings where finding.severity == .warning && !seen.contains(finding.code) {
                seen.append(finding.code)
                warningsByCode[finding.code, default: 0] += 1
            }
        }
        nodes = run.nodeCount
        deletedTasks = run.deletedTaskCount
    }
}
