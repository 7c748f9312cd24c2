// REDO v1 platform harness, JVM: prints the harness's own protocol tables — RedoTables, the
// constants its validator and reconstructor use — in the shape of
// Vectors/protocol-tables.json (never read here), for Peers/tables-check.mjs to compare:
//
//   bash Peers/jvm/run.sh --tables
//
// Sections: codes, actions, reservedNames, fields, merge, limits. No rules: the harness
// gives a status and a primary code per record and keeps no rule catalog (Harness knows
// the ids of the log-level rules only, to read redo-conform's reports).

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

final class ProtocolTables {
    private ProtocolTables() {}

    static String json() throws JsonException {
        Map<String, Object> tables = new LinkedHashMap<>();
        tables.put("format", "redo-conform/protocol-tables");
        tables.put("version", 1);
        tables.put("peer", "jvm");
        List<Object> codes = new ArrayList<>();
        for (RedoTables.Code c : RedoTables.CODES) {
            codes.add(object("code", c.name(), "level", c.level(), "severity", RedoTables.CODE_SEVERITY));
        }
        tables.put("codes", codes);
        List<Object> actions = new ArrayList<>();
        for (RedoTables.Action a : RedoTables.ACTIONS) {
            actions.add(object("action", a.name(), "minParents", a.minParents(), "maxParents", a.maxParents()));
        }
        tables.put("actions", actions);
        tables.put("reservedNames", object("envelope", RedoTables.RESERVED_ENVELOPE, "state", RedoTables.RESERVED_STATE));
        tables.put("fields", object("taskMetadata", RedoTables.TASK_METADATA, "task", RedoTables.TASK, "todo", RedoTables.TODO));
        tables.put("merge", object("strategies", RedoTables.STRATEGIES, "lwwTiebreakers", RedoTables.TIEBREAKERS,
                "arrayStrategies", RedoTables.ARRAY_STRATEGIES));
        tables.put("limits", object("recordBytes", RedoTables.MAX_RECORD_BYTES, "payloadCanonicalBytes", RedoTables.MAX_PAYLOAD_BYTES));
        StringBuilder b = new StringBuilder();
        write(tables, b, "");
        return b.append('\n').toString();
    }

    private static Map<String, Object> object(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        return map;
    }

    /** JSON in the order built, two spaces an indent; whole numbers are integers or longs. */
    @SuppressWarnings("unchecked")
    private static void write(Object value, StringBuilder b, String indent) throws JsonException {
        String inner = indent + "  ";
        if (value instanceof Map) {
            b.append("{\n");
            boolean first = true;
            for (Map.Entry<String, Object> e : ((Map<String, Object>) value).entrySet()) {
                if (!first) b.append(",\n");
                first = false;
                b.append(inner);
                Json.escapeString(e.getKey(), b);
                b.append(": ");
                write(e.getValue(), b, inner);
            }
            b.append('\n').append(indent).append('}');
        } else if (value instanceof List) {
            b.append("[\n");
            boolean first = true;
            for (Object item : (List<Object>) value) {
                if (!first) b.append(",\n");
                first = false;
                b.append(inner);
                write(item, b, inner);
            }
            b.append('\n').append(indent).append(']');
        } else if (value instanceof Integer || value instanceof Long) {
            b.append(value);
        } else {
            Json.serialize(value, b);
        }
    }
}
