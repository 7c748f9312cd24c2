import RedoCrypto
import RedoJSON
import RedoText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command writes. Commands never print directly, so tests capture both streams.
package struct Console: Sendable {
    package var writeOut: @Sendable ([UInt8]) -> Void
    package var writeErr: @Sendable (String) -> Void
    /// Why a write to stdout failed (the first failure), or nil while every write worked.
    package var outFailure: @Sendable () -> String?

    package init(
        writeOut: @escaping @Sendable ([UInt8]) -> Void, writeErr: @escaping @Sendable (String) -> Void,
        outFailure: @escaping @Sendable () -> String? = { nil }
    ) {
        self.writeOut = writeOut
        self.writeErr = writeErr
        self.outFailure = outFailure
    }

    package func out(_ text: String) { writeOut(Array(text.utf8)) }
    package func line(_ text: String) { writeOut(Array((text + "\n").utf8)) }
    /// One line on stderr. Error lines carry file names, reasons and values taken from
    /// the input, so display-unsafe characters are spelled out here, for every caller, as
    /// the text reports do (`MessageText.displayed`): a newline in a file name cannot
    /// forge a second error line, and an escape sequence never reaches the terminal.
    package func error(_ text: String) { writeErr(MessageText.displayed(text) + "\n") }

    /// Several lines on stderr (a usage message), each line escaped as `error` does.
    package func errorLines(_ text: String) {
        writeErr(
            text.split(separator: "\n", omittingEmptySubsequences: false).map { MessageText.displayed(String($0)) }
                .joined(separator: "\n") + "\n")
    }

    /// The status a run ends with once its output is written. Output that did not reach
    /// stdout (a full disk) is as incomplete as an input that could not be read: 2, with
    /// one line naming stdout — as `--output FILE` does for its file.
    package func settle(_ status: ExitStatus) -> ExitStatus {
        guard let reason = outFailure() else { return status }
        error("error: stdout: \(reason)")
        return .usageOrIO
    }

    /// The process's standard output and error, unbuffered writes of whole chunks. After
    /// a failed write to stdout the rest of the output is dropped (it cannot be whole);
    /// `settle` reports the failure. A failure on stderr has nowhere to be reported.
    package static let standard: Console = {
        let failure = FirstFailure()
        return Console(
            writeOut: { bytes in
                guard failure.reason == nil else { return }
                if !writeAll(1, bytes) { failure.record(InputFile.systemReason()) }
            },
            writeErr: { text in writeAll(2, Array(text.utf8)) },
            outFailure: { failure.reason }
        )
    }()

    /// Writes all bytes to a file descriptor; false on an error (a full disk, a closed pipe).
    @discardableResult
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
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

/// The first reason something failed, kept across threads.
final class FirstFailure: @unchecked Sendable {
    // @unchecked: guarded by the lock.
    private let lock = PthreadMutex()
    private var first: String?

    var reason: String? { lock.locked { first } }
    func record(_ reason: String) { lock.locked { if first == nil { first = reason } } }
}

/// Collects output in memory (tests, and callers that post-process).
package final class CapturedConsole: @unchecked Sendable {
    // @unchecked: guarded by the lock.
    private let lock = PthreadMutex()
    private var outBytes: [UInt8] = []
    private var errText = ""

    private let failingStdout: String?

    /// `failingStdout`: every write to stdout fails with this reason (as on a full disk).
    package init(failingStdout: String? = nil) {
        self.failingStdout = failingStdout
    }

    package var console: Console {
        Console(
            writeOut: { [self] bytes in if failingStdout == nil { lock.locked { outBytes += bytes } } },
            writeErr: { [self] text in lock.locked { errText += text } },
            outFailure: { [self] in failingStdout }
        )
    }

    package var stdout: String { lock.locked { String(decoding: outBytes, as: UTF8.self) } }
    package var stdoutBytes: [UInt8] { lock.locked { outBytes } }
    package var stderr: String { lock.locked { errText } }
}
