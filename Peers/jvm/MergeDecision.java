// REDO v1 platform harness, JVM: what a MERGE writes (PROTOCOL.md, "MERGE").
//
// For each task field and each todo field the MERGE compares every parent's value with the
// base's, in the states at those nodes. An unchanged field is not written. A changed one
// is decided by, in order: the first explicit resolution for its path; the one value all
// changing parents agree on; policy.defaultStrategy. The MERGE writes exactly what it
// decided, and replay applies that at the MERGE's place in total order.
//
// Only valid MERGEs reach here, and the validator has already rejected every MERGE whose
// conflicts cannot be decided, so a strategy that cannot decide simply writes nothing.

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

final class MergeDecision {
    private MergeDecision() {}

    /** "Write nothing": distinct from Json.NULL, which writes a JSON null. */
    private static final Object NO_WRITE = new Object();


    /** The MERGE at rank m: fills its task-field writes and its todo writes (todoTaskId → fields). */
    @SuppressWarnings("unchecked")
    static void decide(ReplayTask t, int m, Map<String, Object> writes, Map<String, Map<String, Object>> todoWrites) {
        ReplayNode merge = t.nodes.get(m);
        Map<String, Object> p = merge.payload;
        Integer base = t.rank.get((String) p.get("base"));
        int[] parents = t.parents[m];
        if (base == null) return; // impossible for a valid MERGE: its base is an ancestor
        for (int ps : parents) if (ps < 0) return;

        Map<String, Object> policy = p.get("policy") instanceof Map ? (Map<String, Object>) p.get("policy") : Map.of();
        String defaultStrategy = policy.get("defaultStrategy") instanceof String ? (String) policy.get("defaultStrategy") : "lww";
        List<Object> tiebreakers = policy.get("lwwTiebreakers") instanceof List ? (List<Object>) policy.get("lwwTiebreakers") : RedoTables.DEFAULT_TIEBREAKERS;
        Map<String, Object> resolutions = p.get("resolutions") instanceof Map ? (Map<String, Object>) p.get("resolutions") : Map.of();
        Context c = new Context(t, merge, parents, defaultStrategy, tiebreakers);

        // Task fields, from the registers.
        List<Object> taskResolutions = resolutions.get("task") instanceof List ? (List<Object>) resolutions.get("task") : List.of();
        for (int f = 0; f < RedoTables.TASK.size(); f++) {
            String field = RedoTables.TASK.get(f);
            Object baseValue = t.taskFieldAt(base, f);
            Object[] values = new Object[parents.length];
            for (int k = 0; k < parents.length; k++) values[k] = t.taskFieldAt(parents[k], f);
            Object decided = c.decideField(field, RedoTables.NUMERIC.contains(field), baseValue, values, firstResolution(taskResolutions, field));
            if (decided != NO_WRITE) writes.put(field, decided);
        }

        // Todos: only those written above the base can differ between base and parents.
        MergeAncestry a = new MergeAncestry(t, base, parents, t.todoWriteCount);
        Set<String> candidates = a.candidateTodos();
        List<Object> todoResolutions = resolutions.get("todos") instanceof List ? (List<Object>) resolutions.get("todos") : List.of();
        for (String todo : candidates) {
            List<Integer> writers = t.todoWriters.get(todo);
            Map<String, Object> baseState = new LinkedHashMap<>();
            List<Map<String, Object>> parentStates = new ArrayList<>();
            for (int k = 0; k < parents.length; k++) parentStates.add(new LinkedHashMap<>());
            for (int w : writers) {
                ReplayNode n = t.nodes.get(w);
                Map<String, Object> mw = t.todoWrites.get(w).get(todo);
                boolean inBase = a.inBase(w);
                if (inBase) StateTodo.apply(baseState, n, mw);
                for (int k = 0; k < parents.length; k++) {
                    if (inBase || a.inParent(w, k)) StateTodo.apply(parentStates.get(k), n, mw);
                }
            }
            Map<String, Object> decidedFields = new LinkedHashMap<>();
            for (String field : RedoTables.TODO) {
                Object[] values = new Object[parents.length];
                for (int k = 0; k < parents.length; k++) values[k] = parentStates.get(k).get(field);
                Object decided = c.decideField(field, false, baseState.get(field), values, firstTodoResolution(todoResolutions, todo, field));
                if (decided != NO_WRITE) decidedFields.put(field, decided);
            }
            if (!decidedFields.isEmpty()) todoWrites.put(todo, decidedFields);
        }
    }

