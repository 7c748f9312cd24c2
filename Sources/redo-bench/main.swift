// redo-bench: prints throughput lines for Scripts/bench. Argument parsing only. A numeric
// option that does not parse or is out of range exits 2, naming it.
//   redo-bench canonicalize FILE [--jsonl] [--seconds S] [--out OUT]
//     --out OUT: also write the canonical output of one pass, laid out like
//     Peers/web/tools/node-canon.mjs --out, so Scripts/bench can check both print the same bytes
//   redo-bench sha256 [--seconds S]
//   redo-bench sha256 --log FILE [--rounds N] [--seconds S]
//     the canonical bodies of a JSON Lines log's records: SHA-256 through swift-crypto
//     and through libsodium, and Ed25519 verification of the same records, alternating,
//     N rounds (Scripts/bench/sha256-bench.sh)
//   redo-bench verify [--seconds S]
//   redo-bench stages FILE
//     one core, the first 100,000 records of a JSON Lines log: microseconds per record
//     to parse (tape), to add the canonical body and its SHA-256, for the whole
//     node-level check without the signature verification, and with it
//   redo-bench invariants [--count N] [--seed S]
//     the random-log invariants (RandomLogInvariants) on N logs (default 1000) from seed S
//     (default 1): counts per invariant; on a failure, the seed and a shrunk log, exit 1
//   redo-bench verifiers [--count N] [--seed S] [--jobs N]
//     libsodium's Ed25519 verifier and the strict swift-crypto one on N random and mutated
//     signatures (VerifierDifferential) from seed S: the counts of equal verdicts, of both
//     accepting and of both rejecting; exit 1 when any verdict differs (Scripts/verifiers.sh)
//   redo-bench random-logs [--count N] [--seed S] --out DIR
//     the random logs of those seeds as DIR/random-SEED.jsonl (Scripts/peer-random.sh)
//   redo-bench live [--nodes N] [--tasks T]
//     a live log (LiveLog) of the benign generated log of N nodes (default 60,000) in T
//     tasks (default 10,000): load cold and with verified signatures supplied, one-node
//     and 100-node sync batches on the heads (p50/p99), the batch's signatures verified
//     alone (and the batch over them, per batch and percentile by percentile); then, on
//     that loaded log, a parent releasing the waiting rest of a chain task
//     and a DELETE arriving across a task; on the account loaded again, a parent releasing
//     the last 2 nodes of a task and an offline device's node off the third node from the
//     end of a task; each for tasks of 1,000 and 10,000 nodes; peak memory after the load
//     and in all
//   redo-bench scale FILE [--jobs N]
//     node-level checks, log-level rules and reconstruction of a JSON Lines log, timed
//     apart, with verdict counts and peak memory (Scripts/bench/scale-bench.sh)
import RedoConformKit
import RedoCore
import RedoFixtures
import RedoInvariants
import RedoValidation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
/// Stops the run with exit 2, saying why on stderr: the run was asked for wrongly, or this build cannot do it.
@MainActor func usageError(_ message: String) -> Never {
    Console.standard.error("redo-bench: \(message)")
    exit(2)
}
/// The value after `name`, or nil when `name` is absent. `name` last, or followed by another
/// option, stops the run with exit 2: the option would otherwise take its default, or the
/// next option as its value.
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name) else { return nil }
    guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else {
        usageError("\(name) needs a value")
    }
    defer { arguments.removeSubrange(index...index + 1) }
    return arguments[index + 1]
}
@MainActor func flag(_ name: String) -> Bool {
    guard let index = arguments.firstIndex(of: name) else { return false }
    arguments.remove(at: index)
    return true
}
func format(_ value: Double, digits: Int = 1) -> String {
    let scale = [1.0, 10, 100, 1000][min(digits, 3)]
    return String((value * scale).rounded() / scale)
}

/// The value of a numeric option, or `fallback` when it is absent. A value that does not
/// parse, or is out of range, stops the run with exit 2: a benchmark that quietly measured
/// the default instead would print figures for something nobody asked for.
@MainActor func number<Value: LosslessStringConvertible & Comparable>(
    _ name: String, default fallback: Value, in range: ClosedRange<Value>, kind: String
) -> Value {
    guard let text = option(name) else { return fallback }
    guard let value = Value(text), range.contains(value) else { usageError("\(name): '\(text)' is not \(kind)") }
    return value
}

