import RedoCrypto

/// A node's parents, in the order the node lists them: a collection of ``NodeID``.
///
/// Most nodes have one parent and a MERGE has two, so the first is held inline and only the
/// rest in an array. An array of its own for every node costs a heap block of 80 bytes
/// for one 32-byte id; a million-node log held a million of them.
public struct NodeParents: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
    CustomStringConvertible
{
    /// The first parent; all zero when there is none.
    private let head: NodeID
    /// The parents after the first; nil when there is no parent at all.
    private let tail: [NodeID]?

    private static let none = NodeID(digest: RedoSHA256Digest(w0: 0, w1: 0, w2: 0, w3: 0))

    /// The given parents, in their order.
    public init(_ parents: some Collection<NodeID>) {
        guard let first = parents.first else {
            head = Self.none
            tail = nil
            return
        }
        head = first
        tail = Array(parents.dropFirst())
    }

    /// A first parent and the ones after it (empty for a node with one parent): nothing to
    /// copy for the node validator, which reads them in this shape.
    package init(first: NodeID, rest: [NodeID]) {
        head = first
        tail = rest
    }

    /// The listed parents, in their order.
    public init(arrayLiteral parents: NodeID...) {
        self.init(parents)
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of parents.
    public var endIndex: Int { tail.map { $0.count + 1 } ?? 0 }

    /// The parent at `position`, which must be less than `count`.
    public subscript(position: Int) -> NodeID {
        precondition(position >= 0 && position < endIndex, "NodeParents index out of range")
        return position == 0 ? head : tail.unsafelyUnwrapped[position - 1]
    }

    /// Parents in the same order.
    public static func == (a: NodeParents, b: NodeParents) -> Bool { a.elementsEqual(b) }

    /// Hashes the parents in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for parent in self { hasher.combine(parent) }
    }

    /// The ids as an array literal would print them.
    public var description: String { Array(self).description }
}
