import Foundation
import RedoScenarios
import RedoTestSupport
import XCTest

@testable import RedoConformKit

/// docs/scenarios.md starts from the catalog's LWW file: the page must hold it verbatim.
final class ScenarioDocsTests: XCTestCase {
    func testTheScenariosPageShowsTheCatalogsLWWFile() throws {
        let page = try String(
            contentsOf: VectorFiles.repositoryRoot.appendingPathComponent("docs/scenarios.md"), encoding: .utf8)
        let file = try String(contentsOf: VectorFiles.url("scenarios/merge-lww.yaml"), encoding: .utf8)
        XCTAssertTrue(page.contains("```yaml\n" + file + "```\n"), "docs/scenarios.md no longer shows merge-lww.yaml")
    }

    /// The page's fault table has a row for every fault.
    func testTheScenariosPageListsEveryFault() throws {
        let page = try String(
            contentsOf: VectorFiles.repositoryRoot.appendingPathComponent("docs/scenarios.md"), encoding: .utf8)
        for fault in ScenarioFault.allCases {
            XCTAssertTrue(
                page.contains("| `\(fault.rawValue)` |"), "docs/scenarios.md has no row for \(fault.rawValue)")
        }
    }

    /// The page lists every catalog file by what it shows: its row is the file's own
    /// comment, so the list cannot drift from the files.
    func testTheScenariosPageListsTheCatalogByComment() throws {
        let page = try String(
            contentsOf: VectorFiles.repositoryRoot.appendingPathComponent("docs/scenarios.md"), encoding: .utf8)
        for file in ScenarioFile.expand([VectorFiles.url("scenarios").path]) {
            let name = (file as NSString).lastPathComponent
            let comment = try ScenarioFile.read(file).comment
            XCTAssertTrue(
                page.contains("| `\(name)` | \(comment) |\n"), "docs/scenarios.md does not list \(name) by its comment")
        }
    }
}