let seconds = number("--seconds", default: 3.0, in: 0.001...86_400, kind: "a number of seconds from 0.001 to 86400")
let jsonLines = flag("--jsonl")
let outputPath = option("--out")
let logPath = option("--log")
let rounds = number("--rounds", default: 5, in: 1...Int.max, kind: "a whole number of at least 1")
// Read before the switch: each case checks how many operands remain.
let jobs = number("--jobs", default: ParallelMap.availableCores, in: 1...Int.max, kind: "a whole number of at least 1")
let count = number("--count", default: 1000, in: 1...Int.max, kind: "a whole number of at least 1")
let firstSeed = number("--seed", default: UInt64(1), in: 0...UInt64.max, kind: "a whole number from 0 to 2^64-1")
let liveNodes = number("--nodes", default: 60_000, in: 1...Int.max, kind: "a whole number of at least 1")
let liveTasks = number("--tasks", default: 10_000, in: 1...Int.max, kind: "a whole number of at least 1")

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func write(_ bytes: [UInt8], to path: String) throws {
    guard let file = fopen(path, "wb") else { throw BenchError("cannot open \(path) for writing") }
    defer { fclose(file) }
    guard bytes.withUnsafeBytes({ fwrite($0.baseAddress, 1, $0.count, file) }) == bytes.count else {
        throw BenchError("cannot write \(path)")
    }
}

if let problem = RefereeBuild.missingLibsodium { usageError(problem) }

