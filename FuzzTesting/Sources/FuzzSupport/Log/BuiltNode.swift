// What a program remembers of each node it built, for the operations that follow.
import RedoCore
import RedoJSON

struct BuiltNode {
    let object: JSONObject
    /// The record emitted for it (the node as the client wrote it).
    let record: [UInt8]
    let id: String
    let task: Int
    let lamport: Int
    let wall: Int64
    let parents: [Int]
    /// Bit k set for each built node k among its ancestors, itself included (at most
    /// `LogBuild.maxNodes`, so they fit).
    let lineage: UInt32
    let action: Action
    let todo: String?
}
