import RedoJSON

extension ExportShapes {
    /// A JSON object that is no export shape: one input problem for the whole document,
    /// naming the shapes tried and, when a member holds an array of nodes (a wrapped
    /// export), the `--nodes-at` that reads it.
    package struct Unrecognized: Error, CustomStringConvertible {
        package let description: String

        /// At most this many member names are shown; a wrapped export has a handful.
        static let maxNamesShown = 5

        init(_ value: JSONValue) {
            let members = value.objectValue?.members ?? []
            var text =
                "not an export this tool reads: the object is not a node (it has none of the keys \(ExportShapes.nodeKeys.sorted().joined(separator: ", "))), not an id map (no member's key is a sha256: id and no member holds a node) and not a nested export ({\"users\": …})"
            let names = members.prefix(Self.maxNamesShown).map { Self.quoted($0.key) }
            text +=
                "; its members: \(names.joined(separator: ", "))\(members.count > Self.maxNamesShown ? " and \(members.count - Self.maxNamesShown) more" : "")"
            if let wrapper = members.first(where: { Self.holdsNodes($0.value) }) {
                text +=
                    "; to read the nodes in \(Self.quoted(wrapper.key)), add --nodes-at \(NodesPointer.member(wrapper.key))"
            }
            description = text
        }

        /// An array whose every element is an object with a node key.
        static func holdsNodes(_ value: JSONValue) -> Bool {
            guard case let .array(elements) = value, !elements.isEmpty else { return false }
            return elements.allSatisfy { element in
                guard case let .object(object) = element else { return false }
                return ExportShapes.isNode(object)
            }
        }

        /// A member name as JSON spells it, cut short when long: the report escapes it
        /// for display; this keeps one crafted name from filling the message.
        private static func quoted(_ key: String) -> String {
            let cut = key.count > 64 ? String(key.prefix(64)) + "…" : key
            var out: [UInt8] = []
            StringEscaping.appendQuoted(cut, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
    }
}
