/// A scenario built: its log's records in order, each with the verdict it must get, and
/// the ids its names became.
public struct BuiltScenario: Sendable {
    /// One line of the log.
    public struct Record: Sendable {
        /// The node the line was built from.
        public var node: String
        /// The line, without its newline.
        public var bytes: [UInt8]
        /// The verdict the record must get.
        public var expectation: NodeExpectation
        /// Where the node was written.
        public var location: SourceLocation?
        /// The warning codes the record must carry, exactly.
        public var warnings: [String] = []
    }

    /// The scenario's name.
    public var name: String
    /// The log's records, in order.
    public var records: [Record]
    /// Node names and their ids, in declaration order (omitted nodes included).
    public var nodeIds: [(name: String, id: String)]
    /// Task names and their taskIds.
    public var taskIds: [(name: String, taskId: String)]
    /// Todo names and their todoTaskIds.
    public var todoIds: [(name: String, todoTaskId: String)]
    /// Author names and their public keys (lowercase hex).
    public var authorKeys: [(name: String, publicKey: String)]
    /// The state assertions, with names resolved to ids.
    public var state: [(path: String, equals: ScenarioValue, location: SourceLocation?)]

    /// The log as JSON Lines: each record and a newline.
    public var log: [UInt8] {
        var out: [UInt8] = []
        for record in records {
            out.append(contentsOf: record.bytes)
            out.append(0x0A)
        }
        return out
    }

    /// The id of the node named `name`.
    public func id(of name: String) -> String? { nodeIds.first { $0.name == name }?.id }
}
