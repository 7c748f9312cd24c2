import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoText
import RedoValidation

/// Renders a comparison: a matrix of the vectors where some platform does not simply
/// agree, the details of each, and a summary per platform.
enum CompareReport {
    static func text(
        _ rows: [VectorRow], platforms: [PlatformOutputs], context: CompareContext = CompareContext(),
        hideMissing: Bool = false, to sink: inout ReportSink
    ) {
        // Untrusted names and details escaped once, here; widths are measured on what is shown.
        let rows = rows.map(\.displayed)
        let platforms = platforms.map(\.displayed)
        sink.write(
            "compare: \(counted(rows.count, "vector")) × \(counted(platforms.count, "platform")), against \(PlatformReference.platformName)\n"
        )
        if !context.vectorSet.isEmpty { sink.write("vector set \(MessageText.displayed(context.vectorSet))\n") }
        for platform in platforms { sink.write("  \(platform.name): \(platform.implementation) (\(platform.file))\n") }
        if let line = context.selectionLine(rows.count) { sink.write("\(line)\n") }
        for line in context.baselineLines { sink.write("\(MessageText.displayed(line))\n") }
        let shown: (Cell) -> Bool = { $0.status > .notProduced && !(hideMissing && $0.status == .missing) }
        let interesting = rows.filter { $0.cells.contains(where: shown) }
        if !interesting.isEmpty {
            let idWidth = max(6, interesting.map(\.id.count).max() ?? 0)
            let widths = platforms.map { max(9, $0.name.count) }
            sink.write(
                "\n" + pad("vector", idWidth) + "  "
                    + zip(platforms, widths).map { pad($0.name, $1) }.joined(separator: "  ") + "\n")
            for row in interesting {
                sink.write(
                    pad(row.id, idWidth) + "  " + zip(row.cells, widths).map { pad($0.tag, $1) }.joined(separator: "  ")
                        + "\n")
            }
            sink.write("\n")
            for row in interesting {
                for (cell, platform) in zip(row.cells, platforms) where shown(cell) {
                    for detail in cell.details { sink.write("\(platform.name)  \(row.id): \(detail)\n") }
                    // The class that explains the drift, with what that mistake is.
                    if let diagnosis = cell.diagnosis {
                        sink.write("\(platform.name)  \(row.id): \(MessageText.displayed(diagnosis.line))\n")
                        for line in diagnosis.summaryLines { sink.write("    \(line)\n") }
                    }
                }
                if platforms.count > 1 && !row.groups.isEmpty {
                    sink.write(
                        "  who agrees on the canonical bytes: "
                            + row.groups.map { "{" + $0.joined(separator: ", ") + "}" }.joined(separator: " | ") + "\n")
                }
            }
        }
        sink.write("\n")
        for (index, platform) in platforms.enumerated() {
            sink.write("\(platform.name): \(PlatformCounts(rows, platform: index).line)\n")
        }
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    static func json(
        _ rows: [VectorRow], platforms: [PlatformOutputs], context: CompareContext = CompareContext(),
        to sink: inout ReportSink
    ) {
        var header = [
            member("format", str("redo-conform/compare-report")),
            member("version", num(2)),
            member("reference", str(PlatformReference.platformName)),
            member("inputs", str(context.inputsFile)),
            member("vectorSet", context.stamp?.json ?? .null),
            member(
                "selection",
                .object(
                    JSONObject([
                        member("only", .array(context.selection.only.map { str($0) })),
                        member("skip", .array(context.selection.skip.map { str($0) })),
                        member("selected", num(Double(rows.count))),
                        member("of", num(Double(context.selectedOutOf))),
                    ]))),
        ]
        if let baseline = context.baseline {
            header.append(
                member(
                    "baseline",
                    .object(
                        JSONObject([
                            member("file", str(baseline.file)),
                            member("ignored", num(Double(baseline.ignored))),
                            member(
                                "vanished",
                                .array(
                                    baseline.vanished.map {
                                        .object(
                                            JSONObject([member("platform", str($0.platform)), member("id", str($0.id))])
                                        )
                                    })),
                        ]))))
        }
        let report = JSONValue.object(
            JSONObject(
                header + [
                    member(
                        "platforms",
                        .array(
                            platforms.map {
                                .object(
                                    JSONObject([
                                        member("name", str($0.name)), member("implementation", str($0.implementation)),
                                        member("file", str($0.file)),
                                    ]))
                            })),
                    member(
                        "vectors",
                        .array(
                            rows.map { row in
                                .object(
                                    JSONObject([
                                        member("id", str(row.id)), member("kind", str(row.kind)),
                                        member(
                                            "results",
                                            .object(
                                                JSONObject(
                                                    zip(platforms, row.cells).map { platform, cell in
                                                        JSONMember(
                                                            key: platform.name,
                                                            value: .object(
                                                                JSONObject(
                                                                    [
                                                                        member("status", str(cell.status.rawValue)),
                                                                        member("tag", str(cell.tag)),
                                                                        member(
                                                                            "details",
                                                                            .array(cell.details.map { str($0) })),
                                                                    ] + diagnosisMembers(cell.diagnosis))))
                                                    }))),
                                        member("groups", .array(row.groups.map { .array($0.map { str($0) }) })),
                                        member("flags", .array(row.flags.map { str($0) })),
                                    ]))
                            })),
                ]))
        sink.write(bytes: OrderedJSONWriter.bytes(report) + [0x0A])
    }

    /// A cell's diagnosis in the json report: diagnosed (with paths) and possible classes,
    /// or nothing when the cell has none.
    static func diagnosisMembers(_ diagnosis: Diagnosis?) -> [JSONMember] {
        guard let diagnosis else { return [] }
        return [
            member(
                "diagnosis",
                .object(
                    JSONObject([
                        member("diagnosed", .array(diagnosis.diagnosed.map { str($0) })),
                        member("possible", .array(diagnosis.possible.map { str($0) })),
                        member(
                            "paths",
                            .object(
                                JSONObject(
                                    diagnosis.paths.keys.sorted().map { name in
                                        member(name, .array(diagnosis.paths[name]!.map { str($0) }))
                                    }))),
                        member("explained", .bool(diagnosis.explained)),
                    ])))
        ]
    }

    /// One suite per platform, one case per vector. A result that fails the run (as the
    /// exit status counts it, so `--strict` and `--allow-missing` apply) is a `<failure>`;
    /// a missing result allowed by `--allow-missing` is `<skipped>`, and so is an optional
    /// result the platform did not produce (a log's state hash); a platform-dependent
    /// verdict that does not fail carries its details in `<system-out>`.
    static func junit(
        _ rows: [VectorRow], platforms: [PlatformOutputs], context: CompareContext = CompareContext(),
        policy: GatePolicy, to sink: inout ReportSink
    ) {
        let fails = platforms.indices.map { index in
            rows.filter { policy.fails($0.cells[index]) }.count
        }
        let skipped: (Cell) -> Bool = { $0.status == .notProduced || ($0.status == .missing && policy.allowMissing) }
        let skips = platforms.indices.map { index in rows.filter { skipped($0.cells[index]) }.count }
        sink.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        sink.write(
            "<testsuites name=\"redo-conform compare\" tests=\"\(rows.count * platforms.count)\" failures=\"\(fails.reduce(0, +))\" errors=\"0\" skipped=\"\(skips.reduce(0, +))\">\n"
        )
        for (index, platform) in platforms.enumerated() {
            let name = JUnitReport.escape(platform.name)
            sink.write(
                "  <testsuite name=\"\(name)\" tests=\"\(rows.count)\" failures=\"\(fails[index])\" errors=\"0\" skipped=\"\(skips[index])\">\n"
            )
            for row in rows {
                let cell = row.cells[index]
                let explained = cell.details + (cell.diagnosis.map { [$0.line] + $0.summaryLines } ?? [])
                let details = JUnitReport.escape(explained.joined(separator: "\n"))
                sink.write("    <testcase classname=\"\(name).\(row.kind)\" name=\"\(JUnitReport.escape(row.id))\"")
                if policy.fails(cell) {
                    sink.write(
                        "><failure type=\"\(cell.tag)\" message=\"\(JUnitReport.escape(cell.details.first ?? ""))\">\(details)</failure></testcase>\n"
                    )
                } else if skipped(cell) {
                    sink.write(
                        "><skipped message=\"\(JUnitReport.escape(cell.details.first ?? "no result"))\"/></testcase>\n")
                } else if cell.status == .platformDependent || cell.status == .known {
                    sink.write("><system-out>\(details)</system-out></testcase>\n")
                } else {
                    sink.write("/>\n")
                }
            }
            sink.write("  </testsuite>\n")
        }
        sink.write("</testsuites>\n")
    }
}
