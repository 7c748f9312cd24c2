#if canImport(Glibc)
    import Glibc
#endif

/// Keeps large transient blocks out of the heap a run's nodes live in.
///
/// glibc serves blocks of 128 KiB and more by mmap, but raises that threshold to the size of
/// each such block freed (up to 32 MiB). A run frees many: batches of checks, chunks of
/// input. After that, blocks of their size come from the heap instead, between the small
/// blocks that live as long as the verdict (payload strings, findings), and the holes
/// they leave when freed stay resident. A fixed threshold returns them to the system:
/// the 1M-node benchmark log peaks about 40 MB lower (docs/benchmarks.md).
///
/// A `MALLOC_MMAP_THRESHOLD_` in the environment wins (glibc reads it at start-up), and
/// where `mallopt` cannot be looked up (a statically linked binary) this does nothing.
enum MallocTuning {
    /// Fixes the threshold, once per process; later calls do nothing.
    static func fixMmapThreshold() { _ = fixed }

    private static let fixed: Void = {
        #if canImport(Glibc)
            guard getenv("MALLOC_MMAP_THRESHOLD_") == nil, let symbol = dlsym(nil, "mallopt") else { return }
            // malloc.h is not part of Swift's Glibc module: mallopt(M_MMAP_THRESHOLD, bytes).
            let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
            let mmapThreshold: Int32 = -3
            _ = mallopt(mmapThreshold, 128 * 1024)
        #endif
    }()
}
