import Benchmark
import RedoLiveWorkload

/// The batch benchmark's side-by-side figures: verifying the batch's signatures alone, and
/// the ingest's time as a multiple of it (the target is at most 1.5x).
extension SignaturesAlone {
    static let metric = BenchmarkMetric.custom(
        "Signatures alone (us)", polarity: .prefersSmaller, useScalingFactor: false)
    /// Hundredths: 150 is an ingest taking 1.5 times its signatures alone.
    static let ratioMetric = BenchmarkMetric.custom(
        "Ingest over signatures alone (x100)", polarity: .prefersSmaller, useScalingFactor: false)
    static var tolerance: [BenchmarkMetric: BenchmarkThresholds] {
        [metric: Tolerance.time, ratioMetric: Tolerance.time]
    }

    static func record(_ alone: Duration, beside ingest: Duration, in benchmark: Benchmark) {
        let aloneNanoseconds = nanoseconds(alone)
        benchmark.measurement(metric, aloneNanoseconds / 1000)
        benchmark.measurement(ratioMetric, nanoseconds(ingest) * 100 / max(1, aloneNanoseconds))
    }

    private static func nanoseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1_000_000_000 + Int(duration.components.attoseconds / 1_000_000_000)
    }
}
