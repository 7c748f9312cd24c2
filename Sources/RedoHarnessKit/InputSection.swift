/// A section of the platform inputs, in the order the kit answers them.
public enum InputSection: String, CaseIterable, Sendable {
    /// JSON texts to canonicalize.
    case canonicalization
    /// Nodes to canonicalize, hash, verify and, given a seed, sign.
    case nodes
    /// Raw Ed25519 verifications.
    case signatures
    /// Logs whose reconstructed state is hashed.
    case logs
    /// Nodes for the client's own acceptance check.
    case verdicts
    /// Nodes through the client's storage model and back.
    case storage
}
