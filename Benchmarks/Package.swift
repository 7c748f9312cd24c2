// swift-tools-version: 6.1
// The live log's benchmarks (ordo-one's package-benchmark, now at github.com/ordo-one/benchmark),
// a package of its own so that the root package does not depend on the benchmark tool. Run from
// this folder:
//   swift package benchmark                      all benchmarks, p50 … p99 per metric
//   swift package benchmark thresholds check     against Thresholds/ (what CI runs)
// docs/benchmarks.md gives the figures and how to update the thresholds.
//
// REDO_BENCHMARK_TRAITS chooses the root package's traits: unset, its default traits; a
// comma-separated list, exactly those ("" for none: the configuration without any trait).
import PackageDescription

import class Foundation.ProcessInfo

let rootTraits: Set<Package.Dependency.Trait> = {
    guard let names = ProcessInfo.processInfo.environment["REDO_BENCHMARK_TRAITS"] else { return [.defaults] }
    return Set(names.split(separator: ",").map { Package.Dependency.Trait(name: String($0)) })
}()

let package = Package(
    name: "redo-conform-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "redo-conform", path: "..", traits: rootTraits),
        // Its MallocInterposer trait gives the memory metrics without jemalloc installed.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "LiveLogBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "RedoCore", package: "redo-conform"),
                .product(name: "RedoLiveWorkload", package: "redo-conform"),
            ],
            path: "Benchmarks/LiveLogBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ],
    swiftLanguageModes: [.v6]
)
