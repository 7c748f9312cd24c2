// REDO v1 platform harness, JVM: one task's replay (PROTOCOL.md, "Replay" steps 1–3, and
// "Reconstructed state" for the Task object).
//
// The replay set R is sorted once in total order and every node is then known by its rank,
// so "greatest in total order" is "largest rank" and every ancestor has a smaller rank than
// its descendants (lamport grows along every edge). The state at one node, which a MERGE
// needs for its base and parents, is never stored whole:
//   - task fields are last-writer registers: per node and field, the rank of the latest
//     writer among the node and its ancestors (the max of the parents' registers and the
//     node itself) — exact, because a replay of an ancestor set leaves each field with the
//     value of its last writer;
//   - a todo at one node is the replay of that todo's few writers filtered to the node's
//     ancestors (StateTodo.apply; MergeAncestry answers the ancestry questions).

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

final class ReplayTask {

    /** R in total order; a node's index here is its rank. */
    final List<ReplayNode> nodes = new ArrayList<>();
    final Map<String, Integer> rank = new HashMap<>();
    int[][] parents;
    /** Per rank: the task fields the node writes (field → value). */
    final List<Map<String, Object>> taskWrites = new ArrayList<>();
    /** Per rank and RedoTables.TASK index: the rank of the field's last writer at that node, or −1. */
    int[][] registers;
    /** Per todoTaskId: the ranks of the nodes that write it, ascending. */
    final Map<String, List<Integer>> todoWriters = new HashMap<>();
    /** Per rank: the todos the node writes; for a MERGE also the decided fields. */
    final List<Map<String, Map<String, Object>>> todoWrites = new ArrayList<>();
    /** How many todo writes the nodes stepped so far made (a MERGE's paint-walk budget). */
    int todoWriteCount;

    private ReplayTask() {}

    /**
     * The Task object of a task whose original CREATE is valid, or null when the task is
     * deleted (step 1). {@code taskNodes} are the task's valid nodes by id.
     */
    static Map<String, Object> reconstruct(ReplayNode create, Map<String, ReplayNode> taskNodes) {
        List<ReplayNode> r = replaySet(taskNodes);
        if (r.isEmpty()) return null;
        ReplayTask t = new ReplayTask();
        t.index(r);
        for (int i = 0; i < t.nodes.size(); i++) t.step(i);
        return t.taskObject(create);
    }

    /**
     * Step 1: D = the union of the valid DELETEs' chains; S = the valid nodes that are
     * neither DELETEs nor in D; R = S and all its ancestors (resurrection). Empty R means
     * the task is deleted. Explicit stack: chains may be thousands of nodes deep.
     */
    @SuppressWarnings("unchecked")
    private static List<ReplayNode> replaySet(Map<String, ReplayNode> taskNodes) {
        Set<String> deleted = new HashSet<>();
        for (ReplayNode n : taskNodes.values()) {
            if (!n.action.equals("DELETE")) continue;
            for (Object id : (List<Object>) n.payload.get("deletedChain")) deleted.add((String) id);
        }
        Set<String> inR = new HashSet<>();
        ArrayDeque<String> stack = new ArrayDeque<>();
        for (ReplayNode n : taskNodes.values()) {
            if (n.action.equals("DELETE") || deleted.contains(n.id)) continue;
            if (inR.add(n.id)) stack.push(n.id);
        }
        while (!stack.isEmpty()) {
            ReplayNode n = taskNodes.get(stack.pop());
            for (String p : n.parents) {
                // A valid node's parents are valid nodes of its task; the check only guards
                // against verdicts that break that promise.
                if (taskNodes.containsKey(p) && inR.add(p)) stack.push(p);
            }
        }
        List<ReplayNode> r = new ArrayList<>();
        for (String id : inR) r.add(taskNodes.get(id));
        r.sort(ReplayNode.TOTAL_ORDER);
        return r;
    }

    private void index(List<ReplayNode> r) {
        nodes.addAll(r);
        for (int i = 0; i < nodes.size(); i++) rank.put(nodes.get(i).id, i);
        parents = new int[nodes.size()][];
        registers = new int[nodes.size()][];
        for (int i = 0; i < nodes.size(); i++) {
            List<String> ps = nodes.get(i).parents;
            int[] idx = new int[ps.size()];
            for (int k = 0; k < idx.length; k++) idx[k] = rank.getOrDefault(ps.get(k), -1);
            parents[i] = idx;
        }
    }

