import Foundation
import RedoFixtures

/// Records changed after signing, and a log made with them, for the tests of several
/// targets (the engine's signature cache, the shard merge, the binary).
package enum RecordTampering {
    /// The signature's last hex digit changed: the record fails only signature.invalid.
    package static func breakSignature(_ line: [UInt8]) -> [UInt8] {
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "\"signature\":\"") else { return line }
        var bytes = Array(text.utf8)
        let at = text.utf8.distance(from: text.startIndex, to: range.upperBound) + 127
        bytes[at] = bytes[at] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        return bytes
    }

    /// The lamport with a digit put before it: the record still claims its id, which no
    /// longer matches its content.
    package static func changeLamport(_ line: [UInt8]) -> [UInt8] {
        Array(
            String(decoding: line, as: UTF8.self).replacingOccurrences(of: "\"lamport\":", with: "\"lamport\":1").utf8)
    }

    /// A signed log whose records 5, 42, 79… carry a broken signature (11 of 400), written
    /// to FOLDER/log.jsonl.
    package static func brokenSignatureLog(in folder: String, nodes: Int = 400, seed: String = "cache") -> String {
        var lines: [UInt8] = []
        var k = 0
        LogGenerator(shape: .benign, nodes: nodes, tasks: 40, seed: seed, jobs: 2).generate { record in
            lines += (k % 37 == 5 ? breakSignature(record) : record) + [0x0A]
            k += 1
        }
        return TempFiles.write(lines, to: folder + "/log.jsonl")
    }
}
