// The live log (RedoCore's LiveLog) on the benign generated account of 60,000 nodes in 10,000
// tasks (`redo-conform vectors log --nodes 60000 --tasks 10000`), already loaded: ingests of
// one node and of 100-node sync batches, the two cascades, the initial load, and the peak
// memory of the process. package-benchmark runs each benchmark in a process of its own, so
// each builds only the workload it measures and peakMemoryResident is that process's peak.
//
// Every benchmark runs a fixed number of iterations (maxDuration is far above what they
// take), so each percentile is over a stated count; docs/benchmarks.md gives the figures.
// Names have no spaces: package-benchmark writes a threshold file's name with spaces made
// underscores but reads it back by the name as it is.
import Benchmark
import RedoCore
import RedoLiveWorkload

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident],
        timeUnits: .microseconds,
        maxDuration: .seconds(300),
        thresholds: Tolerance.regression)

    // One node on an existing task's head: 200 iterations after 10 warmups.
    Benchmark(
        "ingest-one-node", configuration: .init(warmupIterations: 10, maxIterations: 200)
    ) { benchmark, account in
        let record = account.nextHeldBack(1)
        benchmark.startMeasurement()
        blackHole(try account.ingest(record))
        benchmark.stopMeasurement()
    } setup: {
        try LoadedAccount(heldBack: 210)
    }

    // 100 new nodes on existing heads, none waiting: 100 iterations after 5 warmups. Each
    // iteration also times verifying the same 100 signatures alone (on every core, as the
    // ingest does), and records both that time and the ingest's multiple of it.
    Benchmark(
        "ingest-100-node-batch",
        configuration: .init(
            metrics: [.wallClock, .peakMemoryResident, SignaturesAlone.metric, SignaturesAlone.ratioMetric],
            warmupIterations: 5, maxIterations: 100,
            thresholds: Tolerance.regression.merging(SignaturesAlone.tolerance) { $1 })
    ) { benchmark, account in
        let batch = account.nextHeldBack(100)
        let signatures = SignaturesAlone.prepare(batch)
        let verifying = ContinuousClock.now
        blackHole(SignaturesAlone.verify(signatures))
        let alone = ContinuousClock.now - verifying
        let ingesting = ContinuousClock.now
        benchmark.startMeasurement()
        blackHole(try account.ingest(batch))
        benchmark.stopMeasurement()
        SignaturesAlone.record(alone, beside: ContinuousClock.now - ingesting, in: benchmark)
    } setup: {
        try LoadedAccount(heldBack: 100 * 105)
    }

    // The cascades, on the loaded account: before each iteration (outside the measurement) a
    // new task's records go into the account's log, then the measurement ingests the parent
    // that releases its N - 1 waiting nodes, or the DELETE that carries its N nodes: 50
    // iterations for N = 1,000, 10 for N = 10,000, after 1 warmup.
    for (nodes, iterations) in [(1_000, 50), (10_000, 10)] {
        cascade("cascade-release-\(nodes)", iterations) { CascadeWorkload.releasingChain(nodes: nodes, seed: $0) }
        cascade("cascade-delete-\(nodes)", iterations) { CascadeWorkload.deleteAcross(nodes: nodes, seed: $0) }
    }

    // The initial load of the 60,000 nodes: with every signature supplied as verified (3
    // iterations after 1 warmup), and cold (2 iterations, no warmup: each verifies 60,000
    // signatures, about 10 s here).
    Benchmark(
        "load-verified-signatures",
        configuration: .init(timeUnits: .milliseconds, warmupIterations: 1, maxIterations: 3)
    ) { benchmark, account in
        benchmark.startMeasurement()
        blackHole(try account.workload.load(verified: account.verified))
        benchmark.stopMeasurement()
    } setup: {
        try AccountRecords(verifiedOnce: true)
    }
    Benchmark(
        "load-cold",
        configuration: .init(timeUnits: .milliseconds, warmupIterations: 0, maxIterations: 2)
    ) { benchmark, account in
        benchmark.startMeasurement()
        blackHole(try account.workload.load())
        benchmark.stopMeasurement()
    } setup: {
        try AccountRecords(verifiedOnce: false)
    }
}

/// A cascade benchmark: each iteration's cascade (`make` given a seed of its own) held in the
/// loaded account, its trigger ingested in the measurement.
func cascade(_ name: String, _ iterations: Int, _ make: @escaping @Sendable (String) -> CascadeWorkload) {
    Benchmark(
        name, configuration: .init(warmupIterations: 1, maxIterations: iterations)
    ) { benchmark, account in
        let workload = make("\(name)-\(account.cascadesHeld)")
        try account.hold(workload)
        benchmark.startMeasurement()
        blackHole(try account.trigger(workload))
        benchmark.stopMeasurement()
    } setup: {
        try LoadedAccount(heldBack: 0)
    }
}
