import RedoConformKit
import RedoCore
import RedoCrypto
import RedoJSON
import RedoValidation

/// Where a record's node-level check spends its time, stage by stage, on one core:
/// what `redo-bench stages` prints. Each stage includes the ones before it.
package enum NodeCheckStages {
    package struct Stage: Sendable {
        package let name: String
        package let microsecondsPerRecord: Double
    }

    /// Times the first `limit` records of a JSON Lines file.
    package static func measure(file: String, limit: Int = 100_000) throws(InputError) -> [Stage] {
        let document = try InputFile.readAll(InputPath(file), maxBytes: 1 << 31)
        let lines = LogPipeline.numberedLines(document).prefix(limit).map { Array($0.1) }
        let validator = NodeValidator()
        func time(_ name: String, _ body: ([UInt8]) -> Void) -> Stage {
            let start = MonotonicClock.now()
            for line in lines { body(line) }
            return Stage(
                name: name, microsecondsPerRecord: (MonotonicClock.now() - start) * 1e6 / Double(max(1, lines.count)))
        }
        // The first two stages read the records as `validate` does: through the parse tape.
        return [
            time("parse") { line in line.withUnsafeBufferPointer { _ = try? JSONTapeValue.parse($0) { $0.isNull } } },
            time("parse+body+sha256") { line in
                line.withUnsafeBufferPointer { bytes in
                    _ = try? JSONTapeValue.parse(bytes) { value in
                        value.objectValue.map {
                            NodeBody.id(ofCanonicalBody: $0.canonicalBytes(excluding: NodeBody.unhashedKeys))
                        }
                    }
                }
            },
            time("check-without-verify") { line in
                _ = line.withUnsafeBufferPointer { validator.check(bytes: $0, deferringSignature: true) }
            },
            time("check") { line in _ = line.withUnsafeBufferPointer { validator.check(bytes: $0) } },
        ]
    }
}
