import RedoCore
import RedoText

/// A laid-out task DAG in Graphviz's DOT language: the same boxes, colours and folds as
/// the SVG, one `rank=same` group per lamport layer. Labels are display-escaped, then
/// escaped for DOT's quoted strings.
package enum GraphDOT {
    package static func dot(_ layout: GraphLayout) -> String {
        let graph = layout.graph
        var out = "digraph \"\(quoted(graph.taskId))\" {\n"
        out += "  rankdir=TB;\n  node [shape=box, style=\"rounded,filled\", fontname=\"monospace\", fontsize=10];\n"
        for (index, box) in layout.boxes.enumerated() {
            let label = box.labelLines(graph)
            var attributes: [String] = []
            switch box.content {
            case let .node(k):
                let node = graph.nodes[k]
                if node.isHead || node.isOriginalCreate { attributes.append("penwidth=3") }
                if node.status == .missing { attributes.append("style=\"rounded,dashed\"") }
                attributes.append("tooltip=\"\(quoted(node.id + node.whoTooltip))\"")
            case .run: break
            case .more: attributes.append("style=\"rounded,dashed\"")
            }
            let (fill, stroke) = box.status?.colours ?? ("#f7f7f7", "#999999")
            attributes.append("fillcolor=\"\(fill)\"")
            attributes.append("color=\"\(stroke)\"")
            out +=
                "  b\(index) [label=\"\(label.map(quoted).joined(separator: "\\n"))\", \(attributes.joined(separator: ", "))];\n"
        }
        for layer in layout.layerLamports.indices {
            let members = layout.boxes.indices.filter { layout.boxes[$0].layer == layer }.map { "b\($0)" }
            out += "  { rank=same; \(members.joined(separator: "; ")); }\n"
        }
        for (index, box) in layout.boxes.enumerated() {
            var merge = false
            if case let .node(k) = box.content { merge = graph.nodes[k].action == .merge }
            for parent in box.parents {
                out += "  b\(parent) -> b\(index)\(merge ? " [style=dashed, color=\"#6a1b9a\"]" : "");\n"
            }
        }
        return out + "}\n"
    }

    /// Inside a DOT double-quoted string: display-escaped text, then `\` and `"` escaped.
    static func quoted(_ text: String) -> String {
        var out = ""
        for scalar in MessageText.displayed(text).unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
