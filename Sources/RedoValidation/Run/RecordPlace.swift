import Dispatch
import Foundation
import RedoCore
import RedoCrypto
import RedoJSON

/// What a rejected record says of its place in its task's DAG, for drawing it: its
/// action and lamport when readable, and the parents the verdict follows from it (none
/// for a record whose id is not its content's hash: see `NodeCheck.followableParents`).
package struct RecordPlace: Sendable {
    package let action: Action?
    package let lamport: Int64?
    package let parents: NodeParents

    package init(action: Action? = nil, lamport: Int64? = nil, parents: NodeParents? = nil) {
        self.action = action
        self.lamport = lamport
        self.parents = parents ?? []
    }
}
