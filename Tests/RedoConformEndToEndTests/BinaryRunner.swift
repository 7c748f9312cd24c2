import Foundation
import XCTest

/// Runs a program as a child process: feeds it stdin and collects its stdout, stderr and
/// exit status. The three streams move at once, each on its own thread: a child that
/// fills one pipe (64 KiB) while the test is busy with another, or that writes before it
/// has read all its input, cannot stall the run.
enum ChildProcess {
    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: Data
    }

    struct TimedOut: Error, CustomStringConvertible {
        var command: String
        var seconds: Double
        var description: String { "\(command): still running after \(seconds) s, terminated" }
    }

    /// - Parameters:
    ///   - stdoutFile: takes stdout instead of a pipe (then `Output.stdout` is empty).
    ///   - timeout: how long the streams may stay open; then the child is terminated.
    static func run(
        _ executable: URL, _ arguments: [String], stdin: Data = Data(), stdoutFile: FileHandle? = nil,
        timeout: Double = 600
    ) throws -> Output {
        _ = ignoreBrokenPipes
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let input = Pipe()
        let out = Pipe()
        let err = Pipe()
        process.standardInput = input
        process.standardOutput = stdoutFile ?? out
        process.standardError = err
        try process.run()

        let streams = DispatchGroup()
        let collected = Collected()
        func onThread(_ work: @escaping @Sendable () -> Void) {
            streams.enter()
            Thread {
                work()
                streams.leave()
            }.start()
        }
        let writer = input.fileHandleForWriting
        onThread {
            writeAll(stdin, to: writer.fileDescriptor)  // stops early if the child closes its stdin
            try? writer.close()
        }
        if stdoutFile == nil {
            let reader = out.fileHandleForReading
            onThread { collected.set(stdout: reader.readDataToEndOfFile()) }
        }
        let errReader = err.fileHandleForReading
        onThread { collected.set(stderr: errReader.readDataToEndOfFile()) }

        if streams.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            _ = streams.wait(timeout: .now() + 10)
            throw TimedOut(command: ([executable.path] + arguments).joined(separator: " "), seconds: timeout)
        }
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: collected.stdout, stderr: collected.stderr)
    }

    /// A child that exits before reading all its stdin must make our write fail (EPIPE),
    /// not kill the test process with SIGPIPE.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    private static func writeAll(_ data: Data, to fd: Int32) {
        data.withUnsafeBytes { (all: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < all.count {
                let written = write(fd, all.baseAddress! + offset, all.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    private final class Collected: @unchecked Sendable {
        // @unchecked: guarded by the lock.
        private let lock = NSLock()
        private var out = Data(), err = Data()
        func set(stdout: Data) {
            lock.lock()
            out = stdout
            lock.unlock()
        }
        func set(stderr: Data) {
            lock.lock()
            err = stderr
            lock.unlock()
        }
        var stdout: Data {
            lock.lock()
            defer { lock.unlock() }
            return out
        }
        var stderr: Data {
            lock.lock()
            defer { lock.unlock() }
            return err
        }
    }
}

/// The real `redo-conform` binary, run as a user or a CI job runs it.
extension BinaryEndToEndTests {
    static var binary: URL {
        // The test bundle sits in the build products folder next to the executable.
        var folder = Bundle(for: BinaryEndToEndTests.self).bundleURL
        if folder.pathExtension == "xctest" { folder.deleteLastPathComponent() }
        return folder.appendingPathComponent("redo-conform")
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], stdin: String? = nil) throws -> Run {
        let output = try ChildProcess.run(binary, arguments, stdin: Data((stdin ?? "").utf8))
        return Run(
            status: output.status, stdout: String(decoding: output.stdout, as: UTF8.self),
            stderr: String(decoding: output.stderr, as: UTF8.self))
    }

    /// Runs the binary with stdout on /dev/full (every write fails with ENOSPC).
    static func runToFullDevice(_ arguments: [String], stdin: String = "") throws -> Run {
        let full = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? full.close() }
        let output = try ChildProcess.run(binary, arguments, stdin: Data(stdin.utf8), stdoutFile: full)
        return Run(status: output.status, stdout: "", stderr: String(decoding: output.stderr, as: UTF8.self))
    }
}
