// Shared by every fuzz target: reporting a broken invariant so that libFuzzer keeps the input,
// and showing bytes in messages.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reports a broken invariant and aborts, so libFuzzer saves the input as a crash.
public func invariant(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() {
        let text = "INVARIANT FAILED (\(file):\(line)): \(message())\n"
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
        abort()
    }
}

/// Bytes as text for messages (invalid UTF-8 shown as U+FFFD), shortened.
public func show(_ bytes: [UInt8], limit: Int = 400) -> String {
    let text = String(decoding: bytes.prefix(limit), as: UTF8.self)
    return bytes.count > limit ? text + "…(\(bytes.count) bytes)" : text
}

/// FNV-1a over the input: a seed for the PRNG.
public func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return hash
}

/// Writes a line to standard output at once (REDO_FUZZ_DUMP output; no Foundation, no buffering
/// that an abort would lose).
public func report(_ text: String) {
    var bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress, $0.count) }
}

/// REDO_FUZZ_DUMP is set: targets print what an input builds or how it is judged.
public let dumpRequested = getenv("REDO_FUZZ_DUMP") != nil
