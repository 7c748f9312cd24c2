import RedoCrypto
import RedoJSON
import RedoText

/// MERGE payload rules: `base`, `policy` and `resolutions`, each resolution checked
/// against the field it names, so a MERGE that could never be applied is rejected when it
/// is validated rather than when it is replayed.
enum MergeRules {
    static let resolutionsKeys: [JSONKey] = ["task", "todos"]
    static let policyKeys: [JSONKey] = ["defaultStrategy", "lwwTiebreakers", "arrayStrategy"]
    /// Required keys first (`require` reads them from the key scan by place).
    static let fieldResolutionKeys: [JSONKey] = ["path", "strategy", "chosenParent", "value", "notes"]
    static let todoResolutionKeys: [JSONKey] = ["todoTaskId", "fields"]
    static let path = "$.data.payload"

    static func check<O: JSONObjectReadable>(
        _ payload: O, parents: NodeParents?, parentCount: Int?, into sink: inout FindingSink
    ) -> MergePayload? {
        let before = sink.findings.count
        let base = payload["base"].flatMap {
            sink.nodeId($0, at: path + ".base", typeRule: .payloadType, formatRule: .payloadNodeId)
        }
        var policy = MergePolicy()
        if let value = payload["policy"] { policy = checkPolicy(value, into: &sink) }

        var taskResolutions: [TaskField: FieldResolution] = [:]
        var todoResolutions: [UUIDv4: [TodoField: FieldResolution]] = [:]
        if let value = payload["resolutions"],
            let resolutions = sink.object(value, at: path + ".resolutions", typeRule: .payloadType)
        {
            let root = path + ".resolutions"
            sink.checkKeys(
                resolutions, at: root, allowed: resolutionsKeys, unknownRule: .payloadUnknownKey, what: "resolutions")
            if let task = resolutions["task"],
                let entries = sink.array(task, at: root + ".task", typeRule: .payloadType)
            {
                for (index, entry) in entries.enumerated() {
                    let entryPath = JSONPath.index(root + ".task", index)
                    guard
                        var resolution = fieldResolution(
                            entry, at: entryPath, parents: parents, parentCount: parentCount, into: &sink)
                    else { continue }
                    if let field = TaskField(rawValue: resolution.path) {
                        checkFit(resolution, isNumeric: field.isNumeric, at: entryPath, into: &sink)
                        resolution.value = checkManualValue(resolution, entry: entry, at: entryPath, into: &sink) {
                            value, valuePath, sink in
                            PayloadRules.fieldValue(
                                value, for: field, at: valuePath, into: &sink, typeRule: .resolutionValue,
                                rangeRule: .resolutionValue)
                        }
                        // The first resolution for a path wins; later ones are still checked.
                        if taskResolutions[field] == nil { taskResolutions[field] = resolution }
                    } else {
                        sink.add(
                            .resolutionPath,
                            "\(MessageText.quoted(resolution.path)) is not a task field (\(TaskField.allCases.map(\.rawValue).joined(separator: ", ")))",
                            at: entryPath + ".path")
                    }
                }
            }
            if let todos = resolutions["todos"],
                let entries = sink.array(todos, at: root + ".todos", typeRule: .payloadType)
            {
                for (index, entry) in entries.enumerated() {
                    let entryPath = JSONPath.index(root + ".todos", index)
                    checkTodoResolution(
                        entry, at: entryPath, parents: parents, parentCount: parentCount, into: &sink,
                        resolutions: &todoResolutions)
                }
            }
        }
        guard sink.findings.count == before, let base else { return nil }
        return MergePayload(
            base: base, policy: policy, taskResolutions: taskResolutions, todoResolutions: todoResolutions)
    }

