/// The client's verdict on a node it receives: accepted, or rejected with a reason.
public struct Acceptance: Equatable, Sendable {
    /// Whether the client accepts the node.
    public var accepts: Bool
    /// Why it rejects the node, best started with the rule id it applied; nil when it
    /// accepts or gives no reason.
    public var reason: String?

    /// Creates a verdict.
    public init(accepts: Bool, reason: String? = nil) {
        self.accepts = accepts
        self.reason = reason
    }

    /// The node is accepted.
    public static let accepted = Acceptance(accepts: true)

    /// The node is rejected, for `reason` when there is one.
    public static func rejected(_ reason: String?) -> Acceptance { Acceptance(accepts: false, reason: reason) }
}

/// The profile a `verdicts` vector is judged under.
public enum AcceptanceProfile: String, CaseIterable, Sendable {
    /// The default profile: every node must be signed.
    case synced
    /// A node may lack a signature.
    case local
}
