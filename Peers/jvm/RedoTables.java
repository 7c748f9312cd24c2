// REDO v1 platform harness, JVM: the protocol's tables as this harness reads PROTOCOL.md —
// codes, actions, reserved names, field lists, MERGE names and limits — defined once. The
// validator and the reconstructor take them from here, and `run.sh --tables` prints them
// (ProtocolTables) for Peers/tables-check.mjs to hold to Vectors/protocol-tables.json.

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

final class RedoTables {
    private RedoTables() {}

    // ---------------------------------------------------------------- codes

    /** A verdict code and the level of the rules that give it ("node" or "log"). */
    record Code(String name, String level) {}

    /**
     * The codes in precedence order ("Verdicts and codes"): LogCodes numbers them by this
     * order. NodeRules, NodePayloadRules and NodeMergeRules give the node codes; LogRules the
     * log codes (and E_SCHEMA_MISMATCH for a MERGE it cannot apply, E_MISSING_DELETED_CHAIN
     * for a chain that is not the ancestors). The harness reports a status and a primary
     * code per record, so it holds no warning: every code here rejects.
     */
    static final List<Code> CODES = List.of(
        new Code("E_SCHEMA_MISMATCH", "node"),
        new Code("E_ENCODING_VIOLATION", "node"),
        new Code("E_FORBIDDEN_FIELD", "node"),
        new Code("E_MISSING_DELETED_CHAIN", "node"),
        new Code("E_HASH_MISMATCH", "node"),
        new Code("E_INVALID_SIGNATURE", "node"),
        new Code("E_PARENT_NOT_FOUND", "log"),
        new Code("E_LAMPORT_VIOLATION", "log"),
        new Code("E_DUPLICATE_CREATE", "log"),
        new Code("E_INVALID_TODO_REF", "log"),
        new Code("X_ANCESTOR_REJECTED", "log"),
        new Code("X_AFTER_DELETE", "log"));
    /** What every code in CODES does to a record. */
    static final String CODE_SEVERITY = "error";

    /** A code's place in precedence order; -1 for a name that is no code. */
    static int codeIndex(String name) {
        for (int i = 0; i < CODES.size(); i++) if (CODES.get(i).name().equals(name)) return i;
        return -1;
    }

    // ---------------------------------------------------------------- actions

    /** An action and how many parents it has ("Actions and payloads"). */
    record Action(String name, int minParents, int maxParents) {}

    /** The nine actions, in PROTOCOL.md's table order. */
    static final List<Action> ACTIONS = List.of(
        new Action("CREATE", 0, 0),
        new Action("UPDATE", 1, 1),
        new Action("CREATE_TODO", 1, 1),
        new Action("COMPLETE_TODO", 1, 1),
        new Action("SNOOZE", 1, 1),
        new Action("ARCHIVE", 1, 1),
        new Action("UNARCHIVE", 1, 1),
        new Action("DELETE", 1, 1),
        new Action("MERGE", 2, 10));

    /** The action named so, or null for a name that is no action. */
    static Action action(String name) {
        for (Action a : ACTIONS) if (a.name().equals(name)) return a;
        return null;
    }

    // ---------------------------------------------------------------- names and fields

    /** Reserved names: never a payload key, nor a key anywhere inside `extensions`. */
    static final List<String> RESERVED_ENVELOPE = List.of(
        "id", "version", "parents", "timestamp", "author", "action", "taskId", "data", "signature",
        "lamport", "wall", "userId", "deviceId", "publicKey", "name", "email", "deviceName");
    static final List<String> RESERVED_STATE = List.of("guid", "todoTasks", "created", "archived", "deleted", "archive");
    static final Set<String> RESERVED = union(RESERVED_ENVELOPE, RESERVED_STATE);

    /** The task fields a MERGE compares, in this order; all but `archived` are metadata a payload sets. */
    static final List<String> TASK = List.of("title", "description", "priority", "storyPoints", "frequencyDays", "privacy", "archived");
    /** What CREATE and UPDATE may set. */
    static final List<String> TASK_METADATA = TASK.subList(0, 6);
    /** A todo's fields. */
    static final List<String> TODO = List.of("deadline", "notes", "completed");
    /** The fields max and min fit. */
    static final Set<String> NUMERIC = Set.of("priority", "storyPoints", "frequencyDays");

    // ---------------------------------------------------------------- MERGE

    static final List<String> STRATEGIES = List.of("ours", "theirs", "union", "lww", "manual", "max", "min");
    static final List<String> TIEBREAKERS = List.of("lamport", "wall", "author");
    static final List<String> ARRAY_STRATEGIES = List.of("union", "lww");
    /** lwwTiebreakers when a policy gives none. */
    static final List<Object> DEFAULT_TIEBREAKERS = List.of("lamport", "wall", "author");

    // ---------------------------------------------------------------- limits

    /**
     * The record size limit in UTF-8 bytes (at most this many; rule record.size): 16 MiB,
     * "16,777,216 bytes" in PROTOCOL.md's catalog.
     */
    static final long MAX_RECORD_BYTES = 16L * 1024 * 1024;
    /** The canonical payload's limit in bytes (rule payload.size). */
    static final long MAX_PAYLOAD_BYTES = 1_048_576;

    // ---------------------------------------------------------------- values

    /**
     * Whether two field values are one value, as a MERGE compares a parent with its base:
     * null (absent) only equals null, and numbers compare as doubles, so 2 and 2.0 are one
     * value and so are 0 and -0. Field values are scalars, so nothing nests.
     */
    static boolean same(Object a, Object b) {
        if (a instanceof Double && b instanceof Double) return ((Double) a).doubleValue() == ((Double) b).doubleValue();
        return Objects.equals(a, b);
    }

    private static Set<String> union(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return Set.copyOf(all);
    }
}
