// libFuzzer target `log`: structure-aware. The input is a program: an op byte (low nibble:
// the operation, high nibble: modifiers) followed by the operation's own bytes; each step
// builds one REDO node of a small DAG over two tasks (CREATE, UPDATE, todos, SNOOZE,
// ARCHIVE, DELETE with exact or broken chains, MERGEs of 2-10 parents with policies and
// resolutions, missing and cross-task parents), or tampers with, duplicates or reorders
// records. Nodes are signed with fixed keys (FuzzSupport's SignedNodeBuilder, on the public
// NodeBody.seal); at most 24 nodes and 40 records. The records then go through
// NodeValidator, LogValidator, Reconstructor and StateRendering. REDO_FUZZ_DUMP=1 prints
// the records of an input (one JSON string per line), to turn an input into a test.
//
// Invariants:
//  - nothing crashes;
//  - the verdict does not depend on record order: a shuffled copy (permutation seeded
//    from the input) and the reversed copy give the same status per node id, the same
//    findings per node, the same multiset of (status, code) per claimed id, the same
//    `rejected` list and byte-identical reconstructed state; dropping exact duplicate
//    records changes none of these either;
//  - the same records split into batches (sizes from the PRNG, some empty) give exactly
//    the same verdict (per record, per node, order, rejected, MERGE decisions, and so the
//    same state) through LogValidator.validate(batches:) and LogValidator.Incremental as
//    through validate(_:);
//  - the same records taken into a LiveLog in batches (sizes from the PRNG, some empty)
//    give the same verdict on every record and byte-identical reconstructed state;
//  - the reconstructed state is canonical JSON (a fixed point of both canonical paths)
//    and I-JSON, and StateRendering's direct writer gives the canonical form of
//    StateRendering.json;
//  - valid nodes come in strict total order (lamport, wall, id), and every parent of a
//    valid node is a valid node of the same task;
//  - a record that fails node-level checks is rejected; counts add up.
//
// FuzzSupport (Log/) holds the rest: the interpreter (LogBuild and its operations), the work
// kept across executions (LogCaches, REDO_FUZZ_CACHE=0 turns it off), and the invariants
// (CheckedLog, VerdictSummary, Summary, Fingerprint).
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    let records = LogBuild.records(of: input, caches: .process)
    if dumpRequested { dumpRecords(records) }
    let log = CheckedLog(records, caches: .process)
    // The shuffled order and the batch sizes are drawn from the input, so they are new for
    // every execution; the reversed order and the duplicate-free copy only for a new list.
    var random = SplitMix64(seed: fnv1a(input))
    log.checkOrders(shuffledBy: &random)
    log.checkBatches(sizedBy: &random)
    log.checkLiveLog(sizedBy: &random)
    if log.isNew {
        log.remember()
        log.checkWithoutDuplicates()
    }
    return 0
}
