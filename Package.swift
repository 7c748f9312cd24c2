// swift-tools-version: 6.1
// redo-conform: the REDO v1 protocol referee.
//
// Layers, lowest first; each target has one job and depends only on those above it:
//   CSodium        — system-library shim over libsodium (Debian's libsodium-dev), linked with
//                    the Libsodium trait (the default) on Linux and macOS only
//   RedoText       — display-safe text: how untrusted strings appear in messages, reports and html
//   RedoJSON       — strict I-JSON reader on UTF-8 bytes, values, the tape, RFC 8785 canonical form
//   RedoCrypto     — SHA-256 (swift-crypto), Ed25519 (libsodium's strict verifier, or without
//                    libsodium swift-crypto's behind the same checks), hex, signature
//                    portability classes
//   RedoCore       — REDO itself: node body and id, models, findings, node and log validator, replay
//   RedoFixtures   — deterministic signed fixtures: vector cases, scenarios, large generated logs
//   RedoScenarios  — scenarios by name (authors, tasks, nodes, faults, expectations) built into
//                    signed records; the JSON front end (the YAML one lives with the command)
//   RedoValidation — the validation engine: inputs and export shapes, line and record reading,
//                    the validation run, signature verifier and cache, progress, console and
//                    input files
//   RedoConformKit — what the tool does on top of the engine: reports, diff, graph, platform
//                    comparison, vector suites and files, commands
//   redo-conform   — the executable: argument parsing only
//   redo-bench     — in-process benchmarks for Scripts/bench
//   RedoLiveWorkload — the generated accounts a live log is measured on, shared by redo-bench
//                    and the benchmark package (Benchmarks/, a package of its own)
//   BuildCommit    — build-tool plugin: the commit a build is made from, for --version
// Beside the layers, depending on none of them:
//   RedoHarnessKit — the harness kit: a platform team's Swift harness supplies its client's parser,
//                    canonicalizer, hashing and signing; the kit reads the platform inputs, answers
//                    every vector, writes the outputs (Foundation only, nothing of this package)
//   ios-recording  — the model of the published iOS client's code paths (Peers/ios-recorded), a
//                    harness on RedoHarnessKit that records Vectors/platform/recorded/ios-*.json
// Test support (under Tests/, not in any product):
//   RedoTestSupport — seeded randomness, vector files, scratch files, tampered records and
//                     article mirroring, for every test target
//   RedoInvariants  — the random-log invariants, run by the tests and by redo-bench
// Tests: one target per module, named for it (RedoValidationTests, RedoConformKitTests, …);
// RedoConformEndToEndTests runs the binaries (redo-bench for its usage errors only);
// AppImportTests compiles the articles' code in a file that also imports swift-crypto;
// RedoHarnessKitTests also compiles and runs the docs' example harness, on swift-crypto. docs/architecture.md is the maintainer's guide.
// RedoJSON, RedoCrypto and RedoCore are the libraries an app can embed, RedoHarnessKit the one a
// platform's harness builds on (the products below).
// No module below RedoConformKit imports it or the executable: SwiftPM refuses a target that
// imports a module it does not depend on, so the graph here is enforced.
import PackageDescription

