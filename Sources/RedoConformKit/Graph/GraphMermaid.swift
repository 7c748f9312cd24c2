import RedoCore
import RedoText

/// A laid-out task DAG as a Mermaid flowchart, which code hosts render in markdown: the
/// same boxes, labels, colours and folds as the DOT drawing. Labels are display-escaped
/// (no control or bidi character reaches the page), then every character Mermaid's syntax
/// could read (quotes, brackets, `#`, `<`, `|`…) is written as its `#code;` entity.
package enum GraphMermaid {
    package static func mermaid(_ layout: GraphLayout) -> String {
        let graph = layout.graph
        var out = "flowchart TB\n"
        out += "  %% DAG of task \(label(graph.taskId))\n"
        var classes: [GraphStatus: [Int]] = [:]
        for (index, box) in layout.boxes.enumerated() {
            let lines = box.labelLines(graph)
            out += "  b\(index)[\"\(lines.map(label).joined(separator: "<br/>"))\"]\n"
            if let status = box.status { classes[status, default: []].append(index) }
        }
        for (index, box) in layout.boxes.enumerated() {
            var merge = false
            if case let .node(k) = box.content { merge = graph.nodes[k].action == .merge }
            for parent in box.parents { out += "  b\(parent) \(merge ? "-.->" : "-->") b\(index)\n" }
        }
        for status in GraphStatus.allCases {
            guard let members = classes[status] else { continue }
            let (fill, stroke) = status.colours
            out += "  classDef \(status.rawValue) fill:\(fill),stroke:\(stroke),color:#111111\n"
            out += "  class \(members.map { "b\($0)" }.joined(separator: ",")) \(status.rawValue)\n"
        }
        return out
    }

    /// Characters Mermaid reads in a quoted label or a comment, as entities. Display
    /// escaping first: it writes control and bidi characters as visible `\u{…}` text.
    static let entities: [Unicode.Scalar: String] = [
        "#": "#35;", "\"": "#quot;", "[": "#91;", "]": "#93;", "(": "#40;", ")": "#41;", "{": "#123;",
        "}": "#125;", "<": "#lt;", ">": "#gt;", "&": "#amp;", "|": "#124;", "`": "#96;", "%": "#37;",
    ]

    static func label(_ text: String) -> String {
        var out = ""
        for scalar in MessageText.displayed(text).unicodeScalars {
            if let entity = entities[scalar] { out += entity } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
