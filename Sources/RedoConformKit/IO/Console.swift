#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes. Commands never print directly, so tests capture both streams.
public struct Console: Sendable {
    public var writeOut: @Sendable ([UInt8]) -> Void
    public var writeErr: @Sendable (String) -> Void

    public init(writeOut: @escaping @Sendable ([UInt8]) -> Void, writeErr: @escaping @Sendable (String) -> Void) {
        self.writeOut = writeOut
        self.writeErr = writeErr
    }

    public func out(_ text: String) { writeOut(Array(text.utf8)) }
    public func line(_ text: String) { writeOut(Array((text + "\n").utf8)) }
    public func error(_ text: String) { writeErr(text + "\n") }

    /// The process's standard output and error, unbuffered writes of whole chunks.
    public static let standard = Console(
        writeOut: { bytes in writeAll(1, bytes) },
        writeErr: { text in writeAll(2, Array(text.utf8)) }
    )

    /// Writes all bytes to a file descriptor; false on an error (a full disk, a closed pipe).
    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 {
                    if written < 0 && errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}

/// Collects output in memory (tests, and callers that post-process).
public final class CapturedConsole: @unchecked Sendable {
    // @unchecked: guarded by the lock.
    private let lock = PthreadMutex()
    private var outBytes: [UInt8] = []
    private var errText = ""

    public init() {}

    public var console: Console {
        Console(
            writeOut: { [self] bytes in lock.locked { outBytes += bytes } },
            writeErr: { [self] text in lock.locked { errText += text } }
        )
    }

    public var stdout: String { lock.locked { String(decoding: outBytes, as: UTF8.self) } }
    public var stdoutBytes: [UInt8] { lock.locked { outBytes } }
    public var stderr: String { lock.locked { errText } }
}

/// A minimal mutex over pthreads, so the Kit needs no Foundation for locking.
final class PthreadMutex: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }
}
