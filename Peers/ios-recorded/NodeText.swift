import Foundation
import RedoHarnessKit

// Nodes as JSON text, the value of the encodable and app paths: JSONSerialization reads
// the object when a member is needed.

/// The node's object, as JSONSerialization reads it.
func nodeObject(_ text: String) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
        throw NotAnObject()
    }
    return object
}

/// The string reached by `path` in the node's object, if there is one.
func nodeString(at path: [String], in text: String) -> String? {
    var value: Any? = try? nodeObject(text)
    for member in path { value = (value as? [String: Any])?[member] }
    return value as? String
}

/// The implementation text of a recording: a model, and where it was recorded.
func modelImplementation(_ description: String) -> String {
    "model of jlmalone/redo-ios: \(description); recorded on Linux"
}
