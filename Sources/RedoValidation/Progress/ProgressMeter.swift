import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-line progress display on stderr — records done, rate, share done, ETA — shown
/// only when stderr is a terminal and the work has lasted over a second; silent otherwise.
///
/// A record is done once every check on it is: its node-level checks and its signature.
/// Signatures are verified behind the reading (a backlog of up to 16k records), so
/// counting records read would reach 100% seconds early, and a short log read in under a
/// second would show no line at all while its signatures still took several. The line is
/// drawn by its own thread, so it keeps moving while the reader waits or the log rules run.
package final class ProgressMeter: @unchecked Sendable {
    // @unchecked: the counters are guarded by `condition`; the line on screen
    // (`write`, `shownWidth`) by `screen`, taken by the drawing thread, by `finish` and by
    // `clearing`.
    private let write: (String) -> Void
    private let screen = PthreadMutex()
    private let delay: Double
    private let interval: Double
    private let condition = NSCondition()
    private var counts = Counts()
    private var startTime = 0.0
    private var stopped = false
    private var drawer: Thread?
    private let drawerDone = DispatchSemaphore(value: 0)
    /// The width of the line on screen, to blank it out when a shorter one replaces it.
    private var shownWidth = 0

    /// What the run has reported so far.
    struct Counts {
        var totalBytes = 0
        var bytesRead = 0
        var recordsRead = 0
        /// Records whose node-level checks are done (their signature may still wait).
        var recordsChecked = 0
        /// Of those, signatures still waiting for verification.
        var signaturesPending = 0
        var readingDone = false
        var logRules = false

        var recordsDone: Int { recordsChecked - signaturesPending }
    }

    /// - Parameters:
    ///   - delay: seconds of work before the first line (nothing is drawn for shorter work).
    ///   - interval: seconds between redraws.
    package init(write: @escaping (String) -> Void, delay: Double = 1, interval: Double = 0.2) {
        self.write = write
        self.delay = delay
        self.interval = interval
    }

    /// A meter on stderr when it is a terminal, else nil.
    package static func forTerminal(console: Console) -> ProgressMeter? {
        isatty(2) == 1 ? ProgressMeter(write: console.writeErr) : nil
    }

    /// Starts the clock and the drawing thread, for a run that reads `files`.
    package func start(reading files: [InputFileRef]) {
        condition.lock()
        counts.totalBytes = files.reduce(0) { $0 + $1.sizeOnDisk }
        startTime = MonotonicClock.now()
        condition.unlock()
        let thread = Thread { [self] in
            drawUntilStopped()
            drawerDone.signal()
        }
        thread.stackSize = 1 << 18
        drawer = thread
        thread.start()
    }

    package func advance(bytes: Int) { update { $0.bytesRead += bytes } }
    package func advance(recordsRead: Int) { update { $0.recordsRead += recordsRead } }
    /// Records through the node-level checks, `pending` of them with a signature to verify.
    package func checked(records: Int, signaturesPending pending: Int) {
        update {
            $0.recordsChecked += records
            $0.signaturesPending += pending
        }
    }
    func verified(signatures: Int) { update { $0.signaturesPending -= signatures } }
    package func readingFinished() { update { $0.readingDone = true } }
    func logRulesStarted() { update { $0.logRules = true } }

    /// The counts so far (for tests).
    var snapshot: Counts {
        condition.lock()
        defer { condition.unlock() }
        return counts
    }

    private func update(_ change: (inout Counts) -> Void) {
        condition.lock()
        change(&counts)
        condition.unlock()
    }

    /// Stops the drawing thread; once a line was shown, draws the final state and clears it.
    package func finish() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
        guard drawer != nil else { return }
        drawerDone.wait()
        drawer = nil
        screen.locked {
            guard shownWidth > 0 else { return }
            drawNow()
            blank()
        }
    }

    /// Runs `body` (a write to stdout, which may be the same terminal) with the progress
    /// line off the screen, so the two never share a line; the next redraw brings it back.
    package func clearing<T>(_ body: () -> T) -> T {
        screen.locked {
            if shownWidth > 0 { blank() }
            return body()
        }
    }

    /// Caller holds `screen`.
    private func blank() {
        write("\r" + String(repeating: " ", count: shownWidth) + "\r")
        shownWidth = 0
    }

    private func drawUntilStopped() {
        condition.lock()
        while !stopped {
            _ = condition.wait(until: Date(timeIntervalSinceNow: interval))
            if stopped { break }
            let snapshot = counts
            condition.unlock()
            if MonotonicClock.now() - startTime >= delay { screen.locked { draw(snapshot) } }
            condition.lock()
        }
        condition.unlock()
    }

    /// Caller holds `screen`.
    private func drawNow() {
        condition.lock()
        let snapshot = counts
        condition.unlock()
        draw(snapshot)
    }

    /// Caller holds `screen`.
    private func draw(_ snapshot: Counts) {
        let line = Self.line(snapshot, elapsed: MonotonicClock.now() - startTime)
        let width = line.count
        write("\r" + line + String(repeating: " ", count: max(0, shownWidth - width)))
        shownWidth = max(width, 1)
    }

    /// The text of the line. With the input's size known (regular files) the total is
    /// estimated from the share of bytes read, and exact once reading is over; from a
    /// pipe only the count and rate are known.
    static func line(_ counts: Counts, elapsed: Double) -> String {
        let done = counts.recordsDone
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        var line = "  \(done) records  \(Int(rate))/s"
        let total: Int?
        if counts.readingDone {
            total = counts.recordsRead
        } else if counts.totalBytes > 0 && counts.bytesRead > 0 {
            total = max(
                counts.recordsRead,
                Int(Double(counts.recordsRead) * Double(counts.totalBytes) / Double(counts.bytesRead)))
        } else {
            total = nil
        }
        if let total, total > 0 {
            line += "  \(min(100, done * 100 / total))%"
            if done < total && rate > 0 {
                line += "  ETA \(Int((Double(total - done) / rate).rounded(.up)))s"
            }
        }
        if counts.logRules && counts.signaturesPending == 0 { line += "  log rules…" }
        return line
    }
}
