import RedoCrypto
import RedoJSON
import RedoText

/// The payload rules of every action: closed key sets, required keys, types and ranges,
/// reserved names, extensions, and the typed `Payload` when everything holds.
enum PayloadRules {
    static let path = "$.data.payload"
    static let maxPayloadBytes = ProtocolLimits.payloadCanonicalBytes
    static let maxDaysToExtend: Int64 = 3_652_059

    /// Keys each action's payload may carry, and how many of them (listed first) are
    /// required. Static: an array literal in a function would be allocated on every call.
    static func keys(_ action: Action) -> (allowed: [JSONKey], required: Int) {
        switch action {
        case .create: return (Keys.taskFields, 1)
        case .update: return (Keys.taskFields, 0)
        case .createTodo: return (Keys.createTodo, 2)
        case .completeTodo: return (Keys.completeTodo, 2)
        case .snooze: return (Keys.snooze, 1)
        case .archive, .unarchive: return ([], 0)
        case .delete: return (Keys.delete, 0)
        case .merge: return (Keys.merge, 1)
        }
    }

    /// Each action's keys; the rules read values from the key scan by place in these lists.
    private enum Keys {
        static let taskFields: [JSONKey] = [
            "title", "description", "privacy", "storyPoints", "priority", "frequencyDays", "extensions",
        ]
        /// Where each of `TaskField.metadata` stands in `taskFields`.
        static let metadataPlaces = TaskField.metadata.map { field in
            taskFields.firstIndex { $0.matches(field.rawValue) }!
        }
        static let extensions = 6
        static let createTodo: [JSONKey] = ["todoTaskId", "deadline", "notes"]
        static let completeTodo: [JSONKey] = ["todoTaskId", "completed", "notes"]
        static let snooze: [JSONKey] = ["todoTaskId", "daysToExtend", "newDeadline", "notes"]
        static let delete: [JSONKey] = ["deletedChain"]
        static let merge: [JSONKey] = ["base", "policy", "resolutions"]
    }

    /// How much longer a canonical form can be than its source: a number token grows at
    /// most from 4 characters ("1e20") to 21 ("100000000000000000000"); strings and
    /// structure never grow. A record below 1 MiB / 5.25 cannot hold a payload over 1 MiB.
    static let maxCanonicalGrowth = 5.25

    static func check<O: JSONObjectReadable>(
        _ payload: O, action: Action, parents: NodeParents?, parentCount: Int?, sourceBytes: Int?,
        into sink: inout FindingSink
    ) -> Payload? {
        let before = sink.findings.count
        let (allowed, required) = keys(action)
        let scan = sink.checkKeys(
            payload, at: path, allowed: allowed, unknownRule: .payloadUnknownKey, reservedIsForbidden: true,
            what: "\(action.withArticle) payload")
        for k in 0..<required where !scan.has(k) {
            sink.add(
                .payloadRequired, "\(action.withArticle) payload requires \"\(allowed[k])\"",
                at: JSONPath.member(path, allowed[k]))
        }
        if let sourceBytes, Double(sourceBytes) * maxCanonicalGrowth < Double(maxPayloadBytes) {
            // Provably within the limit: skip serializing it.
        } else {
            checkSize(payload, into: &sink)
        }

        let typed: Payload?
        switch action {
        case .create, .update:
            if action == .update && payload.count == 0 {
                sink.add(.updateEmpty, "an UPDATE must set at least one field", at: path)
            }
            let fields = taskFields(payload, scan, into: &sink)
            if let extensions = payload.value(scan, Keys.extensions) { checkExtensions(extensions, into: &sink) }
            typed = action == .create ? .create(fields) : .update(fields)
        case .createTodo:  // todoTaskId, deadline, notes
            let todo = payload.value(scan, 0).flatMap { todoId($0, into: &sink) }
            let deadline = payload.value(scan, 1).flatMap { time($0, "deadline", into: &sink) }
            let notes = payload.value(scan, 2).flatMap { sink.string($0, at: path + ".notes", typeRule: .payloadType) }
            typed = todo.flatMap { t in deadline.map { .createTodo(todo: t, deadline: $0, notes: notes) } }
        case .completeTodo:  // todoTaskId, completed, notes
            let todo = payload.value(scan, 0).flatMap { todoId($0, into: &sink) }
            let completed = payload.value(scan, 1).flatMap { time($0, "completed", into: &sink) }
            let notes = payload.value(scan, 2).flatMap { sink.string($0, at: path + ".notes", typeRule: .payloadType) }
            typed = todo.flatMap { t in completed.map { .completeTodo(todo: t, completed: $0, notes: notes) } }
        case .snooze:
            typed = snooze(payload, scan, into: &sink)
        case .archive:
            typed = .archive
        case .unarchive:
            typed = .unarchive
        case .delete:
            typed = deletedChain(payload.value(scan, 0), into: &sink).map { .delete(deletedChain: $0) }
        case .merge:
            typed = MergeRules.check(payload, parents: parents, parentCount: parentCount, into: &sink).map {
                .merge($0)
            }
        }
        return sink.findings.count == before ? typed : nil
    }

