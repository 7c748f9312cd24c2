import RedoValidation

/// Device and author's name for the boxes a drawing shows: the run does not keep them, so
/// the records of the nodes drawn in boxes are read again, once for all the drawings, and
/// nothing else is parsed. Where the records cannot be read again (stdin, a run with input
/// problems), the boxes say nothing of the device.
extension GraphLayout {
    package static func readingDetails(
        _ layouts: [GraphLayout], of result: ValidationResult, options: ValidationOptions
    ) -> [GraphLayout] {
        var wanted = Set<Int>()
        for layout in layouts {
            for box in layout.boxes {
                if case let .node(k) = box.content, let record = layout.graph.nodes[k].records.first {
                    wanted.insert(record)
                }
            }
        }
        guard !wanted.isEmpty else { return layouts }
        let details = RecordDetails.read(of: result, options: options) { wanted.contains($0) }
        return layouts.map { layout in
            var layout = layout
            for box in layout.boxes {
                if case let .node(k) = box.content, let record = layout.graph.nodes[k].records.first {
                    layout.graph.nodes[k].details = details[record]
                }
            }
            return layout
        }
    }
}
