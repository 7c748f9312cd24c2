// libFuzzer target `node`: NodeValidator.check(bytes:) on arbitrary bytes and on mutated
// valid nodes (seed corpus: Vectors/nodes/*.json).
//
// For every input:
//  - the validator never crashes, on the input as given and on a re-sealed copy;
//  - a passing record's canonical body (the object without id and signature, RFC 8785)
//    re-hashes to its id, computed two ways: NodeBody over the parsed tree, and the tape
//    canonicalizer over the whole record with id and signature removed;
//  - the verdict only depends on the JSON value: the canonical form of the record gets
//    the same pass/fail and the same set of rule ids;
//  - the record read from its bytes (on the parse tape) and read as a parsed tree get
//    exactly the same findings;
//  - re-sealing: when the input is an object, its author.publicKey/userId are set to a
//    fixed key (when author is an object), and its id and signature recomputed. The copy
//    never fails id.hash, never fails signature.invalid, and if it passes, re-hashes to
//    its id. This takes libFuzzer's mutations of valid nodes past the hash check into
//    the envelope and payload rules.
//  - the Ed25519 verifiers of the build (libsodium's and the strict swift-crypto one) give
//    the input's signature, and the re-sealed copy's, the same verdict.
//
// The checks live in FuzzSupport (Node/): PassingRecordChecks, Resealing and VerifierAgreement.
import FuzzSupport
import RedoCore
import RedoJSON

private let validator = NodeValidator(profile: .synced)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    let record = Array(input)
    let check = validator.check(bytes: input)
    checkPassingRecord(check, record)
    invariant(check.passed == !check.findings.hasErrors, "passed \(check.passed) but findings \(check.findings)")

    guard case let .object(object)? = try? JSONReader.parse(record) else { return 0 }
    checkVerifiersAgree(on: object)
    checkTreeReading(of: object, agreesWith: check, record, validator)
    checkCanonicalSpelling(of: object, agreesWith: check, record, validator)
    let sealedCheck = checkResealed(object, validator)
    if dumpRequested {
        // REDO_FUZZ_DUMP=1: one line per input, the verdicts on the record and its re-sealed copy.
        report(
            "raw \(check.passed ? "pass" : "fail") \(ruleIds(check)) sealed \(sealedCheck.passed ? "pass" : "fail") \(ruleIds(sealedCheck))"
        )
    }
    return 0
}
