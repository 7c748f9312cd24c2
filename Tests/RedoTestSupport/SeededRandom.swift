import Foundation
import RedoFixtures
import XCTest

/// Random test inputs that can be replayed: every draw comes from SplitMix64 started at an
/// explicit seed, the same numbers on every run and platform.
///
///     var rng = SeededRandom(for: self, seed: 0x5EED)
///     for round in rng.rounds(30) { … Int.random(in: 0..<n, using: &rng) … }
///
/// When the test fails, one more failure names the seed, the rounds that failed (if the
/// loop runs over `rounds(_:)`) and the command that replays them.
///
/// The environment variable REDO_TEST_SEED replaces the seed of every such test:
///   REDO_TEST_SEED=0x5eed swift test --filter AncestryTests   replays a reported failure
///                                                             (decimal or 0x-hexadecimal);
///   REDO_TEST_SEED=random swift test                          draws a fresh seed for each
///                                                             test, to look for failures
///                                                             the fixed seeds miss.
/// Unset, each test uses the seed written in it.
public struct SeededRandom: RandomNumberGenerator, CustomStringConvertible {
    public static let environmentVariable = "REDO_TEST_SEED"

    /// The seed this generator started from (REDO_TEST_SEED's, when it is set).
    public let seed: UInt64
    private var generator: SplitMix64
    private let record: FailureRecord

    public init(for test: XCTestCase, seed: UInt64, file: StaticString = #filePath, line: UInt = #line) {
        var chosen = seed
        if let text = ProcessInfo.processInfo.environment[Self.environmentVariable], !text.isEmpty {
            if let override = Self.parse(text) {
                chosen = override
            } else {
                XCTFail(
                    "\(Self.environmentVariable)=\(text) is not a seed (decimal, 0x-hexadecimal or random)",
                    file: file, line: line)
            }
        }
        self.seed = chosen
        generator = SplitMix64(seed: chosen)
        record = FailureRecord(test: test, seed: chosen, file: file, line: line)
        let record = self.record
        test.addTeardownBlock { record.reportIfFailed() }
    }

    public mutating func next() -> UInt64 { generator.next() }

    /// A number in 0..<n (n > 0).
    public mutating func below(_ n: Int) -> Int { generator.below(n) }

    /// `n` random bytes.
    public mutating func bytes(_ n: Int) -> [UInt8] { (0..<n).map { _ in UInt8(truncatingIfNeeded: next()) } }

    /// 0..<count, noting each round during which the test recorded a failure, so that the
    /// failure naming the seed names those rounds too.
    public func rounds(_ count: Int) -> Rounds { Rounds(count: count, record: record) }

    public var description: String { "seed \(Self.hex(seed))" }

    static func parse(_ text: String) -> UInt64? {
        if text == "random" { return UInt64.random(in: .min ... .max) }
        if text.hasPrefix("0x") || text.hasPrefix("0X") { return UInt64(text.dropFirst(2), radix: 16) }
        return UInt64(text)
    }

    static func hex(_ seed: UInt64) -> String { "0x" + String(seed, radix: 16) }

    public struct Rounds: Sequence, IteratorProtocol {
        let count: Int
        let record: FailureRecord
        var current = -1
        var failuresBefore = 0

        public mutating func next() -> Int? {
            let failures = record.failureCount
            if current >= 0, failures > failuresBefore { record.failingRounds.append(current) }
            failuresBefore = failures
            current += 1
            return current < count ? current : nil
        }
    }
}

/// What the teardown needs to name the seed. A class: the generator is copied into
/// helpers, and every copy reports to the one test.
final class FailureRecord: @unchecked Sendable {
    // @unchecked: used only on the thread that runs the test, and in its teardown.
    let test: XCTestCase
    let seed: UInt64
    let file: StaticString
    let line: UInt
    let failuresAtStart: Int
    var failingRounds: [Int] = []

    init(test: XCTestCase, seed: UInt64, file: StaticString, line: UInt) {
        self.test = test
        self.seed = seed
        self.file = file
        self.line = line
        failuresAtStart = test.testRun?.totalFailureCount ?? 0
    }

    var failureCount: Int { test.testRun?.totalFailureCount ?? 0 }

    func reportIfFailed() {
        guard failureCount > failuresAtStart else { return }
        let seedText = SeededRandom.hex(seed)
        var rounds = ""
        if !failingRounds.isEmpty {
            let shown = failingRounds.prefix(10).map(String.init) + (failingRounds.count > 10 ? ["…"] : [])
            rounds = " (failing round\(failingRounds.count == 1 ? "" : "s") \(shown.joined(separator: ", ")))"
        }
        // XCTest names a test "Class.method" on Linux, "-[Module.Class method]" on Darwin.
        let method = test.name.split(whereSeparator: { $0 == " " || $0 == "." }).last?.filter { $0 != "]" } ?? ""
        let filter = "\(type(of: test))/\(method)"
        let replay = "\(SeededRandom.environmentVariable)=\(seedText) swift test --filter '\(filter)'"
        XCTFail("random inputs from seed \(seedText)\(rounds); replay: \(replay)", file: file, line: line)
    }
}
