// REDO v1 platform harness, JVM: the part of replay a MERGE's validation needs
// (PROTOCOL.md, "Replay" → "MERGE"): the state at a node (the replay of it and its
// ancestors only), the three-way comparison against the base, and whether
// policy.defaultStrategy can decide every conflict left to it (rule
// merge.conflict.unresolvable). A valid MERGE's decisions are kept on its node, because
// a later MERGE's states replay it.
//
// This is a second, validation-only replay; the reconstructed state is Reconstructor's.
// The state at a node is recomputed from its ancestors for each MERGE (costly for many
// MERGEs over long histories, but exact and simple).

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

final class LogMergeState {
    private LogMergeState() {}

    /** A field a MERGE decided: todoId null for a task field. */
    record Decision(String todoId, String field, Object value) {}

    /** Task fields, and todos by todoTaskId (each its deadline, notes, completed). A missing key is an absent field. */
    static final class State {
        final Map<String, Object> task = new HashMap<>();
        final Map<String, Map<String, Object>> todos = new HashMap<>();
    }

    static State stateAt(LogGraph graph, LogNode node) {
        List<LogNode> set = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Deque<LogNode> stack = new ArrayDeque<>();
        seen.add(node.id);
        stack.push(node);
        while (!stack.isEmpty()) {
            LogNode x = stack.pop();
            set.add(x);
            for (String p : x.check.parents) {
                LogNode n = graph.node(p);
                if (n != null && seen.add(p)) stack.push(n);
            }
        }
        set.sort(LogNode.TOTAL_ORDER);
        State s = new State();
        for (LogNode x : set) apply(s, x);
        return s;
    }

    private static void apply(State s, LogNode x) {
        Map<String, Object> p = x.check.payload;
        switch (x.action()) {
            case "CREATE":
                s.task.put("archived", Boolean.FALSE);
                setMetadata(s, p);
                break;
            case "UPDATE":
                setMetadata(s, p);
                break;
            case "ARCHIVE": s.task.put("archived", Boolean.TRUE); break;
            case "UNARCHIVE": s.task.put("archived", Boolean.FALSE); break;
            case "CREATE_TODO": {
                Map<String, Object> todo = new HashMap<>();
                todo.put("deadline", p.get("deadline"));
                if (p.containsKey("notes")) todo.put("notes", p.get("notes"));
                todo.put("completed", Json.NULL);
                s.todos.put((String) p.get("todoTaskId"), todo);
                break;
            }
            case "COMPLETE_TODO": {
                Map<String, Object> todo = s.todos.get((String) p.get("todoTaskId"));
                if (todo == null) break;
                todo.put("completed", p.get("completed"));
                if (p.containsKey("notes")) todo.put("notes", p.get("notes"));
                break;
            }
            case "SNOOZE": {
                Map<String, Object> todo = s.todos.get((String) p.get("todoTaskId"));
                if (todo == null) break;
                if (p.containsKey("newDeadline")) todo.put("deadline", p.get("newDeadline"));
                else if (todo.get("deadline") instanceof String) todo.put("deadline", RedoTime.addDays((String) todo.get("deadline"), (Double) p.get("daysToExtend")));
                if (p.containsKey("notes")) todo.put("notes", p.get("notes"));
                break;
            }
            case "MERGE":
                if (x.decisions == null) break;
                for (Decision d : x.decisions) {
                    if (d.todoId() == null) s.task.put(d.field(), d.value());
                    else s.todos.computeIfAbsent(d.todoId(), k -> new HashMap<>()).put(d.field(), d.value());
                }
                break;
            default: break; // DELETE changes no field
        }
    }

    /** CREATE and UPDATE set the metadata they carry (`archived` is reserved in a payload); extensions are opaque. */
    private static void setMetadata(State s, Map<String, Object> p) {
        for (String f : RedoTables.TASK) {
            if (p.containsKey(f)) s.task.put(f, p.get(f));
        }
    }

