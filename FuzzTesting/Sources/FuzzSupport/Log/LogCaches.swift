import RedoCore
import RedoJSON

// Work the log target keeps across executions.
//
// libFuzzer's mutations keep most of a program, so most nodes and records of an input were
// built and checked by an earlier execution. Pure functions are kept by their input; each
// runs, through the same calls, the first time its input is seen:
//  - a node: its body from SignedNodeBuilder.body, sealed with NodeBody.seal (Ed25519
//    signatures are deterministic), and its record bytes (SealedNodes.swift);
//  - a tampered record's signature by the other key (SealedNodes.swift);
//  - a record's node-level check (parse, canonical body, SHA-256), through
//    NodeValidator.check(bytes:deferringSignature:); its Ed25519 verification runs unless
//    the (key, signature, id) triple is known to hold: sealed here, or verified here
//    before. Signatures that should fail (by the other key, over changed content) are
//    never among those, so they are always verified (RecordChecks.swift);
//  - that a reconstructed state is canonical and I-JSON, as rendered both ways
//    (checkCanonical, VerdictSummary.swift);
//  - a record list's reference verdict and its order-independent checks (the reversed
//    order, the copy without duplicates): only the shuffled order and the batch sizes,
//    seeded from the input itself, are new when a mutation gives an earlier list
//    (CheckedLog.swift).
// Without them, Ed25519 signing and verification alone were about 40% of an execution.
// REDO_FUZZ_CACHE=0 turns the caches off (e.g. to measure what an execution costs alone).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The caches of one process (`process`), or of a test.
public final class LogCaches {
    /// False with REDO_FUZZ_CACHE=0: every function then runs each time, and nothing is kept.
    package let enabled: Bool

    package var nodes = TwoGenerationCache<HashedBytes, (object: JSONObject, record: [UInt8])>()
    package var signatures = TwoGenerationCache<HashedBytes, String>()
    package var checks = TwoGenerationCache<HashedBytes, NodeCheck>()
    /// Reconstructed states found canonical and I-JSON (`checkCanonical`).
    package var canonicalStates = TwoGenerationCache<HashedBytes, Void>()
    /// Triples known to hold: each made by NodeBody.seal in this process (libsodium signed it),
    /// or verified by libsodium here. Checking such a signature again would test libsodium, not
    /// REDO; every other signature (a tampered record's, one by the other key) is verified.
    package var signaturesThatHold = TwoGenerationCache<SignedTriple, Void>()
    /// Record lists whose reference verdict, reversed order and duplicate-free copy have been
    /// checked, with the reference verdict and its summary. About one mutation in six gives
    /// the record list of an earlier execution (a byte past the program's end, a choice that
    /// lands on the same value): only the parts seeded from the input itself (the shuffled order,
    /// the batch sizes) are new for them. Entries are tens of kilobytes, hence the smaller limit.
    package var checkedLists = TwoGenerationCache<RecordList, (reference: Summary, verdict: LogVerdict)>(limit: 2_000)

    package init(enabled: Bool) { self.enabled = enabled }

    /// This process's caches: on unless REDO_FUZZ_CACHE=0.
    nonisolated(unsafe) public static let process = LogCaches(
        enabled: getenv("REDO_FUZZ_CACHE").map { String(cString: $0) != "0" } ?? true)
}