    private static func checkSize<O: JSONObjectReadable>(_ payload: O, into sink: inout FindingSink) {
        let bytes = payload.canonicalBytes(excluding: [])
        if bytes.count > maxPayloadBytes {
            sink.add(
                .payloadSize,
                "the payload's canonical form is \(bytes.count) bytes, over the limit of \(maxPayloadBytes)", at: path)
        }
    }

    /// CREATE/UPDATE metadata: title (≥ 1 character), description, privacy, storyPoints
    /// (≥ 0), priority (1–5), frequencyDays (≥ 1).
    private static func taskFields<O: JSONObjectReadable>(_ payload: O, _ scan: KeyScan, into sink: inout FindingSink)
        -> TaskFieldValues
    {
        var fields = TaskFieldValues()
        for (field, place) in zip(TaskField.metadata, Keys.metadataPlaces) {
            guard let value = payload.value(scan, place) else { continue }
            if let typed = fieldValue(value, for: field, at: JSONPath.member(path, field.rawValue), into: &sink) {
                fields[field] = typed
            }
        }
        return fields
    }

    /// Reads a value for a task field with that field's type and range (also used for
    /// MERGE `manual` values, with the caller's rules).
    static func fieldValue<V: JSONReadable>(
        _ value: V, for field: TaskField, at fieldPath: @autoclosure () -> String, into sink: inout FindingSink,
        typeRule: Rule = .payloadType, rangeRule: Rule = .payloadRange
    ) -> FieldValue? {
        switch field {
        case .title:
            guard let text = sink.string(value, at: fieldPath(), typeRule: typeRule) else { return nil }
            if text.isEmpty {
                sink.add(rangeRule, "title must have at least one character", at: fieldPath())
                return nil
            }
            return .string(text)
        case .description:
            return sink.string(value, at: fieldPath(), typeRule: typeRule).map { .string($0) }
        case .privacy, .archived:
            return sink.bool(value, at: fieldPath(), typeRule: typeRule).map { .bool($0) }
        case .priority:
            return sink.integer(value, in: 1...5, at: fieldPath(), typeRule: typeRule, rangeRule: rangeRule).map {
                .integer($0)
            }
        case .storyPoints:
            return sink.integer(
                value, in: 0...Int64(FindingSink.maxSafeInteger), at: fieldPath(), typeRule: typeRule,
                rangeRule: rangeRule
            ).map { .integer($0) }
        case .frequencyDays:
            return sink.integer(
                value, in: 1...Int64(FindingSink.maxSafeInteger), at: fieldPath(), typeRule: typeRule,
                rangeRule: rangeRule
            ).map { .integer($0) }
        }
    }

    static func todoId<V: JSONReadable>(
        _ value: V, at fieldPath: @autoclosure () -> String = path + ".todoTaskId", into sink: inout FindingSink
    ) -> UUIDv4? {
        sink.uuid(value, at: fieldPath(), typeRule: .payloadType, formatRule: .payloadTodoId)
    }

    static func time<V: JSONReadable>(_ value: V, _ key: String, into sink: inout FindingSink) -> UTCTime? {
        sink.time(
            value, at: path + "." + key, typeRule: .payloadType, formatRule: .payloadTime, instantRule: .payloadTime)
    }

