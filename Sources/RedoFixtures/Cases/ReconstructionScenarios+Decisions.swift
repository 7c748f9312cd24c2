import RedoCore
import RedoCrypto
import RedoJSON

/// Reconstruction vectors for the finer rulings that the scenario catalog cannot be the
/// source of: records broken in ways no scenario fault writes (a payload changed after
/// signing beside the original, a malformed or missing id), and a MERGE
/// whose records the run seed's ids decide (its tiebreakers leave the id alone to decide,
/// and a branch title is searched for until that branch's id is the greater).
extension ReconstructionScenarios {
    var decisionScenarios: [ReconstructionScenario] {
        [rejectedList, mergeEmptyTiebreakers, rejectedCodeOfStandingRecord]
    }

    /// The expected `rejected` list: `{"code", "id"}` entries sorted by id, as the state
    /// writes them (the order depends on the seed's ids).
    private func rejected(_ entries: [(id: String, code: String)]) -> JSONValue {
        .array(
            entries.sorted { $0.id < $1.id }.map {
                .object(JSONObject([member("code", str($0.code)), member("id", str($0.id))]))
            })
    }

    private func scenario(
        _ id: String, _ comment: String, _ flags: [BugClass], _ nodes: [JSONObject], _ assertions: [(String, JSONValue)]
    ) -> ReconstructionScenario {
        ReconstructionScenario(
            id: id, comment: comment, flags: flags, records: Self.lines(nodes), assertions: assertions)
    }

    var rejectedList: ReconstructionScenario {
        var b = builder("rejected list")
        let root = b.create(title: "Listed")
        let kept = b.node(.update, parents: [root], [member("priority", num(1))])
        let keptTampered = kept.setting("data.payload.priority", to: num(5))
        let lost = b.node(.update, parents: [root], [member("title", str("lost"))])
        let lostTampered = lost.setting("data.payload.title", to: str("lost, edited"))
        let malformed = b.node(.update, parents: [root], [member("title", str("malformed id"))]).setting(
            "id", to: str("sha256:NOT-AN-ID"))
        let withoutId = b.node(.update, parents: [root], [member("title", str("no id"))]).removing(["id"])
        return scenario(
            "rejected-list",
            "rejected lists ids that no valid node holds: a hash-failing record under the id it claims and a malformed id verbatim; not a record without id, nor a valid node whose tampered copy failed",
            [.staleId], [root, keptTampered, kept, lostTampered, malformed, withoutId],
            [
                (
                    "rejected",
                    rejected([("sha256:NOT-AN-ID", "E_ENCODING_VIOLATION"), (lost.idText, "E_HASH_MISMATCH")])
                ),
                ("tasks[0].priority", num(1)), ("tasks[0].heads", ids([kept])),
            ])
    }

    /// Base: title "Base", priority 3. Used by the MERGE scenarios below.
    private func mergeBase(_ b: inout LogBuilder) -> JSONObject {
        b.create(title: "Base", [member("priority", num(3))], wall: LogBuilder.wall(secondsAfterStart: 0))
    }

    /// lwwTiebreakers [] leaves the id alone to decide. The branch titles are chosen (by
    /// a counter, the same on every run) so that the head with the larger id has the
    /// smaller lamport: the default tiebreakers would pick the other parent.
    var mergeEmptyTiebreakers: ReconstructionScenario {
        var attempt = 0
        while true {
            var b = builder("merge empty tiebreakers")
            let root = b.create(title: "Base")
            let a1 = b.node(.update, parents: [root], [member("title", str("From A"))])
            let a2 = b.node(.update, parents: [a1], [member("storyPoints", num(5))])
            let c = b.node(.update, parents: [root], [member("title", str("From B \(attempt)"))])
            attempt += 1
            guard c.idText > a2.idText else { continue }
            let merge = b.node(
                .merge, parents: [a2, c],
                [member("base", str(root.idText)), MergeResolutions.policy(lwwTiebreakers: [])])
            return scenario(
                "merge-empty-tiebreakers",
                "lwwTiebreakers [] compares parents by id alone: B's head (lamport 2, larger id) beats A's (lamport 3), which the default tiebreakers would pick",
                [.mergeSemantics], [root, a1, a2, c, merge],
                [
                    ("tasks[0].title", str("From B \(attempt - 1)")), ("tasks[0].storyPoints", num(5)),
                    ("tasks[0].heads", ids([merge])), ("rejected", .array([])),
                ])
        }
    }

    /// Two MERGEs, each with a tampered copy under its id (E_HASH_MISMATCH). The first passes
    /// every node-level rule and is rejected by a log rule with an earlier code: that record
    /// stands for the node, so its code is the node's. The second fails a node-level rule
    /// itself, so no record stands and the latest code in precedence is the node's.
    var rejectedCodeOfStandingRecord: ReconstructionScenario {
        var b = builder("rejected code of standing record")
        let base = mergeBase(&b)
        let a = b.node(.update, parents: [base], [member("title", str("From A"))])
        let c = b.node(.update, parents: [base], [member("title", str("From B"))])
        let unresolvable = b.node(
            .merge, parents: [a, c],
            [member("base", str(base.idText)), MergeResolutions.policy(defaultStrategy: "ours")])
        let unresolvableTampered = unresolvable.setting("data.payload.policy.defaultStrategy", to: str("lww"))
        let badPath = b.node(
            .merge, parents: [a, c],
            [
                member("base", str(base.idText)),
                member(
                    "resolutions",
                    MergeResolutions.object(task: [
                        MergeResolutions.field("colour", "lww")
                    ])),
            ])
        let badPathTampered = badPath.setting(
            "data.payload.resolutions.task", to: .array([MergeResolutions.field("title", "lww")]))
        return scenario(
            "rejected-code-of-standing-record",
            "a rejected id's code is that of the record standing for it when one passed every node-level rule (a MERGE no policy can decide: E_SCHEMA_MISMATCH, though its tampered copy's E_HASH_MISMATCH comes later in precedence); when none passed, the latest code of its records (a MERGE resolving no field, and its tampered copy: E_HASH_MISMATCH)",
            [.mergeSemantics, .staleId], [base, a, c, unresolvableTampered, unresolvable, badPath, badPathTampered],
            [
                (
                    "rejected",
                    rejected([(unresolvable.idText, "E_SCHEMA_MISMATCH"), (badPath.idText, "E_HASH_MISMATCH")])
                ),
                ("tasks[0].heads", ids([a, c])),
            ])
    }

}
