import RedoCore
import RedoFixtures
import RedoJSON

/// `protocol-tables.json`: the protocol's tables as data, written from the catalog the
/// validator itself uses (codes in precedence order, rules, actions, reserved names, field
/// lists, MERGE's names, limits). Each peer keeps its own reading of PROTOCOL.md; CI
/// compares the tables each peer prints with this file, so no copy can drift unnoticed.
enum ProtocolTablesFile {
    static let path = "protocol-tables.json"

    /// The actions in PROTOCOL.md's table order (the order of `Action.allCases` is the
    /// order of declaration, which nothing else depends on).
    static let actionOrder: [Action] = [
        .create, .update, .createTodo, .completeTodo, .snooze, .archive, .unarchive, .delete, .merge,
    ]

    static var file: GeneratedFile {
        GeneratedFile(path: path, bytes: OrderedJSONWriter.bytes(json, pretty: true) + [0x0A])
    }

    static var json: JSONValue {
        .object(
            JSONObject([
                member("format", str("redo-conform/protocol-tables")),
                member("version", num(1)),
                member(
                    "codes",
                    .array(
                        ErrorCode.allCases.map { code in
                            .object(
                                JSONObject([
                                    member("code", str(code.rawValue)),
                                    member("level", str(code.isNodeLevel ? "node" : "log")),
                                    member("severity", str(severity(of: code).rawValue)),
                                ]))
                        })),
                member(
                    "rules",
                    .array(
                        Rule.all.map { rule in
                            .object(
                                JSONObject([
                                    member("id", str(rule.id)), member("code", str(rule.code.rawValue)),
                                    member("severity", str(rule.severity.rawValue)),
                                ]))
                        })),
                member(
                    "actions",
                    .array(
                        actionOrder.map { action in
                            .object(
                                JSONObject([
                                    member("action", str(action.rawValue)),
                                    member("minParents", num(Double(action.parentCount.lowerBound))),
                                    member("maxParents", num(Double(action.parentCount.upperBound))),
                                ]))
                        })),
                member(
                    "reservedNames",
                    .object(
                        JSONObject([
                            member("envelope", strings(ReservedNames.envelope)),
                            member("state", strings(ReservedNames.state)),
                        ]))),
                member(
                    "fields",
                    .object(
                        JSONObject([
                            member("taskMetadata", strings(TaskField.metadata.map(\.rawValue))),
                            member("task", strings(TaskField.allCases.map(\.rawValue))),
                            member("todo", strings(TodoField.allCases.map(\.rawValue))),
                        ]))),
                member(
                    "merge",
                    .object(
                        JSONObject([
                            member("strategies", strings(MergeStrategy.allCases.map(\.rawValue))),
                            member("lwwTiebreakers", strings(LWWTiebreaker.allCases.map(\.rawValue))),
                            member("arrayStrategies", strings(ArrayStrategy.allCases.map(\.rawValue))),
                        ]))),
                member(
                    "limits",
                    .object(
                        JSONObject([
                            member("recordBytes", num(Double(ProtocolLimits.recordBytes))),
                            member("payloadCanonicalBytes", num(Double(ProtocolLimits.payloadCanonicalBytes))),
                        ]))),
            ]))
    }

    /// A code's severity is the one of the rules that carry it (they all agree: a test
    /// of the catalog checks it).
    static func severity(of code: ErrorCode) -> Severity {
        Rule.all.first { $0.code == code }?.severity ?? .error
    }

    private static func strings(_ values: [String]) -> JSONValue { .array(values.map { str($0) }) }
}
