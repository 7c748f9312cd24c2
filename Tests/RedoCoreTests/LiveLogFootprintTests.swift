import Foundation
import RedoCore
import RedoFixtures
import RedoTestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// What a live log retains a node, measured with the C allocator's count of bytes in use:
/// a benign account of the shape of `redo-bench live`'s (30,000 nodes, 5,000 tasks: half its
/// size, and the same bytes a node, 498 at both sizes), loaded in batches of 500, then let
/// go of part by part; the breakdown is printed. `REDO_FOOTPRINT_NODES` measures another
/// size (a sixth as many tasks; 60000 for `redo-bench live`'s own), with the same budget: a
/// much smaller account takes a little more a node, its arrays' spare capacity being a
/// larger share.
final class LiveLogFootprintTests: XCTestCase {
    /// Bytes a node the log may retain of this account.
    static let budget = 550
    static let nodes = ProcessInfo.processInfo.environment["REDO_FOOTPRINT_NODES"].flatMap { Int($0) } ?? 30_000

    func testLiveLogRetainsAtMostItsBudgetANode() throws {
        #if canImport(Glibc) && arch(x86_64)
            // A sanitizer's allocator stands in for glibc's, whose count then says nothing
            // (and the account costs ten times as much to load).
            for runtime in ["__asan_init", "__tsan_init"]
            where dlsym(UnsafeMutableRawPointer(bitPattern: 0), runtime) != nil {
                throw XCTSkip.recorded("the C allocator is a sanitizer's (\(runtime)): its count is not glibc's")
            }
            let nodes = Self.nodes
            var records: [[UInt8]] = []
            let generator = LogGenerator(shape: .benign, nodes: nodes, tasks: nodes / 6, seed: "bench")
            generator.generate { records.append($0) }
            records.removeLast(records.count - nodes)

            var log = LiveLog()
            for start in stride(from: 0, to: records.count, by: 500) {
                _ = try log.ingest(Array(records[start..<min(records.count, start + 500)]))
            }
            XCTAssertEqual(log.nodes.count, nodes)
            records = []
            let loaded = Self.bytesInUse()
            var parts: [(name: String, bytes: Int)] = []
            var before = loaded
            // Consumed, not copied: a copy would share every part, and letting go of one
            // would free nothing.
            (consume log).release { name in
                let now = Self.bytesInUse()
                parts.append((name, before - now))
                before = now
            }
            let total = loaded - before
            var table = "retained by a live log of \(nodes) nodes, \(nodes / 6) tasks: \(total) bytes, "
            table += "\(total / nodes) a node\n"
            for part in parts.sorted(by: { $0.bytes > $1.bytes }) {
                table += "  \(part.name): \(part.bytes / nodes) bytes a node (\(part.bytes) bytes)\n"
            }
            print(table)
            XCTAssertLessThanOrEqual(total / nodes, Self.budget, table)
        #else
            throw XCTSkip.recorded("measured with glibc's mallinfo2 on x86-64")
        #endif
    }

    #if canImport(Glibc) && arch(x86_64)
        /// Bytes the C allocator has handed out and not taken back, in every arena
        /// (`uordblks`) and in blocks mapped on their own (`hblkhd`). glibc's `mallinfo2` is
        /// declared in <malloc.h>, which the Glibc module leaves out: it is looked up by name
        /// and called with the x86-64 convention for a returned struct (a pointer to the
        /// caller's room for it, as the first argument).
        static func bytesInUse() -> Int {
            typealias Call = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallinfo2") else { return 0 }
            var fields = [Int](repeating: 0, count: 10)
            fields.withUnsafeMutableBytes { _ = unsafeBitCast(symbol, to: Call.self)($0.baseAddress!) }
            return fields[7] + fields[4]
        }
    #endif
}
