// What a target prints: bytes inside messages, and the lines REDO_FUZZ_DUMP asks for.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes as text for messages (invalid UTF-8 shown as U+FFFD), shortened.
public func show(_ bytes: [UInt8], limit: Int = 400) -> String {
    let text = String(decoding: bytes.prefix(limit), as: UTF8.self)
    return bytes.count > limit ? text + "…(\(bytes.count) bytes)" : text
}

/// Writes a line to standard output at once (REDO_FUZZ_DUMP output; no Foundation, no buffering
/// that an abort would lose).
public func report(_ text: String) {
    var bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress, $0.count) }
}

/// REDO_FUZZ_DUMP is set: targets print what an input builds or how it is judged.
public let dumpRequested = getenv("REDO_FUZZ_DUMP") != nil
