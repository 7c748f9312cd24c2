// swift-tools-version: 6.0
// libFuzzer targets over redo-conform's embeddable libraries (RedoJSON, RedoCrypto, RedoCore).
//
// A package of its own so that the targets see the libraries exactly as an app does: through
// their products and public API only. Nothing here is part of the main package's build or tests.
// Build and run through Scripts/fuzz.sh (see README.md); the build is
//   swift build -c release --package-path FuzzTesting \
//     --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
// Each target's entry point is the C symbol LLVMFuzzerTestOneInput; libFuzzer provides main.
//
// Each executable target is one file, its entry point. What the entry points call is
// FuzzSupport: the checks of each target (JSON/, Node/, Log/), the log target's interpreter
// and the work it keeps across executions (Log/), and copies of main-package fixture code
// (CopiesOfFixtures/). FuzzSupportTests tests FuzzSupport; `bash Scripts/fuzz.sh test` builds
// it with the command above plus --build-tests.
import PackageDescription

let json: Target.Dependency = .product(name: "RedoJSON", package: "redo-conform")
let libraries: [Target.Dependency] = [
    json,
    .product(name: "RedoCrypto", package: "redo-conform"),
    .product(name: "RedoCore", package: "redo-conform"),
]

let package = Package(
    name: "FuzzTesting",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "redo-conform", path: "..")
    ],
    targets: [
        // Everything the entry points call: each target's checks, the log target's interpreter
        // and caches, reporting a broken invariant, and the copies of fixture code.
        .target(name: "FuzzSupport", dependencies: libraries),
        .executableTarget(name: "FuzzJSON", dependencies: [json, "FuzzSupport"]),
        .executableTarget(name: "FuzzNode", dependencies: libraries + ["FuzzSupport"]),
        .executableTarget(name: "FuzzLog", dependencies: libraries + ["FuzzSupport"]),
        // FuzzSupport's tests. `bash Scripts/fuzz.sh test` builds them with the targets' flags,
        // -sanitize=fuzzer among them, which links libFuzzer's runtime and its main: the test
        // runner is linked without it, so that XCTest's main runs (ASan's runtime provides the
        // coverage callbacks). Without sanitizers (`swift test`) the flag changes nothing.
        .testTarget(
            name: "FuzzSupportTests", dependencies: libraries + ["FuzzSupport"],
            // Read by path, as the main package's tests read it too (CopiesOfFixturesTests.swift).
            exclude: ["CopiesOfFixtures.json"],
            linkerSettings: [.unsafeFlags(["-Xclang-linker", "-fno-sanitize=fuzzer"])]),
    ],
    swiftLanguageModes: [.v6]
)