    /** Computes node i's writes (a MERGE decides them from its ancestors' states) and registers. */
    private void step(int i) {
        ReplayNode n = nodes.get(i);
        Map<String, Object> writes = new LinkedHashMap<>();
        Map<String, Map<String, Object>> todos = new LinkedHashMap<>();
        Map<String, Object> p = n.payload;
        switch (n.action) {
            case "CREATE":
                for (String f : RedoTables.TASK) if (p.containsKey(f)) writes.put(f, p.get(f));
                writes.put("archived", Boolean.FALSE);
                break;
            case "UPDATE":
                // extensions is opaque; archived is reserved, so never an UPDATE key.
                for (String f : RedoTables.TASK) if (p.containsKey(f)) writes.put(f, p.get(f));
                break;
            case "ARCHIVE":
                writes.put("archived", Boolean.TRUE);
                break;
            case "UNARCHIVE":
                writes.put("archived", Boolean.FALSE);
                break;
            case "CREATE_TODO":
            case "COMPLETE_TODO":
            case "SNOOZE":
                todos.put((String) p.get("todoTaskId"), null);
                break;
            case "MERGE":
                MergeDecision.decide(this, i, writes, todos);
                break;
            default:
                break;
        }
        taskWrites.add(writes);
        todoWrites.add(todos);
        for (String todo : todos.keySet()) todoWriters.computeIfAbsent(todo, k -> new ArrayList<>()).add(i);
        todoWriteCount += todos.size();

        int[] reg = new int[RedoTables.TASK.size()];
        Arrays.fill(reg, -1);
        for (int pr : parents[i]) {
            if (pr < 0) continue;
            for (int f = 0; f < reg.length; f++) reg[f] = Math.max(reg[f], registers[pr][f]);
        }
        for (int f = 0; f < reg.length; f++) if (writes.containsKey(RedoTables.TASK.get(f))) reg[f] = i;
        registers[i] = reg;
    }

    /** The value of task field f in the state at node `at`, or null when absent there. */
    Object taskFieldAt(int at, int f) {
        int w = registers[at][f];
        return w < 0 ? null : taskWrites.get(w).get(RedoTables.TASK.get(f));
    }

    /** Steps 2–3 over all of R, then the Task object of "Reconstructed state". */
    private Map<String, Object> taskObject(ReplayNode create) {
        Map<String, Object> task = new LinkedHashMap<>();
        task.put("taskId", create.taskId);
        Map<String, Map<String, Object>> todos = new LinkedHashMap<>(); // CREATE_TODO total order
        Map<String, String> todoNode = new HashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            ReplayNode n = nodes.get(i);
            task.putAll(taskWrites.get(i));
            for (Map.Entry<String, Map<String, Object>> e : todoWrites.get(i).entrySet()) {
                if (n.action.equals("CREATE_TODO")) todoNode.put(e.getKey(), n.id);
                StateTodo.apply(todos.computeIfAbsent(e.getKey(), k -> new LinkedHashMap<>()), n, e.getValue());
            }
        }
        task.put("created", create.wall);
        List<Object> todoList = new ArrayList<>();
        Object current = Json.NULL;
        for (Map.Entry<String, Map<String, Object>> e : todos.entrySet()) {
            Map<String, Object> todo = new LinkedHashMap<>();
            todo.put("todoTaskId", e.getKey());
            todo.putAll(e.getValue());
            todo.put("node", todoNode.get(e.getKey()));
            todoList.add(todo);
            // "Tallest chain wins": the last open todo in CREATE_TODO order.
            if (e.getValue().get("completed") == Json.NULL) current = e.getKey();
        }
        task.put("todos", todoList);
        task.put("currentTodo", current);
        task.put("heads", heads());
        return task;
    }

    /** The ids of R's nodes that no node of R names as a parent, sorted. */
    private List<Object> heads() {
        boolean[] named = new boolean[nodes.size()];
        for (int[] ps : parents) for (int p : ps) if (p >= 0) named[p] = true;
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) if (!named[i]) ids.add(nodes.get(i).id);
        ids.sort(StateOrder.UTF8_BYTES);
        return new ArrayList<>(ids);
    }
}
