import RedoJSON

/// Where the nodes of a wrapped export are (`--nodes-at`): a JSON Pointer (RFC 6901), such
/// as `/nodes` for `{"exportedAt": …, "nodes": […]}`. The value it points at is read as any
/// other document is (an array, an id map, a nested export, a node).
package struct NodesPointer: Sendable, Equatable {
    /// The pointer as given.
    package let text: String
    /// Its reference tokens, unescaped (`~1` is `/`, `~0` is `~`).
    package let tokens: [String]

    /// Parses `text`; nil when it is not a JSON Pointer (`usageProblem` says why).
    package init?(_ text: String) {
        guard text.isEmpty || text.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        for raw in text.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            guard let token = Self.unescaped(raw) else { return nil }
            tokens.append(token)
        }
        self.text = text
        self.tokens = tokens
    }

    /// The usage error for a `--nodes-at` value (nil: fine).
    package static func usageProblem(_ text: String) -> String? {
        NodesPointer(text) == nil
            ? "--nodes-at must be a JSON Pointer (RFC 6901) such as /nodes: empty, or \"/\" before each member name or index, with ~ written ~0 and / written ~1; got \(text)"
            : nil
    }

    /// The pointer that names `key`, a member of the document's top object.
    package static func member(_ key: String) -> String {
        "/" + key.replacing("~", with: "~0").replacing("/", with: "~1")
    }

    /// The value the pointer names in `document`, or why there is none. Walks the tokens
    /// one by one: no recursion, whatever the depth.
    package func resolve(in document: JSONValue) -> Result<JSONValue, Unresolved> {
        var value = document
        for (depth, token) in tokens.enumerated() {
            // Where the walk stands, for the message: made only when it fails.
            func walked() -> String {
                depth == 0 ? "the top" : tokens[..<depth].map(Self.member).joined()
            }
            switch value {
            case let .object(object):
                guard let member = object[token] else {
                    return .failure(
                        Unresolved("\(text): the object at \(walked()) has no member \(Self.quoted(token))"))
                }
                value = member
            case let .array(elements):
                guard let index = Self.arrayIndex(token), index < elements.count else {
                    return .failure(
                        Unresolved(
                            "\(text): the array at \(walked()) has no element \(Self.quoted(token)) (it holds \(elements.count))"
                        ))
                }
                value = elements[index]
            default:
                return .failure(Unresolved("\(text): the value at \(walked()) is neither an object nor an array"))
            }
        }
        return .success(value)
    }

    /// Why a pointer names no value in a document: an input problem of that document.
    package struct Unresolved: Error, CustomStringConvertible {
        package let description: String
        init(_ description: String) { self.description = "--nodes-at " + description }
    }

    /// RFC 6901's array index: "0", or digits without a leading zero.
    private static func arrayIndex(_ token: String) -> Int? {
        guard !token.isEmpty, token.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            token == "0" || !token.hasPrefix("0"), token.utf8.count < 19
        else { return nil }
        return Int(token)
    }

    /// `~1` → `/`, `~0` → `~`; nil for any other `~`.
    private static func unescaped(_ raw: Substring) -> String? {
        var out = ""
        var tilde = false
        for character in raw {
            if tilde {
                switch character {
                case "0": out.append("~")
                case "1": out.append("/")
                default: return nil
                }
                tilde = false
            } else if character == "~" {
                tilde = true
            } else {
                out.append(character)
            }
        }
        return tilde ? nil : out
    }

    private static func quoted(_ token: String) -> String {
        "\"" + token.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}
