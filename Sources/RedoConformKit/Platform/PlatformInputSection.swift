/// The sections of a platform inputs file, in the order `compare` reports them. Version 1
/// harnesses know the first four; `verdicts` and `storage` came later and are ignored by
/// a harness that does not know them (a result it does not give is "not judged" for a
/// verdict and missing for storage).
package enum PlatformInputSection: String, CaseIterable, Sendable {
    case canonicalization, nodes, signatures, logs, verdicts, storage
}
