#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One parser and one canonicalizer per thread, kept between documents: checking a
/// record parses it onto a tape and canonicalizes its body, and with fresh buffers each
/// time that was about twenty allocations per record, nearly all of them buffers growing
/// to the same sizes as for the record before. A thread's workspace keeps that capacity.
///
/// Per thread, not shared: the buffers are mutable, and validation checks records on
/// every core at once. A nested use on the same thread (a closure that parses again)
/// finds the workspace busy and gets fresh buffers instead, so reuse never changes a
/// result. Buffers that grew past `keptBytes` for an unusually large document are
/// dropped afterwards, so one 16 MB record does not pin 16 MB per thread.
final class TapeWorkspace {
    /// The buffers, used in place (a parser copied in and out per document retained and
    /// released each of its buffers every time), behind a pointer: as stored properties of
    /// a class every access was checked for exclusivity at run time, four per record. The
    /// workspace belongs to one thread, so no access can overlap another.
    private struct Buffers {
        var parser = JSONParser(sink: JSONTapeBuilder(), limits: .default)
        /// A parse is in progress on `parser`.
        var parserBusy = false
        var canonicalizer = TapeCanonicalizer()
        var canonicalizerBusy = false
    }
    private let buffers: UnsafeMutablePointer<Buffers>

    private init() {
        buffers = .allocate(capacity: 1)
        buffers.initialize(to: Buffers())
    }

    deinit {
        buffers.deinitialize(count: 1)
        buffers.deallocate()
    }

    /// Buffer bytes a thread keeps between documents, at most, per buffer set (the
    /// parser's tape and the canonicalizer's output): a REDO node needs a few kilobytes.
    static let keptBytes = 1 << 20

    /// Parses `bytes` on this thread's tape and calls `body` with the tape.
    static func withParsed<R>(
        _ bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits,
        _ body: (JSONTape) -> R
    ) throws(JSONSyntaxError) -> R {
        let buffers = current.buffers
        guard !buffers.pointee.parserBusy else {
            var parser = JSONParser(sink: JSONTapeBuilder(), limits: limits)
            try parser.parse(bytes)
            return body(parser.sink.tape)
        }
        buffers.pointee.parserBusy = true
        defer {
            buffers.pointee.parserBusy = false
            let tape = buffers.pointee.parser.sink.tape
            if tape.entries.capacity * MemoryLayout<JSONTape.Entry>.stride + tape.arena.capacity > keptBytes {
                buffers.pointee.parser = JSONParser(sink: JSONTapeBuilder(), limits: .default)
            }
        }
        buffers.pointee.parser.limits = limits
        buffers.pointee.parser.sink.reset()
        try buffers.pointee.parser.parse(bytes)
        return body(buffers.pointee.parser.sink.tape)
    }

    /// Runs `body` with this thread's canonicalizer.
    static func withCanonicalizer<R>(_ body: (inout TapeCanonicalizer) -> R) -> R {
        let buffers = current.buffers
        guard !buffers.pointee.canonicalizerBusy else {
            var canonicalizer = TapeCanonicalizer()
            return body(&canonicalizer)
        }
        buffers.pointee.canonicalizerBusy = true
        defer {
            buffers.pointee.canonicalizerBusy = false
            if buffers.pointee.canonicalizer.capacityBytes > keptBytes {
                buffers.pointee.canonicalizer = TapeCanonicalizer()
            }
        }
        return body(&buffers.pointee.canonicalizer)
    }

    // MARK: Thread-local storage

    /// The key of the thread-specific slot; its destructor releases a thread's workspace
    /// when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            #if canImport(Glibc)
                guard let pointer else { return }
            #endif
            Unmanaged<TapeWorkspace>.fromOpaque(pointer).release()
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    private static var current: TapeWorkspace {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<TapeWorkspace>.fromOpaque(pointer).takeUnretainedValue()
        }
        let workspace = TapeWorkspace()
        pthread_setspecific(key, Unmanaged.passRetained(workspace).toOpaque())
        return workspace
    }
}
