// How every fuzz target reports a broken invariant: a crash, so that libFuzzer keeps the input.
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
        if let collect = brokenInvariants {
            collect(text)
            return
        }
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
        abort()
    }
}

/// When set, `invariant` hands each broken invariant's message to it and returns instead of
/// aborting: FuzzSupport's tests show with it that a check reports what it should. The fuzz
/// targets never set it.
nonisolated(unsafe) package var brokenInvariants: ((String) -> Void)?
