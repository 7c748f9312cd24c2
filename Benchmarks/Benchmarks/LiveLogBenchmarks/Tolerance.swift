import Benchmark

/// How far a run may stray from Thresholds/ before `swift package benchmark thresholds
/// check` calls it a regression. The check compares each metric's p90 with the figure stored
/// there: the larger p90 of two runs on a quiet machine (`bash Scripts/benchmarks.sh
/// --update`, docs/benchmarks.md). A relative tolerance of 75% fails a run at 1.75 times that
/// figure: code twice as slow fails on a machine as quiet as the one that set the figures
/// (unless those two runs differed by more than 14%), while a run slowed by another job
/// beside it, up to 1.75 times, passes. An improvement is reported (exit 4) only below 0.25
/// times the stored figure.
enum Tolerance {
    static var time: BenchmarkThresholds { BenchmarkThresholds(relative: [.p90: 75.0]) }
    /// Resident memory hardly varies from run to run: 1.4 times the stored figure fails.
    static var memory: BenchmarkThresholds { BenchmarkThresholds(relative: [.p90: 40.0]) }

    static var regression: [BenchmarkMetric: BenchmarkThresholds] {
        [.wallClock: time, .peakMemoryResident: memory, ProcessPeak.metric: memory]
    }
}
