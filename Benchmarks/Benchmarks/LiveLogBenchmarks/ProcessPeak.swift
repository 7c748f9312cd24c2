import Benchmark
import RedoLiveWorkload

/// The peak resident memory of the whole process so far (`ru_maxrss`), in MB of 10^6 bytes:
/// runtime, setup and every iteration included. package-benchmark's `peakMemoryResident`
/// samples only while the iterations run; this one also holds the setup (reading and
/// loading the account) to the target.
enum ProcessPeak {
    // Default polarity and scaling, as for SignaturesAlone's metrics.
    static let metric = BenchmarkMetric.custom("Process peak resident (MB)")

    static func record(in benchmark: Benchmark) {
        benchmark.measurement(metric, ProcessMemory.peakResidentBytes() / 1_000_000)
    }
}
