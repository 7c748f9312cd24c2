import RedoCore
import RedoCrypto
import RedoJSON

extension LogGenerator {
    /// The chain shape's task of `nodes` nodes, and an UPDATE made off its node `back` places
    /// from the end, as a device that was offline makes it: it comes before the `back` nodes
    /// after its parent in the total order (its lamport is its parent's plus one, its wall a
    /// second after its parent's), and leaves every verdict as it was. The chain's lines are
    /// the chain shape's for `seed`.
    package static func chainWithLateFork(
        nodes: Int, back: Int, seed: String, jobs: Int = ParallelMap.availableCores
    ) -> (chain: [[UInt8]], fork: [UInt8]) {
        precondition(nodes >= 2 && back >= 1 && back < nodes, "the fork's parent must be a node of the chain")
        var drafts: [Draft] = []
        chainDrafts(nodes: nodes, seed: seed) { drafts.append($0) }
        let parent = drafts[nodes - 1 - back]
        // A chain node's wall is 97 seconds a node (`TaskLife.draft`): the parent is node
        // `nodes - back` counted from 1.
        let fork = Draft(
            action: .update, task: chainTask(seed: seed), parents: [parent.id],
            lamport: parent.lamport + 1, wall: TaskLife.wall((nodes - back) * 97 + 1),
            payload: [member("priority", num(5))])
        var state = GeneratorState(seed: seed, jobs: jobs)
        var lines: [[UInt8]] = []
        for draft in drafts + [fork] { state.add(draft) { lines.append($0) } }
        state.flush { lines.append($0) }
        return (Array(lines.dropLast()), lines[lines.count - 1])
    }
}
