import RedoJSON
import RedoTestSupport
import XCTest

/// The RFC author's official canonicalization vectors (external data, `ExternalVectors`):
/// every output byte-identical.
final class RFC8785VectorTests: XCTestCase {
    func testEveryOfficialVectorIsByteIdentical() throws {
        let inputs = try ExternalVectors.list("rfc8785/input").filter { $0.hasSuffix(".json") }
        XCTAssertEqual(inputs.count, 6)
        for name in inputs {
            let input = try ExternalVectors.bytes("rfc8785/input/\(name)")
            let expected = try ExternalVectors.bytes("rfc8785/output/\(name)")
            let actual = try CanonicalJSON.canonicalize(input)
            XCTAssertEqual(actual, expected, "\(name): \(String(decoding: actual, as: UTF8.self))")

            let hexName = name.replacingOccurrences(of: ".json", with: ".txt")
            let hexText = String(decoding: try ExternalVectors.bytes("rfc8785/outhex/\(hexName)"), as: UTF8.self)
            let hexBytes = hexText.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" }).map {
                UInt8($0, radix: 16)!
            }
            XCTAssertEqual(actual, hexBytes, "\(hexName)")
        }
    }

    func testCanonicalOutputIsAFixedPoint() throws {
        let names = try ExternalVectors.list("rfc8785/output")
        XCTAssertEqual(names.count, 6)
        for name in names {
            let canonical = try ExternalVectors.bytes("rfc8785/output/\(name)")
            XCTAssertEqual(try CanonicalJSON.canonicalize(canonical), canonical, name)
        }
    }
}
