import Benchmark
import RedoLiveWorkload

/// The batch benchmark's side-by-side figures: verifying the batch's signatures alone, and
/// the ingest's time as a multiple of it (the target is at most 1.5x).
extension SignaturesAlone {
    // Default polarity and scaling: a threshold file's metric is read back as `.custom(name)`,
    // and only an equal metric gets its threshold.
    static let metric = BenchmarkMetric.custom("Signatures alone (us)")
    /// Hundredths: 150 is an ingest taking 1.5 times its signatures alone.
    static let ratioMetric = BenchmarkMetric.custom("Ingest over signatures alone (x100)")
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
