import RedoCore
import RedoCrypto
import RedoJSON
import RedoTestSupport
import RedoValidation
import XCTest

@testable import RedoConformKit

/// PROTOCOL.md's rule catalog and the code's `Rule.all` name the same rules with the same
/// codes, and every rule is broken by at least one shipped vector.
final class RuleCatalogTests: XCTestCase {
    static func catalogRows() throws -> [String: String] {
        let url = VectorFiles.repositoryRoot.appendingPathComponent("PROTOCOL.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let start = text.range(of: "## Rule catalog"),
            let end = text.range(of: "\n## ", range: start.upperBound..<text.endIndex)
        else {
            XCTFail("PROTOCOL.md has no Rule catalog section")
            return [:]
        }
        var rows: [String: String] = [:]
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            rows[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
        }
        return rows
    }

    func testCatalogMatchesCode() throws {
        let rows = try Self.catalogRows()
        let code = Dictionary(uniqueKeysWithValues: Rule.all.map { ($0.id, $0.code.rawValue) })
        XCTAssertEqual(Set(rows.keys).subtracting(code.keys), [], "in PROTOCOL.md but not in the code")
        XCTAssertEqual(Set(code.keys).subtracting(rows.keys), [], "in the code but not in PROTOCOL.md")
        for (id, codeName) in code { XCTAssertEqual(rows[id], codeName, "code of \(id)") }
        XCTAssertEqual(Set(Rule.all.map(\.id)).count, Rule.all.count, "rule ids are unique")
    }

    /// Every rule is emitted by the real validator on some shipped vector.
    func testEveryRuleIsEmittedBySomeVector() throws {
        var emitted = Set<String>()
        let root = VectorRoot.shipped
        let manifest = try root.json("nodes/manifest.json")
        let cases = try XCTUnwrap(manifest.objectValue?["cases"]?.arrayValue)
        XCTAssertGreaterThan(cases.count, 100)
        for entry in cases {
            let c = entry.objectValue!
            var limits = JSONLimits.default
            if let maxRecordBytes = c["maxRecordBytes"]?.numberValue { limits.maxDocumentBytes = Int(maxRecordBytes) }
            let profile = ValidationProfile(rawValue: c["profile"]!.stringValue!)!
            let check = NodeValidator(profile: profile, limits: limits).check(
                bytes: try root.bytes("nodes/" + c["file"]!.stringValue!))
            emitted.formUnion(check.findings.map(\.rule.id))
        }
        let exports = root.files(in: "exports", suffix: "").filter { $0 != "manifest.json" }
        XCTAssertGreaterThan(exports.count, 0)
        for name in exports {
            let run = ValidationRun(options: ValidationOptions()).run([root.url("exports/\(name)")])
            for record in run.verdict.records { emitted.formUnion(record.findings.map(\.rule.id)) }
        }
        for folder in ["logs", "reconstruction"] {
            let names = root.files(in: folder, suffix: ".jsonl")
            XCTAssertGreaterThanOrEqual(names.count, 18, "logs in Vectors/\(folder)")
            for name in names {
                let verdict = LogPipeline.validate(LogPipeline.lines(try root.bytes("\(folder)/\(name)")))
                for record in verdict.records { emitted.formUnion(record.findings.map(\.rule.id)) }
            }
        }
        XCTAssertEqual(Set(Rule.all.map(\.id)).subtracting(emitted), [], "rules no shipped vector breaks")
    }
}
