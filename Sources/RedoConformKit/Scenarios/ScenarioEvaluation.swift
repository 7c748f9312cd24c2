import RedoCore
import RedoJSON
import RedoScenarios
import RedoValidation

/// A built scenario's log validated and replayed in memory, held to its expectations: each
/// record's verdict (the log manifest's shape) and the state assertions (the
/// reconstruction manifest's). A failure names the node by its scenario name and where it
/// was written.
package struct ScenarioEvaluation {
    package let scenario: BuiltScenario
    package let verdict: LogVerdict
    /// The reconstructed state's canonical JSON.
    package let stateBytes: [UInt8]
    /// What did not hold, located.
    package private(set) var failures: [String] = []
    /// How many expectations were checked.
    package private(set) var checked = 0

    package init(_ scenario: BuiltScenario) {
        self.scenario = scenario
        verdict = LogPipeline.validate(scenario.records.map(\.bytes))
        stateBytes = StateRendering.canonicalBytes(Reconstructor.reconstruct(verdict))
        for (index, record) in scenario.records.enumerated() {
            let got = verdict.records[index]
            checked += 1
            if let why = VerdictComparison.mismatch(
                expected: Self.json(record.expectation, warnings: record.warnings), status: got.status, code: got.code,
                findings: got.findings)
            {
                failures.append("\(Self.place(record.location)): node \(record.node) (line \(index + 1)): \(why)")
            }
        }
        let state = (try? JSONReader.parse(stateBytes)) ?? .null
        for assertion in scenario.state {
            checked += 1
            let want = assertion.equals.jsonValue
            let got = JSONPathLookup.value(at: assertion.path, in: state)
            if got == nil || got! != want {
                let shown = got.map { String(decoding: CanonicalJSON.bytes(of: $0), as: UTF8.self) } ?? "absent"
                failures.append(
                    "\(Self.place(assertion.location)): state \(assertion.path) is \(shown), expected \(String(decoding: CanonicalJSON.bytes(of: want), as: UTF8.self))"
                )
            }
        }
    }

    package var ok: Bool { failures.isEmpty }

    /// `file:line`, as a failed expectation names its place.
    static func place(_ location: SourceLocation?) -> String {
        location.map { "\($0.file):\($0.line)" } ?? scenarioWithoutFile
    }
    static let scenarioWithoutFile = "(scenario)"

    /// An expectation in the log manifest's `expected[i]` shape, with the warnings when any.
    static func json(_ expectation: NodeExpectation, warnings: [String] = []) -> JSONValue {
        var members: [JSONMember]
        switch expectation {
        case .valid: members = [JSONMember(key: "status", value: .string("valid"))]
        case .duplicate: members = [JSONMember(key: "status", value: .string("duplicate"))]
        case let .rejected(code, rule, related):
            members = [
                JSONMember(key: "status", value: .string("rejected")), JSONMember(key: "code", value: .string(code)),
            ]
            if let rule { members.append(JSONMember(key: "rule", value: .string(rule))) }
            if let related { members.append(JSONMember(key: "related", value: .array(related.map(JSONValue.string)))) }
        }
        if !warnings.isEmpty {
            members.append(JSONMember(key: "warnings", value: .array(warnings.sorted().map(JSONValue.string))))
        }
        return .object(JSONObject(members))
    }
}
