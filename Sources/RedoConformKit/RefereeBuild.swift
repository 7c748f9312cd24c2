import RedoCrypto

// redo-conform is the protocol's referee: its verdicts are libsodium's. A release build (the
// archive, redo-bench's figures) without the Libsodium trait fails here. A debug build still
// compiles, because `swift test --disable-default-traits` builds every target of the package
// to test RedoCrypto and RedoCore without libsodium; such a binary refuses to run instead
// (`RefereeBuild.missingLibsodium`).
#if !REDO_LIBSODIUM && !DEBUG
    #error("redo-conform and redo-bench verify with libsodium: build them with the Libsodium trait (the default)")
#endif

/// Whether this build can act as the referee.
package enum RefereeBuild {
    /// Why the executables refuse to run: they were built without the `Libsodium` trait, so
    /// `Ed25519.verify` is swift-crypto's (the libraries' portable configuration); nil when
    /// the build has libsodium.
    package static var missingLibsodium: String? {
        Ed25519Verifier.default == .strictSwiftCrypto
            ? "this build has no libsodium (built without the Libsodium trait); "
                + "the referee verifies with libsodium: rebuild with the default traits"
            : nil
    }
}