    private static func checkPolicy<V: JSONReadable>(_ value: V, into sink: inout FindingSink) -> MergePolicy {
        var policy = MergePolicy()
        let root = path + ".policy"
        guard let object = sink.object(value, at: root, typeRule: .payloadType) else { return policy }
        sink.checkKeys(object, at: root, allowed: policyKeys, unknownRule: .payloadUnknownKey, what: "policy")
        if let value = object["defaultStrategy"],
            let strategy = enumValue(value, MergeStrategy.self, at: root + ".defaultStrategy", into: &sink)
        {
            policy.defaultStrategy = strategy
        }
        if let value = object["lwwTiebreakers"],
            let entries = sink.array(value, at: root + ".lwwTiebreakers", typeRule: .payloadType)
        {
            var tiebreakers: [LWWTiebreaker] = []
            for (index, entry) in entries.enumerated() {
                if let tiebreaker = enumValue(
                    entry, LWWTiebreaker.self, at: JSONPath.index(root + ".lwwTiebreakers", index), into: &sink)
                {
                    tiebreakers.append(tiebreaker)
                }
            }
            policy.lwwTiebreakers = tiebreakers
        }
        if let value = object["arrayStrategy"],
            let strategy = enumValue(value, ArrayStrategy.self, at: root + ".arrayStrategy", into: &sink)
        {
            policy.arrayStrategy = strategy
        }
        return policy
    }

    static func enumValue<E: RawRepresentable & CaseIterable, V: JSONReadable>(
        _ value: V, _ type: E.Type, at valuePath: String, into sink: inout FindingSink
    ) -> E? where E.RawValue == String {
        guard let text = sink.string(value, at: valuePath, typeRule: .payloadType) else { return nil }
        if let known = E(rawValue: text) { return known }
        sink.add(
            .payloadEnum,
            "\(MessageText.quoted(text)) is not one of \(E.allCases.map(\.rawValue).joined(separator: ", "))",
            at: valuePath)
        return nil
    }

    /// The shape of one FieldResolution and the rules that do not depend on its field.
    private static func fieldResolution<V: JSONReadable>(
        _ entry: V, at entryPath: String, parents: NodeParents?, parentCount: Int?, into sink: inout FindingSink
    ) -> FieldResolution? {
        guard let object = sink.object(entry, at: entryPath, typeRule: .payloadType) else { return nil }
        let keys = sink.checkKeys(
            object, at: entryPath, allowed: fieldResolutionKeys, unknownRule: .payloadUnknownKey,
            what: "a field resolution")
        var fieldPath: String?
        if let value = sink.require(
            object, keys, 0, of: fieldResolutionKeys, at: entryPath, rule: .payloadRequired, what: "a field resolution"),
            let text = sink.string(value, at: entryPath + ".path", typeRule: .payloadType)
        {
            if text.isEmpty {
                sink.add(.payloadRange, "path must not be empty", at: entryPath + ".path")
            } else {
                fieldPath = text
            }
        }
        var strategy: MergeStrategy?
        if let value = sink.require(
            object, keys, 1, of: fieldResolutionKeys, at: entryPath, rule: .payloadRequired, what: "a field resolution")
        {
            strategy = enumValue(value, MergeStrategy.self, at: entryPath + ".strategy", into: &sink)
        }
        var chosenParent: NodeID?
        if let value = object["chosenParent"] {
            chosenParent = sink.nodeId(
                value, at: entryPath + ".chosenParent", typeRule: .payloadType, formatRule: .payloadNodeId)
        }
        if let value = object["notes"] { _ = sink.string(value, at: entryPath + ".notes", typeRule: .payloadType) }

        guard let strategy else { return nil }
        if strategy == .ours || strategy == .theirs {
            if object["chosenParent"] == nil {
                sink.add(.resolutionChosenParent, "\(strategy.rawValue) needs a chosenParent", at: entryPath)
            } else if let chosenParent, let parents, !parents.contains(chosenParent) {
                sink.add(
                    .resolutionChosenParent, "chosenParent \(chosenParent) is not one of this MERGE's parents",
                    at: entryPath + ".chosenParent")
            }
        }
        if strategy == .theirs, let parentCount, parentCount != 2 {
            sink.add(
                .theirsTwoParents, "theirs needs a MERGE with exactly two parents, this one has \(parentCount)",
                at: entryPath + ".strategy")
        }
        if strategy == .manual && object["value"] == nil {
            sink.add(.resolutionValue, "manual needs a value", at: entryPath)
        }
        guard let fieldPath else { return nil }
        return FieldResolution(path: fieldPath, strategy: strategy, chosenParent: chosenParent, value: nil)
    }

