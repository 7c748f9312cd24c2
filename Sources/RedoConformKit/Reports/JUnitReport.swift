import RedoCore

/// JUnit XML as CI systems read it: one test suite per input file, one test case per
/// record; a rejected record is a failure carrying its code, rule and message; an
/// unreadable input is an error.
public enum JUnitReport {
    public static func write(_ result: ValidationResult, to sink: inout ReportSink) {
        var byFile: [Int32: [Int]] = [:]
        for index in result.verdict.records.indices { byFile[result.sources[index].file, default: []].append(index) }
        let failures = result.verdict.records.filter { $0.status == .rejected }.count
        sink.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        sink.write("<testsuites name=\"redo-conform validate\" tests=\"\(result.verdict.records.count + result.problems.count)\" failures=\"\(failures)\" errors=\"\(result.problems.count)\">\n")
        for (fileIndex, file) in result.files.enumerated() {
            let records = byFile[Int32(fileIndex)] ?? []
            let fileFailures = records.filter { result.verdict.records[$0].status == .rejected }.count
            sink.write("  <testsuite name=\"\(escape(file.display))\" tests=\"\(records.count)\" failures=\"\(fileFailures)\" errors=\"0\">\n")
            for index in records {
                let record = result.verdict.records[index]
                let name = "\(result.source(index)) \(result.claimedId(index) ?? "(no id)")"
                sink.write("    <testcase classname=\"\(escape(file.display))\" name=\"\(escape(name))\"")
                if record.status == .rejected, let code = record.code {
                    let primary = record.findings.first { $0.code == code }
                    sink.write(">\n      <failure type=\"\(code.rawValue)\" message=\"\(escape("\(primary?.rule.id ?? ""): \(primary?.message ?? "")"))\">")
                    sink.write(escape(record.findings.map { "\($0.code.rawValue) \($0.rule.id) \($0.path): \($0.message)" }.joined(separator: "\n")))
                    sink.write("</failure>\n    </testcase>\n")
                } else {
                    sink.write("/>\n")
                }
            }
            sink.write("  </testsuite>\n")
        }
        if !result.problems.isEmpty {
            sink.write("  <testsuite name=\"unreadable inputs\" tests=\"\(result.problems.count)\" failures=\"0\" errors=\"\(result.problems.count)\">\n")
            for problem in result.problems {
                sink.write("    <testcase classname=\"inputs\" name=\"\(escape(problem.path))\"><error message=\"\(escape(problem.message))\"/></testcase>\n")
            }
            sink.write("  </testsuite>\n")
        }
        sink.write("</testsuites>\n")
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
