// REDO v1 platform harness, JVM: the field vocabulary the validator and the reconstructor
// share (PROTOCOL.md, "Actions and payloads", "MERGE"), defined once.

import java.util.List;
import java.util.Objects;
import java.util.Set;

final class RedoFields {
    private RedoFields() {}

    /** The task fields a MERGE compares, in this order; all but `archived` are metadata a payload sets. */
    static final List<String> TASK = List.of("title", "description", "priority", "storyPoints", "frequencyDays", "privacy", "archived");
    /** A todo's fields. */
    static final List<String> TODO = List.of("deadline", "notes", "completed");
    /** The fields max and min fit. */
    static final Set<String> NUMERIC = Set.of("priority", "storyPoints", "frequencyDays");
    static final Set<String> STRATEGIES = Set.of("ours", "theirs", "union", "lww", "manual", "max", "min");
    static final Set<String> TIEBREAKERS = Set.of("lamport", "wall", "author");
    /** lwwTiebreakers when a policy gives none. */
    static final List<Object> DEFAULT_TIEBREAKERS = List.of("lamport", "wall", "author");

    /**
     * Whether two field values are one value, as a MERGE compares a parent with its base:
     * null (absent) only equals null, and numbers compare as doubles, so 2 and 2.0 are one
     * value and so are 0 and -0. Field values are scalars, so nothing nests.
     */
    static boolean same(Object a, Object b) {
        if (a instanceof Double && b instanceof Double) return ((Double) a).doubleValue() == ((Double) b).doubleValue();
        return Objects.equals(a, b);
    }
}
