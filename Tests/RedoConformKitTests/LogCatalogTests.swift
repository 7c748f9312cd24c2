import RedoFixtures
import RedoScenarios
import RedoTestSupport
import XCTest

@testable import RedoConformKit

/// The log vectors come from one source each: a catalog file marked `vector: log`, or a
/// Swift definition, never both, listed in the manifest's order.
final class LogCatalogTests: XCTestCase {
    func testEveryLogVectorHasOneSourceInTheManifestsOrder() throws {
        let vectors = try LogCatalog.scenarios(seed: VectorGenerator.shippedSeed)
        XCTAssertEqual(vectors.map(\.id), LogScenarios.manifestOrder)
        let fromFiles = try VectorCatalogFiles.scenarios(suite: "log", in: ReconstructionCatalog.shippedFolder)
        XCTAssertEqual(fromFiles.count, 28)
        XCTAssertEqual(
            Set(fromFiles.map(\.name)).intersection(LogScenarios(seed: VectorGenerator.shippedSeed).all.map(\.id)), [])
        XCTAssertEqual(fromFiles.count + LogScenarios(seed: "any").all.count, LogScenarios.manifestOrder.count)
    }

    /// A rejection's rule and related ids are the file's, sorted by id; a fault's verdict
    /// when the node states none.
    func testAFilesExpectationsAreItsManifestVerdicts() throws {
        let folder = TempFiles.folder("log-catalog")
        TempFiles.write(
            """
            comment: "a vector the manifest order does not know"
            vector: log
            flags: [wrong-signature]
            authors:
              a: {seed: "0", devices: [d]}
            tasks: [t]
            nodes:
              - {name: create, action: CREATE, payload: {title: x}}
              - {name: bad, action: UPDATE, parents: [create], payload: {title: y}, fault: foreign-signature}
              - {name: below, action: UPDATE, parents: [bad], payload: {title: z}, expect: X_ANCESTOR_REJECTED}
              - {name: after, action: UPDATE, parents: [bad], payload: {title: w}, expect: {code: X_ANCESTOR_REJECTED, rule: ancestor.rejected, related: [bad]}}
            """, to: folder + "/zz-new.yaml")
        let vectors = try LogCatalog.scenarios(seed: "s", catalog: folder)
        XCTAssertEqual(vectors.last?.id, "zz-new")
        let vector = try XCTUnwrap(vectors.last)
        XCTAssertEqual(vector.flags, [.wrongSignature])
        XCTAssertEqual(vector.comment, "a vector the manifest order does not know")
        let built = try ScenarioBuilder(runSeed: "s").build(try ScenarioFile.read(folder + "/zz-new.yaml"))
        XCTAssertEqual(vector.records, built.records.map(\.bytes))
        XCTAssertEqual(vector.expected[0], .valid)
        XCTAssertEqual(vector.expected[1], .rejected("E_INVALID_SIGNATURE", rule: "signature.invalid"))
        XCTAssertEqual(vector.expected[2].code, "X_ANCESTOR_REJECTED")
        XCTAssertNil(vector.expected[2].rule)
        XCTAssertNil(vector.expected[2].related)
        XCTAssertEqual(
            vector.expected[3],
            .rejected("X_ANCESTOR_REJECTED", rule: "ancestor.rejected").naming([built.id(of: "bad")!]))
    }

    func testAFileNamedAsASwiftVectorIsRefused() {
        let folder = TempFiles.folder("log-catalog-twice")
        TempFiles.write(
            """
            vector: log
            authors:
              a: {seed: "0", devices: [d]}
            tasks: [t]
            nodes:
              - {name: create, action: CREATE, payload: {title: x}}
            """, to: folder + "/duplicate-records.yaml")
        XCTAssertThrowsError(try LogCatalog.scenarios(seed: "s", catalog: folder)) { error in
            XCTAssertEqual((error as? ScenarioError)?.message, "two log vectors named duplicate-records")
        }
    }

    /// A node's `warnings` go into its manifest verdict, and `check` holds the record to
    /// exactly them.
    func testANodesWarningsAreExpectedExactly() throws {
        let file = VectorFiles.url("scenarios/deleted-chain-order.yaml").path
        let scenario = try ScenarioFile.read(file)
        let vector = try LogCatalog.vector(scenario, seed: "s")
        XCTAssertEqual(vector.expected.last?.warnings, ["X_DELETED_CHAIN_ORDER"])
        XCTAssertEqual(ScenarioEvaluation(try ScenarioBuilder(runSeed: "s").build(scenario)).failures, [])
        var silent = scenario
        silent.nodes[2].warnings = []
        let failures = ScenarioEvaluation(try ScenarioBuilder(runSeed: "s").build(silent)).failures
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.contains("expected warnings [], got [X_DELETED_CHAIN_ORDER]") == true, "\(failures)")
    }
}
