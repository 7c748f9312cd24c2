import RedoScenarios
import RedoTestSupport
import XCTest

@testable import RedoConformKit

/// The YAML front end: YAML 1.2's JSON schema and nothing more, spellings kept, and every
/// construct a scenario refuses reported at its line and column with what to change.
final class ScenarioYAMLTests: XCTestCase {
    static let header = """
        authors:
          a: {seed: "0", devices: [d]}
        tasks: [t]
        nodes:

        """

    private func payload(_ yaml: String) throws -> ScenarioValue {
        let scenario = try ScenarioYAMLReader.scenario(
            Self.header + "  - {name: n, action: CREATE, payload: \(yaml)}\n", file: "s.yaml", name: "s",
            loadKeyFile: nil)
        return .object(scenario.nodes[0].payload)
    }

    func testPlainScalarsFollowTheJSONSchemaOnly() throws {
        let value = try payload(
            "{a: no, b: off, c: 2025-01-01, d: 0x1F, e: .inf, f: 0o17, g: ~, h: null, i: true, j: 1.50, k: -0, l: '3', m: Yes}"
        )
        XCTAssertEqual(
            value,
            .object([
                .init("a", .string("no")), .init("b", .string("off")), .init("c", .string("2025-01-01")),
                .init("d", .string("0x1F")), .init("e", .string(".inf")), .init("f", .string("0o17")),
                .init("g", .string("~")), .init("h", .null), .init("i", .bool(true)), .init("j", .number("1.50")),
                .init("k", .number("-0")), .init("l", .string("3")), .init("m", .string("Yes")),
            ]))
    }

    private func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try ScenarioBuilder().build(
                try ScenarioYAMLReader.scenario(yaml, file: "s.yaml", name: "s", loadKeyFile: nil))
            return nil
        } catch {
            return error
        }
    }

    func testRefusedConstructsAreLocatedWithWhatToChange() {
        let node = "  - {name: n, action: CREATE, payload: {title: x}}\n"
        let cases: [(String, String, Int, Int)] = [
            (Self.header + "  - &x {name: n, action: CREATE}\n", "an anchor (&)", 5, 5),
            (
                Self.header
                    + "  - {name: n, action: CREATE, payload: &p {t: 1}}\n  - {name: m, action: UPDATE, parents: [n], payload: *p}\n",
                "an anchor (&)", 5, 40
            ),
            (Self.header + "  - {name: n, action: !!str CREATE}\n", "a tag (tag:yaml.org,2002:str)", 5, 23),
            (Self.header + "  - {name: n, action: CREATE, payload: {t: !custom 1}}\n", "a tag (!custom)", 5, 44),
            (Self.header + "  - {name: n, name: m, action: CREATE}\n", "duplicate key name", 5, 6),
            (Self.header + "  - {name: n, action: CREATE, payload: {t: 1e400}}\n", "1e400 is beyond a double", 5, 44),
            (Self.header + "  - {name: n, action: CREATE, payload: {t: [}\n", "YAML: ", 5, 45),
            (Self.header + node + "  - {name: m, action: UPDATE, parents: [x]}\n", "unknown parent x", 6, 5),
            (Self.header + node + "  - {name: n, action: UPDATE, parents: [n]}\n", "node name n is used twice", 6, 5),
            (Self.header + "  - {name: n, action: PATCH}\n", "unknown action PATCH", 5, 5),
            (Self.header + "  - {name: n, action: CREATE, fault: bent}\n", "unknown fault bent", 5, 38),
            (Self.header + "  - {name: n, action: CREATE, counter: 3}\n", "unknown key counter in a node", 5, 40),
            (Self.header + "  - {name: n, action: CREATE, payload: {t: }}\n", "an empty value", 5, 44),
            (
                Self.header + node + "  - {name: m, action: MERGE, parents: [n], payload: {base: z}}\n",
                "unknown base z",
                6, 5
            ),
            (Self.header + node + "  - {name: z, action: CREATE, fault: omitted}\n", "fault omitted on z", 6, 5),
            (Self.header + String(repeating: "[", count: 80), "nested deeper than 64 levels", 5, 65),
        ]
        for (yaml, message, line, column) in cases {
            let error = self.error(yaml)
            XCTAssertTrue(error?.message.hasPrefix(message) == true, "\(message): got \(String(describing: error))")
            XCTAssertEqual(error?.location?.line, line, message)
            XCTAssertEqual(error?.location?.column, column, message)
            XCTAssertEqual(error?.location?.file, "s.yaml", message)
            XCTAssertFalse(error?.fix.isEmpty ?? true, message)
        }
    }

    func testACrossTaskParentNeedsToSaySo() {
        let yaml = """
            authors:
              a: {seed: "0", devices: [d]}
            tasks: [x, y]
            nodes:
              - {name: n, task: x, action: CREATE, payload: {title: x}}
              - {name: m, task: y, action: UPDATE, parents: [n], payload: {title: y}}

            """
        XCTAssertEqual(error(yaml)?.message, "parent n is in task x, not y")
        XCTAssertNil(error(yaml.replacingOccurrences(of: "parents: [n],", with: "parents: [n], crossTask: true,")))
    }
}
