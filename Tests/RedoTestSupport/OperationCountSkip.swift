import RedoCore
import XCTest

extension XCTSkip {
    /// Skips a test that reads `OperationCount` when the build does not count: the counts
    /// are compiled in debug builds only (every run of Scripts/test.sh and of the sanitizers),
    /// and a release build (`swift test -c release`) would read zero.
    package static func unlessOperationsAreCounted() throws {
        guard OperationCount.isCompiledIn else {
            throw recorded("operation counts are compiled in debug builds only (swift test without -c release)")
        }
    }
}
