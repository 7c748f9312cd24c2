// REDO v1 platform harness, JVM: what one node does to one todo (PROTOCOL.md, "Replay", step 2).
//
// A todo is a map holding `deadline`, `notes` and `completed` only when present; an
// empty map is a todo absent from the state. The same function serves the final replay
// and the replay of a todo's writers at one node (the state a MERGE compares), so both
// read the rules the same way — including relative SNOOZEs, which add to the deadline
// replayed so far and so cannot be kept as a last-writer register.

import java.util.Map;

final class StateTodo {
    private StateTodo() {}

    /**
     * Applies node {@code n}'s write on todo {@code todoTaskId} to {@code todo}.
     * {@code mergeWrites} is the MERGE's decided fields for this todo (null for other nodes).
     */
    static void apply(Map<String, Object> todo, ReplayNode n, Map<String, Object> mergeWrites) {
        Map<String, Object> p = n.payload;
        switch (n.action) {
            case "CREATE_TODO":
                todo.put("deadline", p.get("deadline"));
                todo.put("completed", Json.NULL);
                if (p.containsKey("notes")) todo.put("notes", p.get("notes"));
                break;
            case "COMPLETE_TODO":
                todo.put("completed", p.get("completed"));
                if (p.containsKey("notes")) todo.put("notes", p.get("notes"));
                break;
            case "SNOOZE":
                if (p.containsKey("newDeadline")) {
                    todo.put("deadline", p.get("newDeadline"));
                } else {
                    Object current = todo.get("deadline");
                    // A valid SNOOZE has an ancestor CREATE_TODO, so a deadline exists.
                    if (current instanceof String) {
                        todo.put("deadline", RedoTime.addDays((String) current, (Double) p.get("daysToExtend")));
                    }
                }
                if (p.containsKey("notes")) todo.put("notes", p.get("notes"));
                break;
            case "MERGE":
                if (mergeWrites != null) todo.putAll(mergeWrites);
                break;
            default:
                break;
        }
    }
}
