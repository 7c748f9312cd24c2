import Benchmark

/// How far a run may stray from Thresholds/ before `swift package benchmark thresholds
/// check` calls it a regression. The check compares each metric's p90 with the figure stored
/// there (the larger p90 of two runs on the loaded project machine, three for the 1,000-node
/// DELETE, docs/benchmarks.md); a
/// relative tolerance of 60% fails a run at 1.6 times that figure, so a 2x regression fails
/// while a slower run of unchanged code, already counted in the stored figure, passes. An
/// improvement is reported (exit 4) only below 0.4 times the stored figure.
enum Tolerance {
    static var time: BenchmarkThresholds { BenchmarkThresholds(relative: [.p90: 60.0]) }
    /// Resident memory hardly varies from run to run.
    static var memory: BenchmarkThresholds { BenchmarkThresholds(relative: [.p90: 40.0]) }

    static var regression: [BenchmarkMetric: BenchmarkThresholds] {
        [.wallClock: time, .peakMemoryResident: memory, ProcessPeak.metric: memory]
    }
}
