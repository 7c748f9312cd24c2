/// How small a generated log may be. Each shape has a smallest log that holds one of what
/// the shape is named for; below it the log would be some other shape (a fan without a
/// branch, a far-merge without its MERGE), so `vectors log` refuses the size as a usage
/// error instead of writing more lines than `--nodes` asked for, as it once did.
extension LogGenerator.Shape {
    /// The fewest nodes, and what they are.
    package func minimum(deleteLength: Int) -> (nodes: Int, holding: String) {
        switch self {
        case .benign, .mostlyRejected, .faulty: return (1, "one node")
        case .chain: return (2, "the CREATE and one CREATE_TODO")
        case .fan: return (2, "the CREATE and one branch")
        case .mergeStack: return (12, "the CREATE, 10 UPDATEs and their MERGE")
        case .farMerge: return (4, "the CREATE, 2 UPDATEs and their MERGE")
        case .bigDelete: return (deleteLength + 1, "a \(deleteLength)-node chain and its DELETE")
        case .repeated: return (2, "a node and its repeat")
        case .caseVariants: return (3, "the CREATE, its uppercase copy and a child naming the copy")
        case .selfParent, .sharedPrefix: return (3, "the CREATE, one UPDATE and one stray")
        }
    }
}

extension LogGenerator {
    /// Why these sizes cannot be generated, or nil: the CLI's usage check.
    package static func usageProblem(shape: Shape, nodes: Int, deleteLength: Int, tasks: Int = 1) -> String? {
        guard deleteLength >= 1 else { return "--delete-length must be at least 1" }
        guard tasks >= 1 else { return "--tasks must be at least 1" }
        let minimum = shape.minimum(deleteLength: deleteLength)
        guard nodes >= minimum.nodes else {
            return "--shape \(shape.rawValue) needs --nodes \(minimum.nodes) or more (\(minimum.holding))"
        }
        return nil
    }
}
