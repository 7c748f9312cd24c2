#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress display on stderr — records done, rate, ETA — shown only when
/// stderr is a terminal and the work has lasted over a second; silent otherwise.
public final class ProgressMeter: @unchecked Sendable {
    // @unchecked: driven from one thread (the reader), never concurrently.
    private let write: (String) -> Void
    private var startTime = 0.0
    private var lastDraw = 0.0
    private var totalBytes = 0
    private var bytes = 0
    private var records = 0
    private var drawn = false

    public init(write: @escaping (String) -> Void) { self.write = write }

    /// A meter on stderr when it is a terminal, else nil.
    public static func forTerminal(console: Console) -> ProgressMeter? {
        isatty(2) == 1 ? ProgressMeter(write: console.writeErr) : nil
    }

    func start(totalBytes: Int) {
        self.totalBytes = totalBytes
        startTime = MonotonicClock.now()
    }

    func advance(bytes count: Int) { bytes += count; draw() }
    func advance(records count: Int) { records += count; draw() }

    private func draw() {
        let now = MonotonicClock.now()
        guard now - startTime > 1, now - lastDraw > 0.1 else { return }
        lastDraw = now
        let elapsed = now - startTime
        let rate = Double(records) / elapsed
        var line = "\r  \(records) records  \(Int(rate))/s"
        if totalBytes > 0 && bytes > 0 {
            let remaining = elapsed * Double(totalBytes - bytes) / Double(bytes)
            line += "  \(min(100, bytes * 100 / totalBytes))%  ETA \(Int(remaining.rounded()))s"
        }
        write(line + "   ")
        drawn = true
    }

    func finish() {
        if drawn { write("\r" + String(repeating: " ", count: 72) + "\r") }
    }
}
