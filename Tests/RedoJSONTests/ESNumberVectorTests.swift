import RedoTestSupport
import XCTest

@testable import RedoJSON

/// Number formatting checked against lines written by node: "<hex bits>,<String(x)>".
final class ESNumberVectorTests: XCTestCase {
    func testEveryNodeWrittenNumber() throws {
        let text = String(decoding: try VectorFiles.bytes("numbers/es-numbers-100k.txt"), as: UTF8.self)
        var checked = 0
        var failures: [String] = []
        for line in text.split(separator: "\n") {
            guard let comma = line.firstIndex(of: ",") else { continue }
            let bits = UInt64(line[..<comma], radix: 16)!
            let expected = String(line[line.index(after: comma)...])
            let value = Double(bitPattern: bits)
            let formatted = ESNumberFormat.string(value)
            if formatted != expected { failures.append("\(line): got \(formatted)") }
            // The reader must turn the JavaScript text back into the same double.
            if case let .number(parsed) = try JSONReader.parse(expected) {
                if parsed.bitPattern != value.bitPattern && !(parsed == 0 && value == 0) {
                    failures.append("\(line): parsed back as \(parsed.bitPattern)")
                }
            } else {
                failures.append("\(line): not a number")
            }
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 100_000)
        XCTAssertEqual(failures.count, 0, failures.prefix(20).joined(separator: "\n"))
    }

    func testESLayoutRules() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (1, "1"), (-1, "-1"), (0.1, "0.1"), (1e21, "1e+21"), (1e20, "100000000000000000000"),
            (1e-7, "1e-7"), (1e-6, "0.000001"), (Double("123456789012345680000")!, "123456789012345680000"),
            (Double("5e-324")!, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"),
            (9_007_199_254_740_992, "9007199254740992"),
            (Double("9007199254740993")!, "9007199254740992"), (2e53, "2e+53"),
            (18_014_398_509_481_984, "18014398509481984"), (-1.5e-9, "-1.5e-9"),
            (333333333.33333329, "333333333.3333333"),
            (4.35, "4.35"), (0.002, "0.002"), (1e23, "1e+23"),
            (Double("295147905179352830000")!, "295147905179352830000"),
        ]
        for (value, expected) in cases {
            XCTAssertEqual(ESNumberFormat.string(value), expected, "\(value)")
        }
    }
}
