// Shared by every fuzz target (compiled into each one; see Scripts/fuzz/build.sh).
#if canImport(Glibc)
import Glibc
#endif

/// Reports a broken invariant and aborts, so libFuzzer saves the input as a crash.
func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
               file: StaticString = #fileID, line: UInt = #line) {
    if !condition() {
        let text = "INVARIANT FAILED (\(file):\(line)): \(message())\n"
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
        abort()
    }
}

/// Bytes as text for messages (invalid UTF-8 shown as U+FFFD), shortened.
func show(_ bytes: [UInt8], limit: Int = 400) -> String {
    let text = String(decoding: bytes.prefix(limit), as: UTF8.self)
    return bytes.count > limit ? text + "…(\(bytes.count) bytes)" : text
}

/// FNV-1a over the input: a seed for the PRNG.
func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return hash
}
