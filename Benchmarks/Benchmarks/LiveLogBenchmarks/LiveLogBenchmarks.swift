// The live log (RedoCore's LiveLog) on the benign generated account of 60,000 nodes in 10,000
// tasks (`redo-conform vectors log --nodes 60000 --tasks 10000`), already loaded: ingests of
// one node and of 100-node sync batches, the two cascades, the initial load, and the peak
// memory of the process. package-benchmark runs each benchmark in a process of its own, so
// each builds only the workload it measures: peakMemoryResident is that process's peak while
// the iterations run, and "Process peak resident" its peak since it started (ProcessPeak).
// The processes of one run share the account's file when REDO_WORKLOAD_DIR names a
// directory for it (Account.directory).
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
        metrics: [.wallClock, .peakMemoryResident, ProcessPeak.metric],
        timeUnits: .microseconds,
        maxDuration: .seconds(300),
        thresholds: Tolerance.regression)

    // One node on an existing task's head: 200 iterations after 10 warmups.
    Benchmark(
        "ingest-one-node", configuration: .init(warmupIterations: 10, maxIterations: 200)
    ) { benchmark, account in
        let record = try account.nextHeldBack(1)
        benchmark.startMeasurement()
        blackHole(try account.ingest(record))
        benchmark.stopMeasurement()
        ProcessPeak.record(in: benchmark)
    } setup: {
        try Account.loaded()
    }

    // 100 new nodes on existing heads, none waiting: 100 iterations after 5 warmups. Each
    // iteration also times verifying the same 100 signatures alone (on every core, as the
    // ingest does), and records both that time and the ingest's multiple of it.
    Benchmark(
        "ingest-100-node-batch",
        configuration: .init(
            metrics: [
                .wallClock, .peakMemoryResident, ProcessPeak.metric, SignaturesAlone.metric,
                SignaturesAlone.ratioMetric,
            ],
            warmupIterations: 5, maxIterations: 100,
            thresholds: Tolerance.regression.merging(SignaturesAlone.tolerance) { $1 })
    ) { benchmark, account in
        let batch = try account.nextHeldBack(100)
        let signatures = SignaturesAlone.prepare(batch)
        let verifying = ContinuousClock.now
        blackHole(SignaturesAlone.verify(signatures))
        let alone = ContinuousClock.now - verifying
        let ingesting = ContinuousClock.now
        benchmark.startMeasurement()
        blackHole(try account.ingest(batch))
        benchmark.stopMeasurement()
        SignaturesAlone.record(alone, beside: ContinuousClock.now - ingesting, in: benchmark)
        ProcessPeak.record(in: benchmark)
    } setup: {
        try Account.loaded()
    }

    // The cascades, on the loaded account: before each iteration (outside the measurement) a
    // task's records go into the account's log, then the measurement ingests the parent
    // that releases its N - 1 waiting nodes, or the DELETE that carries its N nodes: 50
    // iterations for N = 1,000, 10 for N = 10,000 (each of those loads the account again
    // first, most of the benchmark's time), after 1 warmup. The log holds at most 10,000
    // nodes of cascades beside the account (Account.cascadeRoom).
    for (nodes, iterations) in [(1_000, 50), (10_000, 10)] {
        cascade("cascade-release-\(nodes)", iterations, nodes) {
            CascadeWorkload.releasingChain(nodes: nodes, seed: "release-\(nodes)-\($0)")
        }
        cascade("cascade-delete-\(nodes)", iterations, nodes) {
            CascadeWorkload.deleteAcross(nodes: nodes, seed: "delete-\(nodes)-\($0)")
        }
    }

    // The initial load of the 60,000 nodes, read from the account's file 1,000 records at a
    // time: with every signature supplied as verified (3 iterations after 1 warmup), and
    // cold (2 iterations, no warmup: each verifies 60,000 signatures).
    Benchmark(
        "load-verified-signatures",
        configuration: .init(timeUnits: .milliseconds, warmupIterations: 1, maxIterations: 3)
    ) { benchmark, account in
        benchmark.startMeasurement()
        blackHole(try account.workload.load(verified: account.verified))
        benchmark.stopMeasurement()
        ProcessPeak.record(in: benchmark)
    } setup: {
        try AccountRecords(verified: true)
    }
    Benchmark(
        "load-cold",
        configuration: .init(timeUnits: .milliseconds, warmupIterations: 0, maxIterations: 2)
    ) { benchmark, account in
        benchmark.startMeasurement()
        blackHole(try account.workload.load())
        benchmark.stopMeasurement()
        ProcessPeak.record(in: benchmark)
    } setup: {
        try AccountRecords(verified: false)
    }
}

/// A cascade benchmark of cascades of `nodes` nodes (`make` given each one's number): each
/// iteration's cascade held in the loaded account, its trigger ingested in the measurement.
func cascade(_ name: String, _ iterations: Int, _ nodes: Int, _ make: @escaping @Sendable (Int) -> CascadeWorkload) {
    Benchmark(
        name, configuration: .init(warmupIterations: 1, maxIterations: iterations)
    ) { benchmark, round in
        let trigger = try round.holdNext()
        benchmark.startMeasurement()
        blackHole(try round.account.trigger(trigger))
        benchmark.stopMeasurement()
        ProcessPeak.record(in: benchmark)
    } setup: {
        try CascadeRound(nodes: nodes, make: make)
    }
}
