/// Resource limits of the JSON reader. They protect memory and time against hostile
/// input; the defaults are far above anything a valid REDO record needs (a payload is
/// at most 1 MiB canonical) and are documented in docs/cli.md, "Limits".
public struct JSONLimits: Sendable, Equatable {
    /// Maximum nesting of arrays and objects. The reader is iterative; the limit exists
    /// because every consumer of the tree (printing, comparing, freeing) is bounded by it.
    public var maxDepth: Int
    /// Maximum size of one document in bytes.
    public var maxDocumentBytes: Int
    /// Maximum size of one string (raw, in the source) in bytes.
    public var maxStringBytes: Int

    /// Limits of your choice; each default is the one `JSONLimits.default` has.
    public init(maxDepth: Int = 512, maxDocumentBytes: Int = 1 << 30, maxStringBytes: Int = 64 << 20) {
        self.maxDepth = maxDepth
        self.maxDocumentBytes = maxDocumentBytes
        self.maxStringBytes = maxStringBytes
    }

    /// Depth 512, documents of 1 GiB, strings of 64 MiB: what every reader here uses
    /// unless told otherwise.
    public static let `default` = JSONLimits()
}
