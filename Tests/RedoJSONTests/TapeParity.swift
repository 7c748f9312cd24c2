import XCTest

@testable import RedoJSON

/// Runs a document through both canonicalization paths — the `JSONValue` tree
/// (`CanonicalJSON.bytes(of: JSONReader.parse(…))`) and the tape
/// (`CanonicalJSON.canonicalize`, `CanonicalJSONWriter`) — and requires identical
/// results: the same bytes, or the same error in every field.
enum TapeParity {
    /// A writer shared across calls, so tests also exercise buffer reuse (including
    /// reuse right after a rejected document).
    nonisolated(unsafe) static var sharedWriter = CanonicalJSONWriter()

    enum Outcome: Equatable {
        case canonical([UInt8])
        case rejected(JSONSyntaxError)
    }

    static func treeOutcome(_ bytes: [UInt8], limits: JSONLimits = .default) -> Outcome {
        do { return .canonical(CanonicalJSON.bytes(of: try JSONReader.parse(bytes, limits: limits))) } catch {
            return .rejected(error)
        }
    }

    static func tapeOutcome(_ bytes: [UInt8], limits: JSONLimits = .default) -> Outcome {
        do { return .canonical(try CanonicalJSON.canonicalize(bytes, limits: limits)) } catch {
            return .rejected(error)
        }
    }

    /// The tape outcome through the shared writer, appending after a sentinel prefix to
    /// check that `out` is appended to on success and left alone on error.
    static func reusedWriterOutcome(_ bytes: [UInt8], limits: JSONLimits = .default) -> Outcome {
        let prefix: [UInt8] = [0xAA, 0xBB]
        var out = prefix
        do {
            if limits == .default {
                try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
                    try sharedWriter.canonicalize(buffer, appendingTo: &out)
                }
            } else {
                var writer = CanonicalJSONWriter(limits: limits)
                try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
                    try writer.canonicalize(buffer, appendingTo: &out)
                }
            }
        } catch {
            precondition(out == prefix, "output touched on error")
            return .rejected(error)
        }
        precondition(Array(out.prefix(2)) == prefix, "output prefix overwritten")
        return .canonical(Array(out.dropFirst(2)))
    }

    /// Asserts both paths agree on `bytes`; returns the (common) outcome.
    @discardableResult
    static func assertAgree(
        _ bytes: [UInt8], limits: JSONLimits = .default, file: StaticString = #filePath, line: UInt = #line
    ) -> Outcome {
        let tree = treeOutcome(bytes, limits: limits)
        let tape = tapeOutcome(bytes, limits: limits)
        let reused = reusedWriterOutcome(bytes, limits: limits)
        XCTAssertEqual(tape, tree, "tape vs tree on \(show(bytes))", file: file, line: line)
        XCTAssertEqual(reused, tree, "reused writer vs tree on \(show(bytes))", file: file, line: line)
        return tree
    }

    /// For the rejection tests: the tape path rejects with exactly `expected`.
    static func assertSameRejection(
        _ bytes: [UInt8], limits: JSONLimits, as expected: JSONSyntaxError,
        file: StaticString, line: UInt
    ) {
        XCTAssertEqual(tapeOutcome(bytes, limits: limits), .rejected(expected), "tape path", file: file, line: line)
        XCTAssertEqual(
            reusedWriterOutcome(bytes, limits: limits), .rejected(expected), "reused writer", file: file, line: line)
    }

    static func show(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(300), as: UTF8.self)
        return bytes.count > 300 ? text + "…" : text
    }
}