let package = Package(
    name: "redo-conform",
    // Apple minimums: macOS as before; the others the lowest swift-crypto's Curve25519 API
    // (iOS 13, tvOS 13, watchOS 6, visionOS 1) allows. Untested here (docs/portable-build.md).
    platforms: [.macOS(.v13), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .executable(name: "redo-conform", targets: ["redo-conform"]),
        .library(name: "RedoJSON", targets: ["RedoJSON"]),
        .library(name: "RedoCrypto", targets: ["RedoCrypto"]),
        .library(name: "RedoCore", targets: ["RedoCore"]),
        .library(name: "RedoHarnessKit", targets: ["RedoHarnessKit"]),
        .library(name: "RedoScenarios", targets: ["RedoScenarios"]),
        // For Benchmarks/ (which depends on this package by path), not for apps.
        .library(name: "RedoLiveWorkload", targets: ["RedoLiveWorkload"]),
    ],
    // Libsodium (on by default): RedoCrypto verifies and signs with libsodium on Linux and
    // macOS. Without it, or on other platforms, it needs no system library: it verifies with
    // swift-crypto behind checks that give libsodium's verdicts (docs/portable-build.md).
    traits: [
        .trait(name: "Libsodium", description: "Verify and sign with libsodium (Linux and macOS)."),
        .default(enabledTraits: ["Libsodium"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]
        ),
        .target(name: "RedoText"),
        .target(name: "RedoJSON", dependencies: ["RedoText"]),
        .target(
            name: "RedoCrypto",
            dependencies: [
                .target(name: "CSodium", condition: .when(platforms: [.linux, .macOS], traits: ["Libsodium"])),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(
            name: "RedoCore", dependencies: ["RedoText", "RedoJSON", "RedoCrypto"],
            // Debug builds (the tests) count the steps of the log rules and replay; release
            // builds compile the counting out (OperationCount.swift).
            swiftSettings: [.define("REDO_COUNT_OPERATIONS", .when(configuration: .debug))]),
        .target(name: "RedoFixtures", dependencies: ["RedoJSON", "RedoCrypto", "RedoCore"]),
        .target(name: "RedoScenarios", dependencies: ["RedoJSON", "RedoCrypto", "RedoCore"]),
        .target(name: "RedoValidation", dependencies: ["RedoText", "RedoJSON", "RedoCrypto", "RedoCore"]),
        .target(
            name: "RedoConformKit",
            dependencies: [
                "RedoText", "RedoJSON", "RedoCrypto", "RedoCore", "RedoFixtures", "RedoScenarios", "RedoValidation",
                .product(name: "Yams", package: "Yams"),
            ],
            // `--version` names the commit; release.sh defines REDO_CONFORM_RELEASE, so any
            // other build calls itself X.Y.Z-dev.
            plugins: ["BuildCommit"]),
        .plugin(name: "BuildCommit", capability: .buildTool(), path: "Sources/BuildCommitPlugin"),
        .executableTarget(
            name: "redo-conform",
            dependencies: [
                "RedoConformKit",
                "RedoValidation",
                "RedoFixtures",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "RedoLiveWorkload", dependencies: ["RedoCore", "RedoCrypto", "RedoFixtures", "RedoValidation"]),
        .executableTarget(
            name: "redo-bench",
            dependencies: [
                "RedoConformKit", "RedoValidation", "RedoInvariants", "RedoFixtures", "RedoCore", "RedoCrypto",
                "RedoJSON", "RedoLiveWorkload",
                .target(name: "CSodium", condition: .when(platforms: [.linux, .macOS], traits: ["Libsodium"])),
            ]),
        // Depends on nothing of the package: RedoHarnessKitTests checks it.
        .target(name: "RedoHarnessKit"),
        .executableTarget(
            name: "ios-recording", dependencies: ["RedoHarnessKit"], path: "Peers/ios-recorded",
            exclude: ["README.md"]),
        .target(
            name: "RedoTestSupport",
            dependencies: ["RedoJSON", "RedoCrypto", "RedoCore", "RedoFixtures", "RedoValidation"],
            path: "Tests/RedoTestSupport"),
        .target(
            name: "RedoInvariants",
            dependencies: ["RedoJSON", "RedoCrypto", "RedoCore", "RedoFixtures", "RedoValidation"],
            path: "Tests/RedoInvariants"),
        // One test target per module, named for it; other modules appear in one only as
        // fixtures or helpers. The binary's own tests run it as a user does.
        .testTarget(name: "RedoTextTests", dependencies: ["RedoText"]),
        .testTarget(name: "RedoJSONTests", dependencies: ["RedoJSON", "RedoTestSupport"]),
        .testTarget(
            name: "RedoCryptoTests",
            dependencies: [
                "RedoCrypto", "RedoJSON", "RedoFixtures", "RedoTestSupport",
                .target(name: "CSodium", condition: .when(platforms: [.linux, .macOS], traits: ["Libsodium"])),
            ]),
        .testTarget(name: "RedoCoreTests", dependencies: ["RedoCore", "RedoFixtures", "RedoTestSupport"]),
        .testTarget(
            name: "AppImportTests",
            dependencies: [
                "RedoJSON", "RedoCrypto", "RedoCore", "RedoTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .testTarget(
            name: "RedoFixturesTests",
            dependencies: ["RedoFixtures", "RedoJSON", "RedoCrypto", "RedoCore", "RedoTestSupport"]),
        .testTarget(
            name: "RedoScenariosTests", dependencies: ["RedoScenarios", "RedoCore", "RedoJSON", "RedoTestSupport"]),
        .testTarget(
            name: "RedoValidationTests",
            dependencies: [
                "RedoValidation", "RedoFixtures", "RedoCore", "RedoCrypto", "RedoJSON", "RedoText", "RedoTestSupport",
                "RedoInvariants",
            ]),
        .testTarget(
            name: "RedoConformKitTests",
            dependencies: [
                "RedoConformKit", "RedoValidation", "RedoFixtures", "RedoScenarios", "RedoCore", "RedoCrypto",
                "RedoJSON",
                "RedoText",
                "RedoTestSupport",
            ],
            // The last release's vector set, which VectorSetTests reads by path.
            exclude: ["released-vector-set.json"]),
        .testTarget(name: "RedoLiveWorkloadTests", dependencies: ["RedoLiveWorkload", "RedoCore"]),
        .testTarget(
            name: "RedoHarnessKitTests",
            dependencies: ["RedoHarnessKit", .product(name: "Crypto", package: "swift-crypto")]),
        .testTarget(
            name: "RedoConformEndToEndTests",
            dependencies: [
                "redo-conform", "redo-bench", "RedoConformKit", "RedoValidation", "RedoFixtures", "RedoCore",
                "RedoCrypto", "RedoJSON", "RedoScenarios",
                "RedoTestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// Code that needs libsodium compiles under `#if REDO_LIBSODIUM`: the trait, on the platforms
// where CSodium links (the trait's name alone is also defined on iOS, where it does not).
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .define("REDO_LIBSODIUM", .when(platforms: [.linux, .macOS], traits: ["Libsodium"]))
        ]
}
