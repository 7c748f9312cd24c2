// swift-tools-version: 6.0
// redo-conform: the REDO v1 protocol referee.
//
// Layers (each a target, each one job):
//   CSodium        — system-library shim over Debian's libsodium-dev
//   CSHA256Accel   — SHA-256 on the CPU's SHA extensions (x86-64), libsodium's fallback's peer
//   RedoCrypto     — strict I-JSON reader, RFC 8785 canonicalizer, SHA-256 ids, Ed25519
//   RedoCore       — REDO models, validator (E_* codes), state reconstructor
//   RedoConformKit — everything the CLI does (inputs, reports, vector suites), unit-tested
//   redo-conform   — the executable: argument parsing only
import PackageDescription

let package = Package(
    name: "redo-conform",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "redo-conform", targets: ["redo-conform"]),
        .library(name: "RedoCrypto", targets: ["RedoCrypto"]),
        .library(name: "RedoCore", targets: ["RedoCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]
        ),
        .target(name: "CSHA256Accel"),
        .target(name: "RedoCrypto", dependencies: ["CSodium", "CSHA256Accel"]),
        .target(name: "RedoCore", dependencies: ["RedoCrypto"]),
        .target(name: "RedoConformKit", dependencies: ["RedoCrypto", "RedoCore"]),
        .executableTarget(
            name: "redo-conform",
            dependencies: [
                "RedoConformKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "redo-bench", dependencies: ["RedoConformKit"], path: "Sources/redo-bench"),
        .testTarget(name: "RedoCryptoTests", dependencies: ["RedoCrypto"]),
        .testTarget(name: "RedoCoreTests", dependencies: ["RedoCore"]),
        .testTarget(name: "RedoConformTests", dependencies: ["RedoConformKit", "redo-conform"]),
    ],
    swiftLanguageModes: [.v6]
)
