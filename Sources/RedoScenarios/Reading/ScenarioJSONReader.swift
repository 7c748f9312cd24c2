import RedoJSON

/// Reads a `.json` scenario: RedoJSON's strict reader decides whether the document is
/// I-JSON (duplicate keys, syntax, numbers beyond a double are refused there, located);
/// a second pass over the accepted bytes records where each value starts and keeps each
/// number's spelling. Iterative: a deep document cannot exhaust the stack.
public enum ScenarioJSONReader {
    /// The scenario in `bytes`, read from `file` (used in locations and as the default name).
    public static func scenario(_ bytes: [UInt8], file: String, name: String) throws(ScenarioError) -> Scenario {
        try ScenarioDecoder(name: name, loadKeyFile: nil).decode(try input(bytes, file: file))
    }

    package static func input(_ bytes: [UInt8], file: String) throws(ScenarioError) -> ScenarioInput {
        var limits = JSONLimits.default
        limits.maxDepth = ScenarioDecoder.maxDepth
        do {
            _ = try JSONReader.parse(bytes, limits: limits)
        } catch {
            throw ScenarioError(
                SourceLocation(file: file, line: error.line, column: error.column), error.message,
                fix: "write the file as strict I-JSON")
        }
        var reader = PositionedJSON(bytes: bytes, file: file)
        return reader.read()
    }
}

/// The second pass: the document is known to be I-JSON, so this only tokenizes.
struct PositionedJSON {
    let bytes: [UInt8]
    let file: String
    var i = 0
    var line = 1
    var lineStart = 0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// The column counted so far on the current line, and up to which byte: positions only
    /// move forward, so counting stays linear.
    var countedTo = 0
    var counted = 1

    mutating func here() -> SourceLocation {
        if countedTo < lineStart {
            countedTo = lineStart
            counted = 1
        }
        // Columns count Unicode scalars: every byte but UTF-8 continuation bytes.
        while countedTo < i {
            if bytes[countedTo] & 0xC0 != 0x80 { counted += 1 }
            countedTo += 1
        }
        return SourceLocation(file: file, line: line, column: counted)
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
    }

    mutating func stringToken() -> String {
        let start = i
        i += 1
        while bytes[i] != 0x22 { i += bytes[i] == 0x5C ? 2 : 1 }
        i += 1
        // The strict reader accepted it: decoding the token alone cannot fail.
        return (try? JSONReader.parse(Array(bytes[start..<i])))?.stringValue ?? ""
    }

    /// A container being filled: its location, its items or members, and a pending key.
    struct Open {
        var location: SourceLocation
        var isObject: Bool
        var items: [ScenarioInput] = []
        var members: [(key: String, value: ScenarioInput)] = []
        var key: String?
    }

    mutating func read() -> ScenarioInput {
        var stack: [Open] = []
        while true {
            skipSpace()
            var value: ScenarioInput?
            let at = here()
            switch bytes[i] {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                stack.append(Open(location: at, isObject: bytes[i] == UInt8(ascii: "{")))
                i += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                i += 1
                let open = stack.removeLast()
                value = ScenarioInput(open.isObject ? .object(open.members) : .array(open.items), at: open.location)
            case UInt8(ascii: ","):
                i += 1
                continue
            case UInt8(ascii: "\""):
                let text = stringToken()
                if let open = stack.last, open.isObject, open.key == nil {
                    skipSpace()
                    i += 1  // the colon
                    stack[stack.count - 1].key = text
                } else {
                    value = ScenarioInput(.string(text), at: at)
                }
            case UInt8(ascii: "t"):
                i += 4
                value = ScenarioInput(.bool(true), at: at)
            case UInt8(ascii: "f"):
                i += 5
                value = ScenarioInput(.bool(false), at: at)
            case UInt8(ascii: "n"):
                i += 4
                value = ScenarioInput(.null, at: at)
            default:
                let start = i
                while i < bytes.count, !Self.ends(bytes[i]) { i += 1 }
                value = ScenarioInput(.number(String(decoding: bytes[start..<i], as: UTF8.self)), at: at)
            }
            guard let done = value else { continue }
            guard !stack.isEmpty else { return done }
            if stack[stack.count - 1].isObject {
                stack[stack.count - 1].members.append((stack[stack.count - 1].key ?? "", done))
                stack[stack.count - 1].key = nil
            } else {
                stack[stack.count - 1].items.append(done)
            }
        }
    }

    static func ends(_ b: UInt8) -> Bool {
        b == 0x2C || b == 0x5D || b == 0x7D || b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
    }
}
