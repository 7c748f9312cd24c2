// REDO v1 platform harness, JVM: the payload rules of PROTOCOL.md ("Actions and
// payloads", rule catalog payload.*, and the "Shape" rulings).

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

final class NodePayloadRules {
    private NodePayloadRules() {}

    /** What CREATE and UPDATE payloads may carry. */
    static final Set<String> METADATA_KEYS = withExtensions(RedoTables.TASK_METADATA);

    private static final int SCHEMA = LogCodes.bit(LogCodes.SCHEMA);
    private static final int ENCODING = LogCodes.bit(LogCodes.ENCODING);
    private static final int FORBIDDEN = LogCodes.bit(LogCodes.FORBIDDEN);
    private static final int CHAIN = LogCodes.bit(LogCodes.DELETED_CHAIN);

    private static Set<String> withExtensions(List<String> fields) {
        Set<String> keys = new HashSet<>(fields);
        keys.add("extensions");
        return Set.copyOf(keys);
    }

    static Set<String> allowedKeys(String action) {
        switch (action) {
            case "CREATE": case "UPDATE": return METADATA_KEYS;
            case "CREATE_TODO": return Set.of("todoTaskId", "deadline", "notes");
            case "COMPLETE_TODO": return Set.of("todoTaskId", "completed", "notes");
            case "SNOOZE": return Set.of("todoTaskId", "daysToExtend", "newDeadline", "notes");
            case "DELETE": return Set.of("deletedChain");
            case "MERGE": return Set.of("base", "policy", "resolutions");
            default: return Set.of(); // ARCHIVE, UNARCHIVE: {}
        }
    }

    /** The payload's findings (a LogCodes bit set); parents are the MERGE's, or null when unreadable. */
    static int check(String action, Map<String, Object> payload, List<String> parents) {
        int f = 0;
        Set<String> allowed = allowedKeys(action);
        for (String key : payload.keySet()) {
            // A reserved name is E_FORBIDDEN_FIELD even though it is also an unknown key.
            if (RedoTables.RESERVED.contains(key)) f |= FORBIDDEN;
            else if (!allowed.contains(key)) f |= SCHEMA; // payload.unknownKey
        }
        try {
            if (Json.canonicalize(payload).getBytes(StandardCharsets.UTF_8).length > RedoTables.MAX_PAYLOAD_BYTES) f |= SCHEMA; // payload.size
        } catch (JsonException e) {
            throw new IllegalStateException("an I-JSON payload must canonicalize", e);
        }
        switch (action) {
            case "CREATE":
                if (!payload.containsKey("title")) f |= SCHEMA; // payload.required
                f |= metadata(payload);
                break;
            case "UPDATE":
                // payload.update.empty: {} only. An UPDATE of a reserved or unknown key
                // alone is that key's fault (vector update-archived is E_FORBIDDEN_FIELD).
                if (payload.isEmpty()) f |= SCHEMA;
                f |= metadata(payload);
                break;
            case "CREATE_TODO":
                f |= todoId(payload, true) | time(payload, "deadline", true) | string(payload, "notes");
                break;
            case "COMPLETE_TODO":
                f |= todoId(payload, true) | time(payload, "completed", true) | string(payload, "notes");
                break;
            case "SNOOZE": {
                f |= todoId(payload, true) | string(payload, "notes") | time(payload, "newDeadline", false);
                Object days = payload.get("daysToExtend");
                if (days != null) {
                    if (!(days instanceof Double)) f |= SCHEMA;
                    else if (!NodeFormats.isIntegerIn(days, 1, 3_652_059)) f |= SCHEMA; // payload.range
                }
                if (payload.containsKey("daysToExtend") == payload.containsKey("newDeadline")) f |= SCHEMA; // payload.snooze.exactlyOne
                break;
            }
            case "DELETE":
                f |= deletedChain(payload.get("deletedChain"));
                break;
            case "MERGE":
                f |= NodeMergeRules.check(payload, parents);
                break;
            default:
                break;
        }
        return f;
    }

    /** The CREATE keys: types, ranges, and reserved names inside extensions. */
    private static int metadata(Map<String, Object> p) {
        int f = 0;
        Object title = p.get("title");
        if (title != null) {
            if (!(title instanceof String)) f |= SCHEMA;
            else if (((String) title).isEmpty()) f |= SCHEMA; // payload.range
        }
        f |= string(p, "description");
        Object privacy = p.get("privacy");
        if (privacy != null && !(privacy instanceof Boolean)) f |= SCHEMA;
        f |= integer(p, "storyPoints", 0, NodeFormats.MAX_SAFE);
        f |= integer(p, "priority", 1, 5);
        f |= integer(p, "frequencyDays", 1, NodeFormats.MAX_SAFE);
        Object extensions = p.get("extensions");
        if (extensions != null) {
            if (!(extensions instanceof Map)) f |= SCHEMA;
            else if (hasReservedKey(extensions)) f |= FORBIDDEN;
        }
        return f;
    }

    /** A reserved name as a key at any depth, objects inside arrays included. */
    static boolean hasReservedKey(Object root) {
        Deque<Object> stack = new ArrayDeque<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            Object v = stack.pop();
            if (v instanceof Map) {
                for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                    if (RedoTables.RESERVED.contains(e.getKey())) return true;
                    stack.push(e.getValue());
                }
            } else if (v instanceof List) {
                for (Object item : (List<?>) v) stack.push(item);
            }
        }
        return false;
    }

    static int string(Map<String, Object> p, String key) {
        Object v = p.get(key);
        return v != null && !(v instanceof String) ? SCHEMA : 0;
    }

    static int integer(Map<String, Object> p, String key, double min, double max) {
        Object v = p.get(key);
        if (v == null) return 0;
        if (!(v instanceof Double)) return SCHEMA; // payload.type
        return NodeFormats.isIntegerIn(v, min, max) ? 0 : SCHEMA; // payload.range
    }

    static int time(Map<String, Object> p, String key, boolean required) {
        Object v = p.get(key);
        if (v == null) return required ? SCHEMA : 0;
        if (!(v instanceof String)) return SCHEMA;
        return NodeFormats.isTime(v) ? 0 : SCHEMA; // payload.time
    }

    static int todoId(Map<String, Object> p, boolean required) {
        Object v = p.get("todoTaskId");
        if (v == null) return required ? SCHEMA : 0;
        if (!(v instanceof String)) return SCHEMA;
        return NodeFormats.isUuidV4(v) ? 0 : ENCODING; // payload.todoTaskId.format
    }

    /** Absent or [] and an id twice: E_MISSING_DELETED_CHAIN; wrong types: schema; bad ids: encoding. */
    private static int deletedChain(Object chain) {
        if (chain == null) return CHAIN;
        if (!(chain instanceof List)) return SCHEMA;
        List<?> list = (List<?>) chain;
        if (list.isEmpty()) return CHAIN;
        int f = 0;
        Set<Object> seen = new HashSet<>();
        for (Object id : list) {
            if (!(id instanceof String)) { f |= SCHEMA; continue; }
            if (!NodeFormats.isNodeId(id)) f |= ENCODING;
            if (!seen.add(id)) f |= CHAIN; // payload.deletedChain.duplicate
        }
        return f;
    }
}
