import RedoJSON
import RedoText

/// JUnit XML for a convergence gate in CI: one test case per task, failing where the
/// task differs (re-signed copies alone pass, listed in its output); rejected ids that
/// differ between two states are one more case; an input that could not be read is an
/// error.
package enum DiffJUnitReport {
    package static func write(_ report: DiffReport, to sink: inout ReportSink) {
        let escape = JUnitReport.escape
        var byTask: [BytewiseKey: DiffReport.TaskDifferences] = [:]
        for task in report.tasks { byTask[BytewiseKey(task.taskId)] = task }
        let hasRejected = report.sides.contains { $0.kind == .state } && report.problems.isEmpty
        let tests = report.comparedTasks.count + (hasRejected ? 1 : 0)
        let failures = report.tasks.filter(\.differs).count + (report.rejected.isEmpty ? 0 : 1)
        let errors = report.problems.count
        sink.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        sink.write(
            "<testsuites name=\"redo-conform diff\" tests=\"\(tests + errors)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\">\n"
        )
        let name = escape(report.sides.map(\.path).joined(separator: " vs "))
        sink.write(
            "  <testsuite name=\"\(name)\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n")
        for taskId in report.comparedTasks {
            sink.write("    <testcase classname=\"\(name)\" name=\"\(escape("task " + taskId))\"")
            guard let task = byTask[BytewiseKey(taskId)] else {
                sink.write("/>\n")
                continue
            }
            sink.write(">\n")
            let lines = task.nodes.map(DiffLines.node) + task.state.map(DiffLines.state)
            if task.differs {
                let count = task.nodes.filter { $0.kind != .resigned }.count + task.state.count
                sink.write(
                    "      <failure type=\"diff\" message=\"\(escape(counted(count, "difference")))\">\(escape(lines.joined(separator: "\n")))</failure>\n"
                )
            } else {
                sink.write("      <system-out>\(escape(lines.joined(separator: "\n")))</system-out>\n")
            }
            sink.write("    </testcase>\n")
        }
        if hasRejected {
            sink.write("    <testcase classname=\"\(name)\" name=\"rejected ids\"")
            if report.rejected.isEmpty {
                sink.write("/>\n")
            } else {
                let lines = report.rejected.map(DiffLines.rejected).joined(separator: "\n")
                sink.write(
                    ">\n      <failure type=\"diff\" message=\"\(escape(counted(report.rejected.count, "difference")))\">\(escape(lines))</failure>\n    </testcase>\n"
                )
            }
        }
        sink.write("  </testsuite>\n")
        if !report.problems.isEmpty {
            sink.write(
                "  <testsuite name=\"input problems\" tests=\"\(errors)\" failures=\"0\" errors=\"\(errors)\" skipped=\"0\">\n"
            )
            for problem in report.problems {
                sink.write(
                    "    <testcase classname=\"inputs\" name=\"\(escape(problem.side + " " + problem.path))\"><error message=\"\(escape(problem.message))\"/></testcase>\n"
                )
            }
            sink.write("  </testsuite>\n")
        }
        sink.write("</testsuites>\n")
    }

    private typealias BytewiseKey = BytewiseString
}
