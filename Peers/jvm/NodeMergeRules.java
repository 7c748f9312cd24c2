// REDO v1 platform harness, JVM: the node-level MERGE rules — base, policy and
// resolutions ("Actions and payloads"; catalog payload.enum, merge.resolution.*,
// merge.theirs.parents). A MERGE that can never apply is rejected at once.

import java.util.List;
import java.util.Map;
import java.util.Set;

final class NodeMergeRules {
    private NodeMergeRules() {}

    private static final int SCHEMA = LogCodes.bit(LogCodes.SCHEMA);
    private static final int ENCODING = LogCodes.bit(LogCodes.ENCODING);

    static int check(Map<String, Object> p, List<String> parents) {
        int f = 0;
        Object base = p.get("base");
        if (base == null) f |= SCHEMA; // payload.required
        else if (!(base instanceof String)) f |= SCHEMA;
        else if (!NodeFormats.isNodeId(base)) f |= ENCODING; // payload.nodeId.format

        Object policy = p.get("policy");
        if (policy != null) f |= policy(policy);

        Object resolutions = p.get("resolutions");
        if (resolutions != null) {
            if (!(resolutions instanceof Map)) return f | SCHEMA;
            Map<?, ?> r = (Map<?, ?>) resolutions;
            for (Object key : r.keySet()) if (!key.equals("task") && !key.equals("todos")) f |= SCHEMA;
            Object task = r.get("task");
            if (task != null) {
                if (!(task instanceof List)) f |= SCHEMA;
                else for (Object res : (List<?>) task) f |= resolution(res, false, parents);
            }
            Object todos = r.get("todos");
            if (todos != null) {
                if (!(todos instanceof List)) f |= SCHEMA;
                else for (Object entry : (List<?>) todos) f |= todoEntry(entry, parents);
            }
        }
        return f;
    }

    private static int policy(Object policy) {
        if (!(policy instanceof Map)) return SCHEMA;
        int f = 0;
        Map<?, ?> m = (Map<?, ?>) policy;
        for (Object key : m.keySet()) {
            if (!Set.of("defaultStrategy", "lwwTiebreakers", "arrayStrategy").contains(key)) f |= SCHEMA;
        }
        Object strategy = m.get("defaultStrategy");
        if (strategy != null && !RedoTables.STRATEGIES.contains(strategy)) f |= SCHEMA; // payload.type / payload.enum
        Object tiebreakers = m.get("lwwTiebreakers");
        if (tiebreakers != null) {
            if (!(tiebreakers instanceof List)) f |= SCHEMA;
            else for (Object t : (List<?>) tiebreakers) if (!RedoTables.TIEBREAKERS.contains(t)) f |= SCHEMA;
        }
        Object arrayStrategy = m.get("arrayStrategy");
        if (arrayStrategy != null && !RedoTables.ARRAY_STRATEGIES.contains(arrayStrategy)) f |= SCHEMA;
        return f;
    }

    private static int todoEntry(Object entry, List<String> parents) {
        if (!(entry instanceof Map)) return SCHEMA;
        int f = 0;
        Map<?, ?> m = (Map<?, ?>) entry;
        for (Object key : m.keySet()) if (!key.equals("todoTaskId") && !key.equals("fields")) f |= SCHEMA;
        Object todoId = m.get("todoTaskId");
        if (todoId == null || !(todoId instanceof String)) f |= SCHEMA;
        else if (!NodeFormats.isUuidV4(todoId)) f |= ENCODING;
        Object fields = m.get("fields");
        if (!(fields instanceof List)) f |= SCHEMA;
        else for (Object res : (List<?>) fields) f |= resolution(res, true, parents);
        return f;
    }

    /** One FieldResolution {path, strategy, chosenParent?, value?, notes?}. */
    private static int resolution(Object res, boolean todo, List<String> parents) {
        if (!(res instanceof Map)) return SCHEMA;
        int f = 0;
        Map<?, ?> m = (Map<?, ?>) res;
        for (Object key : m.keySet()) {
            if (!Set.of("path", "strategy", "chosenParent", "value", "notes").contains(key)) f |= SCHEMA;
        }
        Object notes = m.get("notes");
        if (notes != null && !(notes instanceof String)) f |= SCHEMA;
        Object path = m.get("path");
        String field = null;
        if (!(path instanceof String) || ((String) path).isEmpty()) f |= SCHEMA;
        else if (!(todo ? RedoTables.TODO : RedoTables.TASK).contains(path)) f |= SCHEMA; // merge.resolution.path
        else field = (String) path;
        Object strategy = m.get("strategy");
        if (!(strategy instanceof String) || !RedoTables.STRATEGIES.contains(strategy)) return f | SCHEMA;
        Object chosen = m.get("chosenParent");
        boolean chosenOk = false;
        if (chosen != null) {
            if (!(chosen instanceof String)) f |= SCHEMA;
            else if (!NodeFormats.isNodeId(chosen)) f |= ENCODING;
            else chosenOk = true;
        }
        switch ((String) strategy) {
            case "union": f |= SCHEMA; break; // merge.resolution.strategy: no REDO field is an array
            case "max": case "min":
                if (field != null && !RedoTables.NUMERIC.contains(field)) f |= SCHEMA;
                break;
            case "ours": case "theirs":
                if (chosen == null) f |= SCHEMA; // merge.resolution.chosenParent
                else if (chosenOk && parents != null && !parents.contains(chosen)) f |= SCHEMA;
                if (strategy.equals("theirs") && parents != null && parents.size() != 2) f |= SCHEMA; // merge.theirs.parents
                break;
            case "manual":
                if (!m.containsKey("value")) f |= SCHEMA; // merge.resolution.value
                else if (field != null && !legalValue(field, m.get("value"))) f |= SCHEMA;
                break;
            default: break; // lww
        }
        return f;
    }

    /** A value the field may hold in a state (reserved names inside it are not checked). */
    static boolean legalValue(String field, Object v) {
        switch (field) {
            case "title": return v instanceof String && !((String) v).isEmpty();
            case "description": case "notes": return v instanceof String;
            case "priority": return NodeFormats.isIntegerIn(v, 1, 5);
            case "storyPoints": return NodeFormats.isIntegerIn(v, 0, NodeFormats.MAX_SAFE);
            case "frequencyDays": return NodeFormats.isIntegerIn(v, 1, NodeFormats.MAX_SAFE);
            case "privacy": case "archived": return v instanceof Boolean;
            case "deadline": return NodeFormats.isTime(v);
            case "completed": return v == Json.NULL || NodeFormats.isTime(v); // guess: null reopens
            default: return false;
        }
    }
}