    /** The first task resolution naming the path. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> firstResolution(List<Object> resolutions, String path) {
        for (Object r : resolutions) {
            if (r instanceof Map && path.equals(((Map<String, Object>) r).get("path"))) return (Map<String, Object>) r;
        }
        return null;
    }

    /** The first resolution for the todo and path, across every `todos` entry naming the todo. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> firstTodoResolution(List<Object> entries, String todo, String path) {
        for (Object e : entries) {
            if (!(e instanceof Map)) continue;
            Map<String, Object> entry = (Map<String, Object>) e;
            if (!todo.equals(entry.get("todoTaskId")) || !(entry.get("fields") instanceof List)) continue;
            Map<String, Object> r = firstResolution((List<Object>) entry.get("fields"), path);
            if (r != null) return r;
        }
        return null;
    }

    /** One MERGE's fixed inputs to every field decision. */
    private static final class Context {
        final ReplayTask t;
        final ReplayNode merge;
        final int[] parents;
        final String defaultStrategy;
        final List<Object> tiebreakers;

        Context(ReplayTask t, ReplayNode merge, int[] parents, String defaultStrategy, List<Object> tiebreakers) {
            this.t = t;
            this.merge = merge;
            this.parents = parents;
            this.defaultStrategy = defaultStrategy;
            this.tiebreakers = tiebreakers;
        }

        /** Values: null = absent from that state; Json.NULL = a JSON null (an open todo's `completed`). */
        Object decideField(String field, boolean numeric, Object baseValue, Object[] values, Map<String, Object> resolution) {
            boolean[] changed = new boolean[values.length];
            boolean any = false;
            for (int k = 0; k < values.length; k++) {
                changed[k] = !RedoTables.same(values[k], baseValue);
                any |= changed[k];
            }
            if (!any) return NO_WRITE;
            if (resolution != null) return apply((String) resolution.get("strategy"), resolution, numeric, values, changed);
            Object agreed = null;
            boolean agree = true;
            for (int k = 0; k < values.length; k++) {
                if (!changed[k]) continue;
                if (agreed == null) agreed = values[k];
                else if (!RedoTables.same(agreed, values[k])) agree = false;
            }
            if (agree) return agreed == null ? NO_WRITE : agreed;
            return apply(defaultStrategy, null, numeric, values, changed);
        }

        private Object apply(String strategy, Map<String, Object> resolution, boolean numeric, Object[] values, boolean[] changed) {
            switch (strategy) {
                case "lww": {
                    int best = -1;
                    for (int k = 0; k < values.length; k++) {
                        if (changed[k] && (best < 0 || laterHead(parents[k], parents[best]))) best = k;
                    }
                    return present(values[best]);
                }
                case "ours": {
                    int k = parentIndex(resolution);
                    return k < 0 ? NO_WRITE : present(values[k]);
                }
                case "theirs": {
                    // The other of the two parents than chosenParent.
                    int k = parentIndex(resolution);
                    return k < 0 || values.length != 2 ? NO_WRITE : present(values[1 - k]);
                }
                case "manual":
                    return resolution != null && resolution.containsKey("value") ? resolution.get("value") : NO_WRITE;
                case "max":
                case "min": {
                    if (!numeric) return NO_WRITE;
                    Double extreme = null;
                    for (int k = 0; k < values.length; k++) {
                        if (!changed[k] || !(values[k] instanceof Double)) continue;
                        double v = (Double) values[k];
                        if (extreme == null || (strategy.equals("max") ? v > extreme : v < extreme)) extreme = v;
                    }
                    return extreme == null ? NO_WRITE : extreme;
                }
                default: // union fits no REDO field; the validator rejects a MERGE needing it
                    return NO_WRITE;
            }
        }

        /** Index of the resolution's chosenParent among the MERGE's parents, or −1. */
        private int parentIndex(Map<String, Object> resolution) {
            if (resolution == null) return -1;
            return merge.parents.indexOf(resolution.get("chosenParent"));
        }

        /** Whether head a beats head b by lwwTiebreakers, then by id. */
        private boolean laterHead(int a, int b) {
            ReplayNode x = t.nodes.get(a), y = t.nodes.get(b);
            for (Object tb : tiebreakers) {
                int c;
                if ("lamport".equals(tb)) c = Double.compare(x.lamport, y.lamport);
                else if ("wall".equals(tb)) c = x.wall.compareTo(y.wall);
                else if ("author".equals(tb)) c = StateOrder.UTF8_BYTES.compare(x.userId, y.userId);
                else c = 0;
                if (c != 0) return c > 0;
            }
            return x.id.compareTo(y.id) > 0;
        }
    }

    private static Object present(Object value) {
        return value == null ? NO_WRITE : value;
    }
}
