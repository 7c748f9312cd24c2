/// The lines a box is labelled with in the text drawings (DOT and Mermaid), which have no
/// room limit per line as the SVG's boxes do: action, id prefix, code and marks, then who
/// and when; a fold or a "more" box says what it stands for.
extension GraphLayout.Box {
    package func labelLines(_ graph: TaskGraph) -> [String] {
        switch content {
        case let .node(k):
            let node = graph.nodes[k]
            var lines = [node.action?.rawValue ?? (node.status == .missing ? "not in the task" : "action ?")]
            lines.append(GraphSVG.shortId(node.id))
            if let code = node.code { lines.append(code.rawValue) }
            if node.isOriginalCreate { lines.append("original CREATE") }
            if node.isHead { lines.append("head") }
            return lines + node.whoLines
        case let .run(first, last, count):
            return [
                "\(count) \(status == .descendant ? "descendants" : "valid nodes")",
                "\(GraphSVG.shortId(graph.nodes[first].id)) … \(GraphSVG.shortId(graph.nodes[last].id))",
            ]
        case let .more(count, layers):
            return [
                "+\(count) more node\(count == 1 ? "" : "s")",
                layers.map { "in \($0) more layer\($0 == 1 ? "" : "s")" } ?? "in this layer",
            ]
        }
    }
}
