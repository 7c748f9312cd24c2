import Foundation
import RedoTestSupport
import XCTest

/// docs/scenarios.md starts from the catalog's LWW file: the page must hold it verbatim.
final class ScenarioDocsTests: XCTestCase {
    func testTheScenariosPageShowsTheCatalogsLWWFile() throws {
        let page = try String(
            contentsOf: VectorFiles.repositoryRoot.appendingPathComponent("docs/scenarios.md"), encoding: .utf8)
        let file = try String(contentsOf: VectorFiles.url("scenarios/merge-lww.yaml"), encoding: .utf8)
        XCTAssertTrue(page.contains("```yaml\n" + file + "```\n"), "docs/scenarios.md no longer shows merge-lww.yaml")
        for name in try FileManager.default.contentsOfDirectory(atPath: VectorFiles.url("scenarios").path) {
            XCTAssertTrue(page.contains("| `\(name)` |"), "docs/scenarios.md does not list \(name)")
        }
    }
}
