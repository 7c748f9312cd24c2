import RedoCore
import RedoCrypto
import RedoJSON

extension LogGenerator {
    /// The chain shape's task of `nodes` nodes, and an UPDATE made off its node `back` places
    /// from the end, as a device that was offline makes it: it comes before the `back`
    /// nodes after its parent in the total order (its lamport is its parent's plus one, its
    /// wall a second after its parent's), and leaves every verdict as it was. The chain's lines are the chain shape's for `seed`.
    package static func chainWithLateFork(
        nodes: Int, back: Int, seed: String, jobs: Int = ParallelMap.availableCores
    ) -> (chain: [[UInt8]], fork: [UInt8]) {
        precondition(nodes >= 2 && back >= 1 && back < nodes, "the fork's parent must be a node of the chain")
        var drafts: [Draft] = []
        var life = TaskLife(task: FixtureKeys.uuid(seed: seed, "chain"), index: 0)
        drafts.append(life.create())
        for k in 1..<nodes { drafts.append(k % 2 == 1 ? life.createTodo() : life.complete()) }
        let parent = drafts[nodes - 1 - back]
        let fork = Draft(
            action: .update, task: life.task, parents: [parent.id], lamport: parent.lamport + 1,
            wall: TaskLife.wall((nodes - back) * 97 + 1), payload: [member("priority", num(5))])
        var state = GeneratorState(seed: seed, jobs: jobs)
        var lines: [[UInt8]] = []
        for draft in drafts + [fork] { state.add(draft) { lines.append($0) } }
        state.flush { lines.append($0) }
        return (Array(lines.dropLast()), lines[lines.count - 1])
    }
}
