import Foundation
import XCTest

extension XCTSkip {
    /// A skip that `Scripts/test.sh` counts. `swift test --parallel` runs each test in a
    /// process of its own and records a skipped XCTest test as passed in its xunit file,
    /// so the test (its specifier, the process's last argument) is also added, one line,
    /// to the file that `REDO_TEST_SKIPS` names. Skip with `throw XCTSkip.recorded(why)`.
    public static func recorded(_ message: String) -> XCTSkip {
        if let path = ProcessInfo.processInfo.environment["REDO_TEST_SKIPS"], !path.isEmpty,
            let test = CommandLine.arguments.dropFirst().last
        {
            let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
            if descriptor >= 0 {
                // One write of one short line: lines of tests running at once never mix.
                let line = Array((test + "\n").utf8)
                _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
            }
        }
        return XCTSkip(message)
    }
}