    /**
     * The MERGE's decisions, or null when a conflict is left to a defaultStrategy that
     * cannot decide it. base and parents are valid nodes of the MERGE's task.
     */
    @SuppressWarnings("unchecked")
    static List<Decision> decide(LogGraph graph, LogNode merge, LogNode base, List<LogNode> parents) {
        Map<String, Object> p = merge.check.payload;
        Map<String, Object> policy = p.get("policy") instanceof Map ? (Map<String, Object>) p.get("policy") : Map.of();
        String defaultStrategy = policy.containsKey("defaultStrategy") ? (String) policy.get("defaultStrategy") : "lww";
        List<Object> tiebreakers = policy.containsKey("lwwTiebreakers") ? (List<Object>) policy.get("lwwTiebreakers") : RedoTables.DEFAULT_TIEBREAKERS;
        Map<String, Object> resolutions = p.get("resolutions") instanceof Map ? (Map<String, Object>) p.get("resolutions") : Map.of();
        List<Object> taskResolutions = resolutions.get("task") instanceof List ? (List<Object>) resolutions.get("task") : List.of();
        List<Object> todoEntries = resolutions.get("todos") instanceof List ? (List<Object>) resolutions.get("todos") : List.of();

        State baseState = stateAt(graph, base);
        List<State> states = new ArrayList<>();
        for (LogNode parent : parents) states.add(stateAt(graph, parent));

        Ctx ctx = new Ctx(parents, states, defaultStrategy, tiebreakers);
        List<Decision> decisions = new ArrayList<>();
        for (String field : RedoTables.TASK) {
            List<Object> values = new ArrayList<>();
            for (State s : states) values.add(s.task.get(field));
            Map<String, Object> resolution = firstResolution(taskResolutions, field);
            if (!ctx.decide(null, field, baseState.task.get(field), values, resolution, decisions)) return null;
        }
        Set<String> todoIds = new LinkedHashSet<>(baseState.todos.keySet());
        for (State s : states) todoIds.addAll(s.todos.keySet());
        for (String todoId : todoIds) {
            Map<String, Object> baseTodo = baseState.todos.getOrDefault(todoId, Map.of());
            for (String field : RedoTables.TODO) {
                List<Object> values = new ArrayList<>();
                for (State s : states) values.add(s.todos.getOrDefault(todoId, Map.of()).get(field));
                Map<String, Object> resolution = null;
                for (Object entry : todoEntries) {
                    Map<String, Object> e = (Map<String, Object>) entry;
                    if (!todoId.equals(e.get("todoTaskId"))) continue;
                    resolution = firstResolution((List<Object>) e.get("fields"), field);
                    if (resolution != null) break;
                }
                if (!ctx.decide(todoId, field, baseTodo.get(field), values, resolution, decisions)) return null;
            }
        }
        return decisions;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> firstResolution(List<Object> list, String field) {
        for (Object r : list) {
            Map<String, Object> m = (Map<String, Object>) r;
            if (field.equals(m.get("path"))) return m;
        }
        return null;
    }

    /** One MERGE's parents, their states and its policy. */
    private static final class Ctx {
        final List<LogNode> parents;
        final List<State> states;
        final String defaultStrategy;
        final List<Object> tiebreakers;

        Ctx(List<LogNode> parents, List<State> states, String defaultStrategy, List<Object> tiebreakers) {
            this.parents = parents;
            this.states = states;
            this.defaultStrategy = defaultStrategy;
            this.tiebreakers = tiebreakers;
        }

        /** Decides one field; false when the conflict cannot be decided. */
        boolean decide(String todoId, String field, Object base, List<Object> values, Map<String, Object> resolution, List<Decision> out) {
            List<Integer> changed = new ArrayList<>();
            for (int i = 0; i < values.size(); i++) if (!RedoTables.same(values.get(i), base)) changed.add(i);
            if (changed.isEmpty()) return true; // no parent changed it: not touched
            if (resolution != null) {
                write(todoId, field, strategyValue((String) resolution.get("strategy"), resolution, field, values, changed), out);
                return true;
            }
            boolean agree = true;
            for (int i : changed) if (!RedoTables.same(values.get(i), values.get(changed.get(0)))) agree = false;
            if (agree) {
                write(todoId, field, new Object[] {values.get(changed.get(0))}, out);
                return true;
            }
            switch (defaultStrategy) {
                case "lww": write(todoId, field, strategyValue("lww", null, field, values, changed), out); return true;
                case "max": case "min":
                    if (!RedoTables.NUMERIC.contains(field)) return false;
                    write(todoId, field, strategyValue(defaultStrategy, null, field, values, changed), out);
                    return true;
                default: return false; // ours, theirs, manual carry no parent or value; union fits nothing
            }
        }

        /** The chosen value wrapped in a one-element array, or null to leave the field alone. */
        private Object[] strategyValue(String strategy, Map<String, Object> resolution, String field, List<Object> values, List<Integer> changed) {
            switch (strategy) {
                case "manual": return new Object[] {resolution.get("value")};
                case "ours": case "theirs": {
                    int chosen = indexOf((String) resolution.get("chosenParent"));
                    if (strategy.equals("theirs")) chosen = 1 - chosen;
                    Object v = values.get(chosen);
                    return v == null ? null : new Object[] {v};
                }
                case "max": case "min": {
                    Double best = null;
                    for (int i : changed) {
                        Object v = values.get(i);
                        if (!(v instanceof Double)) continue;
                        double d = (Double) v;
                        if (best == null || (strategy.equals("max") ? d > best : d < best)) best = d;
                    }
                    return best == null ? null : new Object[] {best};
                }
                default: { // lww
                    int winner = changed.get(0);
                    for (int i : changed) if (lwwCompare(parents.get(i), parents.get(winner)) > 0) winner = i;
                    Object v = values.get(winner);
                    return v == null ? null : new Object[] {v};
                }
            }
        }

        private int indexOf(String id) {
            for (int i = 0; i < parents.size(); i++) if (parents.get(i).id.equals(id)) return i;
            throw new IllegalStateException("chosenParent is checked to be a parent");
        }

        private int lwwCompare(LogNode a, LogNode b) {
            for (Object t : tiebreakers) {
                int c;
                switch ((String) t) {
                    case "lamport": c = Long.compare(a.lamport(), b.lamport()); break;
                    case "wall": c = a.check.wall.compareTo(b.check.wall); break;
                    default: c = a.check.userId.compareTo(b.check.userId); break; // author
                }
                if (c != 0) return c;
            }
            return a.id.compareTo(b.id);
        }

        private void write(String todoId, String field, Object[] value, List<Decision> out) {
            if (value == null || value[0] == null) return; // absent: left alone
            out.add(new Decision(todoId, field, value[0]));
        }
    }
}
