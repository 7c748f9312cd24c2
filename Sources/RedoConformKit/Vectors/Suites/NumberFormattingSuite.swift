import RedoCrypto
import RedoJSON
import RedoValidation

/// `numbers/*.txt`: lines `<hex bits>,<ECMAScript String(x)>` as written by node (the
/// format of the RFC author's 100-million-number file; hex may be unpadded). Each double
/// must print exactly like JavaScript and its JavaScript text must read back to the
/// same double.
package struct NumberFormattingSuite: VectorSuite {
    package let folder = "numbers"
    package init() {}

    package func run(root: VectorRoot) -> [SuiteResult] {
        root.files(in: folder, suffix: ".txt").map { name in
            SuiteResult.collecting("\(folder)/\(name)") { result in
                try Self.checkLines(InputPath(root.url("\(folder)/\(name)")), into: &result)
            }
        }
    }

    /// Streams the lines, so a 100-million-line file (or pipe) needs no memory. Throws
    /// when the input cannot be read: an unread stream has not been checked, which is
    /// not the same as a failed check (`check --numbers` exits 2 for it, not 1).
    package static func checkLines(_ input: InputPath, into result: inout SuiteResult) throws {
        let reader = try LineReader(input, maxLineBytes: 4096)
        var scratch: [UInt8] = []
        try reader.forEachLine { line in
            switch line {
            case let .overlong(number, _):
                result.check(false, "line \(number): too long")
            case let .text(number, bytes):
                if bytes.isEmpty { return true }
                check(line: bytes, number: number, scratch: &scratch, into: &result)
            }
            return true
        }
    }

    private static func check(
        line: UnsafeBufferPointer<UInt8>, number: Int, scratch: inout [UInt8], into result: inout SuiteResult
    ) {
        guard let comma = line.firstIndex(of: 0x2C), comma > 0, comma <= 16 else {
            result.check(false, "line \(number): not '<hex>,<text>'")
            return
        }
        var bits: UInt64 = 0
        for k in 0..<comma {
            guard let digit = Hex.lowercaseDigitValue(line[k]) else {
                result.check(false, "line \(number): bad hex")
                return
            }
            bits = bits << 4 | UInt64(digit)
        }
        let expected = UnsafeBufferPointer(rebasing: line[(comma + 1)...])
        let value = Double(bitPattern: bits)
        scratch.removeAll(keepingCapacity: true)
        ESNumberFormat.append(value, to: &scratch)
        let printed = scratch.elementsEqual(expected)
        let readBack: Bool
        if case let .number(parsed)? = try? JSONReader.parse(expected) {
            readBack = parsed.bitPattern == value.bitPattern || (parsed == 0 && value == 0)
        } else {
            readBack = false
        }
        result.check(
            printed && readBack,
            "line \(number): \(String(decoding: line, as: UTF8.self)) — we print \(String(decoding: scratch, as: UTF8.self))\(readBack ? "" : ", and read the text back as another double")"
        )
    }
}
