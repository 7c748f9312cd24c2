import RedoCrypto
import RedoJSON

/// A DELETE's deletedChain must hold exactly its ancestors (everything reachable through
/// parents), each once; listing them root-first is expected, another order is a warning.
/// The walk stops as soon as it has seen more ancestors than the chain lists, so its cost
/// is bounded by the chain the input itself carries.
enum DeletedChainRule {
    static let path = "$.data.payload.deletedChain"

    static func check(_ chain: [NodeID], parents: [Int32], nodes: NodeStore) -> [Finding] {
        let limit = chain.count
        var seen = Set<Int32>(parents)
        var pending = Array(seen)
        var overflow = seen.count > limit
        OperationCount.add(2 * chain.count)  // the sets and sorts over the chain below
        while !overflow, let next = pending.popLast() {
            for k in nodes.parentRange(of: Int(next)) {
                OperationCount.add()
                let p = nodes.parentPosition(k)
                guard p >= 0 else { continue }
                if seen.insert(p).inserted {
                    pending.append(p)
                    if seen.count > limit {
                        overflow = true
                        break
                    }
                }
            }
        }
        if overflow {
            return [
                Finding(
                    .deletedChainMismatch,
                    "deletedChain lists \(limit) id\(limit == 1 ? "" : "s"), but the DELETE has more ancestors than that (at least \(limit + 1))",
                    path: path)
            ]
        }
        let ancestors = Set(seen.map { nodes.id(at: Int($0)) })
        let listed = Set(chain)
        let missing = ancestors.subtracting(listed).sorted()
        let extra = listed.subtracting(ancestors).sorted()
        var findings: [Finding] = []
        if !missing.isEmpty || !extra.isEmpty {
            var parts: [String] = []
            if !missing.isEmpty {
                parts.append(
                    "misses ancestor\(missing.count > 1 ? "s" : "") \(missing.prefix(3).map(\.text).joined(separator: ", "))\(missing.count > 3 ? " and \(missing.count - 3) more" : "")"
                )
            }
            if !extra.isEmpty {
                parts.append(
                    "lists non-ancestor\(extra.count > 1 ? "s" : "") \(extra.prefix(3).map(\.text).joined(separator: ", "))\(extra.count > 3 ? " and \(extra.count - 3) more" : "")"
                )
            }
            findings.append(
                Finding(
                    .deletedChainMismatch,
                    "deletedChain must hold exactly the DELETE's ancestors: it " + parts.joined(separator: " and "),
                    path: path,
                    related: (missing + extra).prefix(LogValidator.maxRelated).map(\.text)))
            return findings
        }
        // Same set: is every entry after all of its own parents?
        var position: [NodeID: Int] = [:]
        for (k, id) in chain.enumerated() { position[id] = k }
        for (k, id) in chain.enumerated() {
            guard let node = nodes.position(of: id) else { continue }
            if let late = nodes.parents(at: node).first(where: { (position[$0] ?? -1) > k }) {
                findings.append(
                    Finding(
                        .deletedChainOrder,
                        "deletedChain lists \(id) before its parent \(late); the expected order is ancestors first",
                        path: JSONPath.index(path, k), related: [id.text, late.text]))
                break
            }
        }
        return findings
    }
}
