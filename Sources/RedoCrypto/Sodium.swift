#if REDO_LIBSODIUM
    import CSodium

    /// libsodium must be initialised once before use; `sodium_init` is thread-safe and
    /// idempotent. A global constant is initialised lazily and exactly once by Swift.
    let sodiumReady: Bool = sodium_init() >= 0

    @inline(__always)
    func requireSodium() {
        precondition(sodiumReady, "libsodium failed to initialise")
    }
#endif
