import Foundation
import RedoScenarios
import RedoTestSupport
import XCTest

@testable import RedoConformKit

/// docs/scenarios.md starts from the catalog's LWW file: the page must hold it verbatim;
/// its repeat examples read as they say.
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

    func testTheRepeatExamplesExpandAsThePageSays() throws {
        let page = try String(
            contentsOf: VectorFiles.repositoryRoot.appendingPathComponent("docs/scenarios.md"), encoding: .utf8)
        let section = try XCTUnwrap(page.components(separatedBy: "### Repeats").dropFirst().first)
        let examples = section.components(separatedBy: "```yaml\n").dropFirst().map {
            $0.components(separatedBy: "```")[0]
        }
        XCTAssertEqual(examples.count, 2)
        let chain = try ScenarioYAMLReader.scenario(examples[0], file: "chain.yaml", name: "chain", loadKeyFile: nil)
        XCTAssertEqual(chain.nodes.count, 10_001)
        XCTAssertEqual(chain.nodes.last?.name, "n10000")
        XCTAssertEqual(chain.nodes.last?.parents, ["n9999"])
        let tasks = try ScenarioYAMLReader.scenario(examples[1], file: "tasks.yaml", name: "tasks", loadKeyFile: nil)
        XCTAssertEqual(tasks.tasks.count, 1000)
        XCTAssertEqual(tasks.nodes.count, 4000)
        XCTAssertEqual(tasks.nodes[7].name, "t2-3")
        XCTAssertEqual(tasks.nodes[7].parents, ["t2-2"])
        XCTAssertEqual(tasks.nodes[7].location?.line, 11)
    }
}
