import RedoJSON
import RedoText

/// What `scenario check` prints: per scenario file, how many expectations were checked and
/// which failed (text, json — docs/schemas/scenario-check.schema.json — or JUnit XML, one
/// test case per scenario). Untrusted text (names, paths) is escaped as the other reports escape it.
package enum ScenarioCheckReport {
    package enum Format: String, CaseIterable, Sendable {
        case text, json, junit
    }

    package struct Entry: Sendable {
        package let file: String
        package let checked: Int
        package let failures: [String]
        /// Why the scenario could not be read or built, located.
        package let error: String?
    }

    package static func write(_ entries: [Entry], format: Format, to sink: inout ReportSink) {
        switch format {
        case .text: text(entries, to: &sink)
        case .json: json(entries, to: &sink)
        case .junit: junit(entries, to: &sink)
        }
    }

    static func status(_ e: Entry) -> String { e.error != nil ? "error" : e.failures.isEmpty ? "passed" : "failed" }

    static func text(_ entries: [Entry], to sink: inout ReportSink) {
        for e in entries {
            sink.write("\(status(e)) \(MessageText.displayed(e.file)) (\(counted(e.checked, "expectation")))\n")
            for line in e.failures + (e.error.map { [$0] } ?? []) { sink.write("  \(MessageText.displayed(line))\n") }
        }
        let failed = entries.filter { status($0) == "failed" }.count
        let errors = entries.filter { status($0) == "error" }.count
        sink.write("\(entries.count - failed - errors) passed, \(failed) failed, \(errors) not built\n")
    }

    static func json(_ entries: [Entry], to sink: inout ReportSink) {
        let scenarios: [JSONValue] = entries.map { e in
            var members = [
                JSONMember(key: "file", value: .string(e.file)), JSONMember(key: "status", value: .string(status(e))),
                JSONMember(key: "checked", value: .number(Double(e.checked))),
                JSONMember(key: "failures", value: .array(e.failures.map(JSONValue.string))),
            ]
            if let error = e.error { members.append(JSONMember(key: "error", value: .string(error))) }
            return .object(JSONObject(members))
        }
        let document = JSONObject([
            JSONMember(key: "format", value: .string("redo-conform/scenario-check")),
            JSONMember(key: "version", value: .number(1)),
            JSONMember(key: "passed", value: .number(Double(entries.filter { status($0) == "passed" }.count))),
            JSONMember(key: "failed", value: .number(Double(entries.filter { status($0) == "failed" }.count))),
            JSONMember(key: "errors", value: .number(Double(entries.filter { status($0) == "error" }.count))),
            JSONMember(key: "scenarios", value: .array(scenarios)),
        ])
        sink.write(bytes: OrderedJSONWriter.bytes(.object(document), pretty: true) + [0x0A])
    }

    static func junit(_ entries: [Entry], to sink: inout ReportSink) {
        let e = JUnitReport.escape
        let failed = entries.filter { status($0) == "failed" }.count
        let errors = entries.filter { status($0) == "error" }.count
        sink.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        sink.write(
            "<testsuites name=\"redo-conform scenario check\" tests=\"\(entries.count)\" failures=\"\(failed)\" errors=\"\(errors)\">\n"
        )
        sink.write(
            "  <testsuite name=\"scenarios\" tests=\"\(entries.count)\" failures=\"\(failed)\" errors=\"\(errors)\">\n")
        for entry in entries {
            sink.write("    <testcase classname=\"scenarios\" name=\"\(e(entry.file))\"")
            if let error = entry.error {
                sink.write(">\n      <error message=\"\(e(error))\"/>\n    </testcase>\n")
            } else if !entry.failures.isEmpty {
                sink.write(
                    ">\n      <failure message=\"\(e(entry.failures[0]))\">\(e(entry.failures.joined(separator: "\n")))</failure>\n    </testcase>\n"
                )
            } else {
                sink.write("/>\n")
            }
        }
        sink.write("  </testsuite>\n</testsuites>\n")
    }
}
