import RedoCrypto
import RedoJSON
import RedoText

/// JSONPath-style locations for findings: `$.author.userId`, `$.data.payload.deletedChain[3]`,
/// and `$["odd key"]` for keys that are not plain identifiers (non-ASCII escaped:
/// `$["caf\u{E9}"]`).
package enum JSONPath {
    package static let root = "$"

    package static func member(_ path: String, _ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.utf8.allSatisfy { b in
                (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
            } && !(key.utf8.first! >= 0x30 && key.utf8.first! <= 0x39)
        if plain { return path + "." + key }
        // Escaped as in messages, non-ASCII included: a path names the key by its bytes.
        var escaped = ""
        for scalar in key.unicodeScalars {
            if MessageText.escapes(scalar, asciiOnly: true) {
                escaped += MessageText.escaped(scalar)
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return path + "[\"" + escaped + "\"]"
    }

    package static func member(_ path: String, _ key: JSONKey) -> String { member(path, key.text) }

    package static func index(_ path: String, _ index: Int) -> String { path + "[\(index)]" }
}