do {
    switch arguments.first {
    case "canonicalize" where arguments.count == 2:
        let document = try InputFile.readAll(InputPath(arguments[1]), maxBytes: 1 << 31)
        if let outputPath {
            try write(Throughput.canonicalOutput(document: document, jsonLines: jsonLines), to: outputPath)
        }
        let rate = try Throughput.canonicalize(document: document, jsonLines: jsonLines, seconds: seconds)
        print("redo-conform \(arguments[1].split(separator: "/").last!) \(format(rate)) MB/s")
    #if REDO_LIBSODIUM
        case "sha256" where logPath != nil:
            let m = try SHA256Bodies.measure(file: logPath!, rounds: rounds, seconds: seconds)
            print("bodies \(m.bodies) mean-bytes \(format(m.meanBytes))")
            for (k, round) in m.rounds.enumerated() {
                for f in round {
                    let rate =
                        f.bytesPerItem > 0
                        ? " \(format(f.bytesPerItem * 1e3 / f.cpuNanoseconds)) MB/s"
                        : " \(Int(1e9 / f.cpuNanoseconds)) \(f.unit)/s"
                    print(
                        "round \(k + 1) \(f.name) cpu \(format(f.cpuNanoseconds)) ns/\(f.unit)\(rate) wall \(format(f.wallNanoseconds)) ns/\(f.unit)"
                    )
                }
            }
    #endif
    case "sha256":
        print("redo-conform sha256 \(format(Throughput.sha256(messageBytes: 1 << 20, seconds: seconds))) MB/s")
        print("redo-conform sha256-300B \(format(Throughput.sha256(messageBytes: 300, seconds: seconds))) MB/s")
    case "scale" where arguments.count == 2:
        let m = try LogScale.measure(file: arguments[1], jobs: jobs)
        let perRecord = { (seconds: Double) in format(seconds * 1e6 / Double(max(1, m.records))) }
        print(
            "scale \(arguments[1].split(separator: "/").last!) records \(m.records) valid \(m.valid) rejected \(m.rejected) duplicates \(m.duplicates) tasks \(m.tasks)"
                + " node-checks-us \(perRecord(m.nodeChecks)) log-rules-us \(perRecord(m.logRules)) reconstruction-us \(perRecord(m.reconstruction))"
                + " log-rules-s \(format(m.logRules)) reconstruction-s \(format(m.reconstruction)) peak-mb \(m.peakBytes / 1_000_000)"
        )
    case "stages" where arguments.count == 2:
        for stage in try NodeCheckStages.measure(file: arguments[1]) {
            print("stage \(stage.name) \(format(stage.microsecondsPerRecord)) us/record")
        }
    #if REDO_LIBSODIUM
        case "verifiers" where arguments.count == 1:
            let start = ContinuousClock.now
            let counts = VerifierDifferential.run(count: count, seed: firstSeed, jobs: jobs)
            let elapsed = ContinuousClock.now - start
            print("verifiers seed \(firstSeed) signatures \(count) \(counts) seconds \(elapsed.components.seconds)")
            for line in counts.disagreements { print("differ: \(line)") }
            if !counts.disagreements.isEmpty || counts.equal != count { exit(1) }
    #endif
    case "invariants" where arguments.count == 1:
        if let failure = RandomLogBatch.checkInvariants(count: count, firstSeed: firstSeed, report: { print($0) }) {
            print("redo-bench: \(failure)")
            print("replay: redo-bench invariants --count 1 --seed \(failure.seed)")
            exit(1)
        }
    case "random-logs" where arguments.count == 1 && outputPath != nil:
        try RandomLogBatch.write(count: count, firstSeed: firstSeed, into: outputPath!)
    case "live" where arguments.count == 1:
        let f = try LiveLogBench.measure(nodes: liveNodes, tasks: liveTasks, singles: 200, batches: 50)
        // Hundredths of a millisecond: a batch's parts beside its signatures are tenths.
        let ms = { (seconds: Double) in format(seconds * 1e3, digits: 2) }
        print(
            "live nodes \(liveNodes) tasks \(liveTasks) load-cold-s \(format(f.coldLoad)) load-verified-s \(format(f.warmLoad))"
        )
        print(
            "live one-node p50-ms \(ms(LiveLogBench.percentile(f.single, 0.5))) p99-ms \(ms(LiveLogBench.percentile(f.single, 0.99))) of \(f.single.count)"
        )
        print(
            "live 100-node p50-ms \(ms(LiveLogBench.percentile(f.batch, 0.5))) p99-ms \(ms(LiveLogBench.percentile(f.batch, 0.99))) of \(f.batch.count)"
                + " signatures-alone p50-ms \(ms(LiveLogBench.percentile(f.batchSignatures, 0.5))) p99-ms \(ms(LiveLogBench.percentile(f.batchSignatures, 0.99)))"
        )
        // Each batch over its own signatures alone, timed just before it (the benchmark
        // package's ratio metric), and the two distributions' same percentiles side by side.
        let ratios = zip(f.batch, f.batchSignatures).map { $0 / $1 }
        let side = { (p: Double) in
            format(LiveLogBench.percentile(f.batch, p) / LiveLogBench.percentile(f.batchSignatures, p), digits: 2)
        }
        print(
            "live 100-node over-signatures-alone per-batch p50 \(format(LiveLogBench.percentile(ratios, 0.5), digits: 2))"
                + " p90 \(format(LiveLogBench.percentile(ratios, 0.9), digits: 2)) p99 \(format(LiveLogBench.percentile(ratios, 0.99), digits: 2))"
                + " percentiles p50 \(side(0.5)) p90 \(side(0.9)) p99 \(side(0.99))"
        )
        print(
            "live 100-node past \(f.growthAt) nodes (the log's arrays double) slowest-ms \(ms(f.growthBatch))"
                + " with-room-reserved-ms \(ms(f.growthBatchReserved))"
        )
        print("live rules-run-again \(f.rulesRunAgain) of \(f.single.count + f.batch.count) batches")
        for c in f.cascades {
            print(
                "live cascade \(c.kind) task-nodes \(c.nodes) ms \(ms(c.seconds)) us-per-node \(format(c.seconds * 1e6 / Double(c.nodes)))"
                    + " verdicts-changed \(c.changedVerdicts) tasks-changed \(c.changedTasks)"
            )
        }
        print("live peak-mb \(f.peakBytes / 1_000_000) after-load-mb \(f.loadPeakBytes / 1_000_000)")
    case "verify":
        print("redo-conform ed25519-verify \(Int(try Throughput.verify(seconds: seconds))) verify/s")
    default:
        Console.standard.error(
            "usage: redo-bench canonicalize FILE [--jsonl] [--seconds S] [--out OUT] | sha256 [--seconds S] | sha256 --log FILE [--rounds N] [--seconds S] | verify [--seconds S] | live [--nodes N] [--tasks T] | stages FILE | scale FILE [--jobs N] | invariants [--count N] [--seed S] | verifiers [--count N] [--seed S] [--jobs N] | random-logs [--count N] [--seed S] --out DIR"
        )
        exit(2)
    }
} catch {
    Console.standard.error("redo-bench: \(error)")
    exit(1)
}