    /// max/min fit only numeric fields; union fits no REDO field (none is an array).
    private static func checkFit(
        _ resolution: FieldResolution, isNumeric: Bool, at entryPath: String, into sink: inout FindingSink
    ) {
        switch resolution.strategy {
        case .max where !isNumeric, .min where !isNumeric:
            sink.add(
                .resolutionStrategy,
                "\(resolution.strategy.rawValue) applies only to numeric fields (priority, storyPoints, frequencyDays), not \(resolution.path)",
                at: entryPath + ".strategy")
        case .union:
            sink.add(
                .resolutionStrategy, "union applies only to arrays, and \(resolution.path) is not one",
                at: entryPath + ".strategy")
        default:
            break
        }
    }

    /// Reads and checks a manual value with the field's own reader; returns it when valid.
    private static func checkManualValue<V: JSONReadable>(
        _ resolution: FieldResolution, entry: V, at entryPath: String, into sink: inout FindingSink,
        read: (V, String, inout FindingSink) -> FieldValue?
    ) -> FieldValue? {
        guard resolution.strategy == .manual, let value = entry.objectValue?["value"] else { return nil }
        return read(value, entryPath + ".value", &sink)
    }

    private static func checkTodoResolution<V: JSONReadable>(
        _ entry: V, at entryPath: String, parents: NodeParents?, parentCount: Int?, into sink: inout FindingSink,
        resolutions: inout [UUIDv4: [TodoField: FieldResolution]]
    ) {
        guard let object = sink.object(entry, at: entryPath, typeRule: .payloadType) else { return }
        let keys = sink.checkKeys(
            object, at: entryPath, allowed: todoResolutionKeys, unknownRule: .payloadUnknownKey,
            what: "a todo resolution")
        let todo = sink.require(
            object, keys, 0, of: todoResolutionKeys, at: entryPath, rule: .payloadRequired, what: "a todo resolution"
        )
        .flatMap { PayloadRules.todoId($0, at: entryPath + ".todoTaskId", into: &sink) }
        guard
            let fieldsValue = sink.require(
                object, keys, 1, of: todoResolutionKeys, at: entryPath, rule: .payloadRequired,
                what: "a todo resolution"),
            let fields = sink.array(fieldsValue, at: entryPath + ".fields", typeRule: .payloadType)
        else { return }
        for (index, fieldEntry) in fields.enumerated() {
            let fieldPath = JSONPath.index(entryPath + ".fields", index)
            guard
                var resolution = fieldResolution(
                    fieldEntry, at: fieldPath, parents: parents, parentCount: parentCount, into: &sink)
            else { continue }
            guard let field = TodoField(rawValue: resolution.path) else {
                sink.add(
                    .resolutionPath,
                    "\(MessageText.quoted(resolution.path)) is not a todo field (deadline, notes, completed)",
                    at: fieldPath + ".path")
                continue
            }
            checkFit(resolution, isNumeric: false, at: fieldPath, into: &sink)
            resolution.value = checkManualValue(resolution, entry: fieldEntry, at: fieldPath, into: &sink) {
                value, valuePath, sink in
                switch field {
                case .notes:
                    return sink.string(value, at: valuePath, typeRule: .resolutionValue).map { .string($0) }
                case .deadline:
                    return sink.time(
                        value, at: valuePath, typeRule: .resolutionValue, formatRule: .resolutionValue,
                        instantRule: .resolutionValue
                    ).map { .time($0) }
                case .completed:
                    if value.isNull { return .null }
                    return sink.time(
                        value, at: valuePath, typeRule: .resolutionValue, formatRule: .resolutionValue,
                        instantRule: .resolutionValue
                    ).map { .time($0) }
                }
            }
            if let todo, resolutions[todo]?[field] == nil {
                resolutions[todo, default: [:]][field] = resolution
            }
        }
    }
}
