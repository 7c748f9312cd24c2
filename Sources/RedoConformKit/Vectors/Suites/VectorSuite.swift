/// The outcome of one vector suite: counts, and the first failures in full.
package struct SuiteResult: Sendable {
    package let name: String
    package private(set) var passed = 0
    package private(set) var failed = 0
    package private(set) var failures: [String] = []
    /// Failures kept for the report; the count above is always complete.
    static let keptFailures = 20

    package init(name: String) { self.name = name }

    package var ok: Bool { failed == 0 && passed > 0 }

    package mutating func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if condition {
            passed += 1
        } else {
            failed += 1
            if failures.count < Self.keptFailures { failures.append(message()) }
        }
    }

    /// The result `body` builds. An error it throws (a missing or unreadable vector file)
    /// stops the suite as a failure of its own, with the checks made so far kept.
    package static func collecting(_ name: String, _ body: (inout SuiteResult) throws -> Void) -> SuiteResult {
        var result = SuiteResult(name: name)
        do { try body(&result) } catch { result.abort("\(error)") }
        return result
    }

    /// A failure that stops the suite (its files are missing or unreadable).
    package mutating func abort(_ message: String) {
        failed += 1
        failures.append(message)
    }
}

/// A family of vector files under `Vectors/`. `check` runs every suite whose folder exists.
package protocol VectorSuite: Sendable {
    /// Folder (or file pattern) relative to the vectors root, also the suite's name.
    var folder: String { get }
    func run(root: VectorRoot) -> [SuiteResult]
}
