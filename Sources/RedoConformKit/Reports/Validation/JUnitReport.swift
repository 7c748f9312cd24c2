import RedoCore
import RedoValidation

/// JUnit XML as CI systems read it: one test suite per input file, one test case per
/// record; a rejected record is a failure carrying its code, rule and message; a
/// duplicate record is skipped; a record's warnings are its test case's output; an
/// input problem (unreadable, or holding no record) is an error.
package enum JUnitReport {
    package static func write(_ result: some ReportedRun, to sink: inout ReportSink) {
        var byFile: [Int: [Int]] = [:]
        for index in 0..<result.recordCount { byFile[result.fileIndex(index), default: []].append(index) }
        var failures = 0
        var skipped = 0
        for index in 0..<result.recordCount {
            switch result.status(index) {
            case .rejected: failures += 1
            case .duplicate: skipped += 1
            case .valid: break
            }
        }
        let problems = result.problems
        sink.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        sink.write(
            "<testsuites name=\"redo-conform validate\" tests=\"\(result.recordCount + problems.count)\" failures=\"\(failures)\" errors=\"\(problems.count)\" skipped=\"\(skipped)\">\n"
        )
        for (fileIndex, file) in result.fileNames.enumerated() {
            let indices = byFile[fileIndex] ?? []
            let fileFailures = indices.filter { result.status($0) == .rejected }.count
            let fileSkipped = indices.filter { result.status($0) == .duplicate }.count
            sink.write(
                "  <testsuite name=\"\(escape(file))\" tests=\"\(indices.count)\" failures=\"\(fileFailures)\" errors=\"0\" skipped=\"\(fileSkipped)\">\n"
            )
            for index in indices {
                let status = result.status(index)
                let findings = result.findings(index)
                let name = "\(result.source(index)) \(result.claimedId(index) ?? "(no id)")"
                sink.write("    <testcase classname=\"\(escape(file))\" name=\"\(escape(name))\"")
                let warnings = findings.filter { $0.severity == .warning }
                let failure = status == .rejected ? result.code(index) : nil
                guard failure != nil || status == .duplicate || !warnings.isEmpty else {
                    sink.write("/>\n")
                    continue
                }
                sink.write(">\n")
                if let code = failure {
                    let primary = findings.primaryFinding
                    sink.write(
                        "      <failure type=\"\(code.rawValue)\" message=\"\(escape("\(primary?.rule.id ?? ""): \(primary?.message ?? "")"))\">"
                    )
                    sink.write(escape(lines(findings)))
                    sink.write("</failure>\n")
                } else if status == .duplicate {
                    sink.write(
                        "      <skipped message=\"\(escape("duplicate of \(result.originalSource(ofDuplicate: index) ?? "an earlier record")"))\"/>\n"
                    )
                }
                if !warnings.isEmpty {
                    sink.write("      <system-out>\(escape(lines(warnings)))</system-out>\n")
                }
                sink.write("    </testcase>\n")
            }
            sink.write("  </testsuite>\n")
        }
        if !problems.isEmpty {
            sink.write(
                "  <testsuite name=\"input problems\" tests=\"\(problems.count)\" failures=\"0\" errors=\"\(problems.count)\" skipped=\"0\">\n"
            )
            for problem in problems {
                sink.write(
                    "    <testcase classname=\"inputs\" name=\"\(escape(problem.path))\"><error message=\"\(escape(problem.message))\"/></testcase>\n"
                )
            }
            sink.write("  </testsuite>\n")
        }
        sink.write("</testsuites>\n")
    }

    /// One line per finding: `CODE rule path: message`.
    private static func lines(_ findings: [Finding]) -> String {
        findings.map { "\($0.code.rawValue) \($0.rule.id) \($0.path): \($0.message)" }.joined(separator: "\n")
    }

    /// XML-escapes text (for attributes and element text alike), replacing characters
    /// XML 1.0 cannot carry.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            // As character references: a reader normalizes raw ones in attributes to spaces.
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            case "\r": out += "&#13;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
