import RedoScenarios
import Yams

/// Reads a `.yaml` scenario with Yams, typed exactly by YAML 1.2's JSON schema: a plain
/// `null`, `true`, `false` or JSON number is that; any other scalar is a string (YAML 1.1's
/// `no`, `off`, dates, `0x1F`, `.inf` included). A number keeps its spelling. Anchors,
/// aliases, tags and duplicate keys are refused, each at its line and column.
package enum ScenarioYAMLReader {
    package static func scenario(
        _ text: String, file: String, name: String, loadKeyFile: ScenarioDecoder.KeyFileLoader?
    ) throws(ScenarioError) -> Scenario {
        try ScenarioDecoder(name: name, loadKeyFile: loadKeyFile).decode(try input(text, file: file))
    }

    package static func input(_ text: String, file: String) throws(ScenarioError) -> ScenarioInput {
        try NestingBound.check(text, file: file)
        let parser: Parser
        let root: Node?
        do {
            parser = try Parser(yaml: text, resolver: untagged, constructor: .default, encoding: .utf8)
            root = try parser.singleRoot()
        } catch let error as YamlError {
            throw located(error, file: file)
        } catch {
            throw ScenarioError(SourceLocation(file: file, line: 1, column: 1), "\(error)", fix: "")
        }
        guard let root else {
            throw ScenarioError(
                SourceLocation(file: file, line: 1, column: 1), "the file is empty", fix: "write a scenario")
        }
        // A node holds its anchor weakly; the parser keeps the anchors alive.
        return try withExtendedLifetime(parser) { () throws(ScenarioError) in try convert(root, file: file) }
    }

    /// Every plain scalar without a tag resolves to this name, so a tag written in the
    /// file is told from none. Yams gives a quoted scalar `!!str`, which is what it is: so
    /// `!!str` on a quoted scalar, and only there, is let through.
    static let implicitName = Tag.Name(rawValue: "tag:redo-conform,2026:implicit")
    static let untagged = Resolver.basic.appending(try! Resolver.Rule(implicitName, "^"))

    static func location(_ node: Node, _ file: String) -> SourceLocation {
        SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    /// Depth is bounded by `NestingBound`, checked before Yams composes the document.
    static func convert(_ node: Node, file: String) throws(ScenarioError) -> ScenarioInput {
        let at = location(node, file)
        if node.anchor != nil {
            throw ScenarioError(
                at, "an anchor (&)", fix: "write the value out where it is used: anchors and aliases are refused")
        }
        switch node {
        case .alias:
            throw ScenarioError(at, "an alias (*)", fix: "write the value out: anchors and aliases are refused")
        case let .scalar(scalar):
            if !untouched(scalar.tag), scalar.style == .plain || scalar.tag.rawValue != Tag.Name.str.rawValue {
                throw tagged(scalar.tag, at)
            }
            return ScenarioInput(try typed(scalar, at), at: at)
        case let .sequence(sequence):
            if !untouched(sequence.tag) { throw tagged(sequence.tag, at) }
            var items: [ScenarioInput] = []
            for item in sequence { items.append(try convert(item, file: file)) }
            return ScenarioInput(.array(items), at: at)
        case let .mapping(mapping):
            if !untouched(mapping.tag) { throw tagged(mapping.tag, at) }
            var members: [(key: String, value: ScenarioInput)] = []
            var seen = Set<String>()
            for pair in mapping {
                let keyAt = location(pair.key, file)
                guard case let .scalar(key) = pair.key, pair.key.anchor == nil else {
                    throw ScenarioError(keyAt, "a key that is not text", fix: "write keys as plain or quoted text")
                }
                if !untouched(key.tag), key.style == .plain || key.tag.rawValue != Tag.Name.str.rawValue {
                    throw tagged(key.tag, keyAt)
                }
                guard seen.insert(key.string).inserted else {
                    throw ScenarioError(keyAt, "duplicate key \(key.string)", fix: "write each key once in a mapping")
                }
                members.append((key.string, try convert(pair.value, file: file)))
            }
            return ScenarioInput(.object(members), at: at)
        }
    }

    /// No tag was written: the name is still implicit, or resolved through `untagged`.
    static func untouched(_ tag: Tag) -> Bool {
        tag.rawValue.isEmpty || tag.rawValue == implicitName.rawValue
    }

    static func tagged(_ tag: Tag, _ at: SourceLocation) -> ScenarioError {
        ScenarioError(at, "a tag (\(tag.description))", fix: "remove it: a scenario's types follow JSON's")
    }

    static func typed(_ scalar: Node.Scalar, _ at: SourceLocation) throws(ScenarioError) -> ScenarioInput.Kind {
        guard scalar.style == .plain else { return .string(scalar.string) }
        switch scalar.string {
        case "null": return .null
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "":
            throw ScenarioError(at, "an empty value", fix: "write null, or \"\" for an empty string")
        case let text where isJSONNumber(text[...].utf8):
            guard let value = Double(text), value.isFinite else {
                throw ScenarioError(
                    at, "\(text) is beyond a double",
                    fix: "write a finite number (the number-out-of-range fault writes one)")
            }
            return .number(text)
        case let text: return .string(text)
        }
    }

    static func located(_ error: YamlError, file: String) -> ScenarioError {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return ScenarioError(
                SourceLocation(file: file, line: mark.line, column: mark.column), "YAML: \(problem)",
                fix: "correct the YAML syntax")
        case let .duplicatedKeysInMapping(duplicates, context):
            return ScenarioError(
                SourceLocation(file: file, line: context.mark.line, column: context.mark.column),
                "duplicate key \(duplicates.joined(separator: ", "))", fix: "write each key once in a mapping")
        case let .reader(problem, offset, _, yaml):
            let prefix = yaml.utf8.prefix(offset ?? 0)
            let line = prefix.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            return ScenarioError(
                SourceLocation(file: file, line: line, column: 1), "YAML: \(problem)", fix: "save the file as UTF-8")
        default:
            return ScenarioError(SourceLocation(file: file, line: 1, column: 1), "YAML: \(error)", fix: "")
        }
    }
}

/// Yams composes recursively, so a document nested deeper than a scenario may be is
/// refused before it is parsed: flow brackets outside quotes, block indentation, and
/// `- - -` runs each count as levels.
enum NestingBound {
    static func check(_ text: String, file: String) throws(ScenarioError) {
        var depth = 0
        var line = 1
        var column = 0
        var quote: UInt8? = nil
        var atLineStart = true
        var indent = 0
        for byte in text.utf8 {
            column += 1
            if byte == 0x0A {
                line += 1
                column = 0
                atLineStart = true
                indent = 0
                // A plain scalar's apostrophe must not hide the rest of the file from
                // the count: a quote ends with its line here (counting more, not less).
                quote = nil
                continue
            }
            if let q = quote {
                if byte == q { quote = nil }
                continue
            }
            if atLineStart {
                if byte == 0x20 || byte == 0x2D {
                    indent += 1
                } else {
                    atLineStart = false
                }
            }
            switch byte {
            case 0x22, 0x27: quote = byte
            case 0x5B, 0x7B: depth += 1
            case 0x5D, 0x7D: depth -= 1
            default: break
            }
            if depth + indent / 2 > ScenarioDecoder.maxDepth {
                throw ScenarioError(
                    SourceLocation(file: file, line: line, column: column),
                    "nested deeper than \(ScenarioDecoder.maxDepth) levels", fix: "flatten the scenario")
            }
        }
    }
}
