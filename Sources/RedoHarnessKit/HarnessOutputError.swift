/// Why the kit could not write an outputs file.
public enum HarnessOutputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be written at `path`.
    case unwritable(path: String, reason: String)

    /// A message naming the problem.
    public var description: String {
        switch self {
        case let .unwritable(path, reason): return "cannot write the outputs \(path): \(reason)"
        }
    }
}