    /// todoTaskId, daysToExtend, newDeadline, notes.
    private static func snooze<O: JSONObjectReadable>(_ payload: O, _ scan: KeyScan, into sink: inout FindingSink)
        -> Payload?
    {
        let todo = payload.value(scan, 0).flatMap { todoId($0, into: &sink) }
        let notes = payload.value(scan, 3).flatMap { sink.string($0, at: path + ".notes", typeRule: .payloadType) }
        let days = payload.value(scan, 1).flatMap {
            sink.integer(
                $0, in: 1...maxDaysToExtend, at: path + ".daysToExtend", typeRule: .payloadType,
                rangeRule: .payloadRange)
        }
        let deadline = payload.value(scan, 2).flatMap { time($0, "newDeadline", into: &sink) }
        switch (scan.has(1), scan.has(2)) {
        case (true, true):
            sink.add(
                .snoozeExactlyOne, "SNOOZE must have exactly one of daysToExtend and newDeadline, found both", at: path)
            return nil
        case (false, false):
            sink.add(
                .snoozeExactlyOne, "SNOOZE must have exactly one of daysToExtend and newDeadline, found neither",
                at: path)
            return nil
        default:
            guard let todo else { return nil }
            if let days { return .snooze(todo: todo, change: .days(Int(days)), notes: notes) }
            if let deadline { return .snooze(todo: todo, change: .newDeadline(deadline), notes: notes) }
            return nil
        }
    }

    /// deletedChain: absent or empty is E_MISSING_DELETED_CHAIN; not an array, or a
    /// non-string entry, is a type error; a malformed id is an encoding error; an id twice
    /// is E_MISSING_DELETED_CHAIN.
    private static func deletedChain<V: JSONReadable>(_ value: V?, into sink: inout FindingSink) -> [NodeID]? {
        let chainPath = path + ".deletedChain"
        guard let value else {
            sink.add(
                .deletedChainMissing, "a DELETE must carry deletedChain, the ids of every node it deletes",
                at: chainPath)
            return nil
        }
        guard let entries = sink.array(value, at: chainPath, typeRule: .payloadType) else { return nil }
        if entries.isEmpty {
            sink.add(.deletedChainMissing, "deletedChain must not be empty", at: chainPath)
            return nil
        }
        var chain: [NodeID] = []
        chain.reserveCapacity(entries.count)
        var seen = Set<NodeID>(minimumCapacity: entries.count)
        var complete = true
        for (index, entry) in entries.enumerated() {
            guard
                let id = sink.nodeId(
                    entry, at: JSONPath.index(chainPath, index), typeRule: .payloadType, formatRule: .payloadNodeId)
            else {
                complete = false
                continue
            }
            if !seen.insert(id).inserted {
                sink.add(
                    .deletedChainDuplicate, "\(id) appears twice in deletedChain", at: JSONPath.index(chainPath, index))
            }
            chain.append(id)
        }
        return complete ? chain : nil
    }

    /// `extensions` is an object opaque to replay, but no reserved name may be a key at
    /// any depth (objects inside arrays included). Iterative: depth is already bounded by
    /// the reader, and an explicit stack keeps this loop independent of it anyway.
    private static func checkExtensions<V: JSONReadable>(_ value: V, into sink: inout FindingSink) {
        let root = path + ".extensions"
        guard value.objectValue != nil else {
            sink.add(.payloadType, "extensions must be an object, found \(value.typeName)", at: root)
            return
        }
        var pending: [(V, String)] = [(value, root)]
        while let (current, currentPath) = pending.popLast() {
            if let object = current.objectValue {
                var members: [(String, V)] = []
                object.forEachMember { key, value in members.append((key, value)) }
                for (key, value) in members.reversed() {
                    let memberPath = JSONPath.member(currentPath, key)
                    if ReservedNames.contains(key) {
                        sink.add(
                            .payloadReserved,
                            "\(MessageText.key(key)) is a reserved name and may not appear inside extensions",
                            at: memberPath)
                    }
                    pending.append((value, memberPath))
                }
            } else if let elements = current.arrayValue {
                for (index, element) in elements.enumerated().reversed() {
                    pending.append((element, JSONPath.index(currentPath, index)))
                }
            }
        }
    }
}
