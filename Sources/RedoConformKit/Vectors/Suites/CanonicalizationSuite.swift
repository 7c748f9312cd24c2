import RedoCrypto
import RedoJSON

/// External `rfc8785/` (the RFC author's test data, `ExternalVectorFolder`): every
/// `input/X.json` must canonicalize to exactly the bytes of `output/X.json` and of
/// `outhex/X.txt`, and the output must be a fixed point.
package struct CanonicalizationSuite: VectorSuite {
    package let folder = ExternalVectorFolder.canonicalizationFolder
    package init() {}

    package func run(root: VectorRoot) -> [SuiteResult] {
        var result = SuiteResult(name: folder)
        let names = root.files(in: folder + "/input", suffix: ".json")
        if names.isEmpty { result.abort("no input/*.json files") }
        for name in names {
            do {
                let input = try root.bytes("\(folder)/input/\(name)")
                let expected = try root.bytes("\(folder)/output/\(name)")
                let actual = try CanonicalJSON.canonicalize(input)
                result.check(
                    actual == expected, "\(name): canonical bytes differ at offset \(firstDifference(actual, expected))"
                )
                let hexName = String(name.dropLast(5)) + ".txt"
                let hexBytes = String(decoding: try root.bytes("\(folder)/outhex/\(hexName)"), as: UTF8.self)
                    .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" })
                    .map { UInt8($0, radix: 16) }
                result.check(hexBytes == actual.map { Optional($0) }, "\(hexName): bytes differ from outhex")
                result.check(
                    try CanonicalJSON.canonicalize(expected) == expected, "\(name): output is not a fixed point")
            } catch {
                result.check(false, "\(name): \(error)")
            }
        }
        return [result]
    }
}

func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset ?? min(a.count, b.count)
}
