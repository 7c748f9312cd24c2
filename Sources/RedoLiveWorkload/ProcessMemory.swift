#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's own memory, as the operating system counts it.
public enum ProcessMemory {
    /// The peak resident memory of the whole process so far, in bytes (`ru_maxrss`): the
    /// runtime, every thread and everything ever held at once included.
    public static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if os(Linux)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
            return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #else
            getrusage(RUSAGE_SELF, &usage)
            return Int(usage.ru_maxrss)  // bytes on Darwin
        #endif
    }
}
