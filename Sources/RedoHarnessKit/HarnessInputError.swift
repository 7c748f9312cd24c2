/// Why the kit refuses an inputs file: it writes no outputs from one.
public enum HarnessInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The bytes are not JSON.
    case notJSON(reason: String)
    /// The JSON is not an object.
    case notAnObject
    /// `format` is not `redo-conform/platform-inputs`; the associated value is what it is.
    case wrongFormat(found: String)
    /// `version` is not 1, the version this kit reads; the associated value is what it is.
    case wrongVersion(found: String)
    /// A section is present and not an array.
    case sectionNotAnArray(InputSection)
    /// An entry of a section is not an object (`index` counts from 0).
    case entryNotAnObject(InputSection, index: Int)
    /// An entry of a section has no string `id` (`index` counts from 0).
    case entryWithoutID(InputSection, index: Int)
    /// Two vectors have the same id, so their results would share a key.
    case duplicateID(String)
    /// `vectorSet` is present and not an object.
    case vectorSetNotAnObject

    /// A message naming the problem.
    public var description: String {
        switch self {
        case let .unreadable(path, reason): return "cannot read the inputs \(path): \(reason)"
        case let .notJSON(reason): return "the inputs are not JSON: \(reason)"
        case .notAnObject: return "the inputs are not a JSON object"
        case let .wrongFormat(found):
            return "the inputs are not a redo-conform/platform-inputs file (format is \(found))"
        case let .wrongVersion(found): return "the inputs have version \(found); this kit reads version 1"
        case let .sectionNotAnArray(section): return "the inputs' \(section.rawValue) is not an array"
        case let .entryNotAnObject(section, index): return "entry \(index) of \(section.rawValue) is not an object"
        case let .entryWithoutID(section, index): return "entry \(index) of \(section.rawValue) has no string id"
        case let .duplicateID(id): return "two vectors have the id \(JSONText.string(id))"
        case .vectorSetNotAnObject: return "the inputs' vectorSet is not an object"
        }
    }
}
