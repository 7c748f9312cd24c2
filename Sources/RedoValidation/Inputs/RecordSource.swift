import RedoCore
import RedoCrypto
import RedoJSON

/// Where a record came from, kept compact (a million records are a million of these):
/// the file's index and either a line number or an export key.
package struct RecordSource: Sendable {
    package let file: Int32
    package let line: Int32
    /// The key (or index path) inside a JSON document; nil for JSON Lines.
    package let key: String?

    package init(file: Int32, line: Int32, key: String? = nil) {
        self.file = file
        self.line = line
        self.key = key
    }

    /// "file:line" for JSON Lines, "file#key" inside a document, "file" for a whole file.
    package func text(files: [InputFileRef]) -> String {
        let name = files[Int(file)].display
        if let key { return key.isEmpty ? name : "\(name)#\(key)" }
        return "\(name):\(line)"
    }
}

/// A record ready to be checked: its bytes (JSON Lines, a whole file) or an already parsed
/// value (an element of an export document).
package enum RecordContent: Sendable {
    /// A slice, so that a JSON Lines record can share the chunk it was read into.
    case bytes(ArraySlice<UInt8>)
    case value(JSONValue)
    /// Known to be unusable before any parsing (an over-long line).
    case finding(Finding)
}

package struct InputRecord: Sendable {
    package let source: RecordSource
    package let content: RecordContent
    /// For map exports: the key the node is stored under, which must be its id.
    package let storedUnder: String?
}
