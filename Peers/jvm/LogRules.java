// REDO v1 platform harness, JVM: log-level rules 3–9 of PROTOCOL.md for one node, judged
// after all of its parents (LogValidator fixes the order).

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

final class LogRules {
    private final Map<String, LogNode> nodes;
    private final Set<String> claimed;
    private final Map<String, LogNode> originalCreate;
    private final LogGraph graph;
    /** Per task, per todoTaskId: the valid CREATE_TODO that created it (reuse is rejected, so at most one). */
    private final Map<String, Map<String, LogNode>> todoCreators = new HashMap<>();

    LogRules(Map<String, LogNode> nodes, Set<String> claimed, Map<String, LogNode> originalCreate) {
        this.nodes = nodes;
        this.claimed = claimed;
        this.originalCreate = originalCreate;
        this.graph = new LogGraph(nodes);
    }

    private static int bit(int code) { return LogCodes.bit(code); }

    void judge(LogNode n) {
        NodeCheck c = n.check;
        int f = 0;
        boolean parentsValid = true;    // rules 6–8 read history only below valid parents
        boolean parentsAreNodes = true; // every parent's lamport is known
        boolean belowRejected = false, belowDelete = false;
        List<LogNode> parents = new ArrayList<>();
        for (String p : c.parents) {
            LogNode parent = nodes.get(p);
            if (parent == null) {
                parentsValid = false;
                parentsAreNodes = false;
                // A record that claims the id but fails node-level checks is a rejected
                // node: the child inherits. An id no record claims is not in the log.
                if (claimed.contains(p)) belowRejected = true;
                else f |= bit(LogCodes.PARENT); // parents.notFound
                continue;
            }
            parents.add(parent);
            if (!parent.check.taskId.equals(c.taskId)) { // parents.otherTask
                f |= bit(LogCodes.PARENT);
                parentsValid = false;
            }
            if (!parent.valid()) {
                parentsValid = false;
                int code = parent.code();
                if (LogCodes.isE(code) || code == LogCodes.ANCESTOR_REJECTED) belowRejected = true;
                else belowDelete = true; // only X_AFTER_DELETE
            } else if (parent.action().equals("DELETE")) {
                parentsValid = false;
                belowDelete = true;
            }
        }

        // Rule 4: lamport.
        if (c.action.equals("CREATE")) {
            if (c.lamport != 1) f |= bit(LogCodes.LAMPORT);
        } else if (parentsAreNodes) {
            long max = 0;
            for (LogNode p : parents) max = Math.max(max, p.lamport());
            if (c.lamport != max + 1) f |= bit(LogCodes.LAMPORT);
        }

        // Rule 5: duplicate CREATE.
        if (c.action.equals("CREATE") && originalCreate.get(c.taskId) != n) f |= bit(LogCodes.DUPLICATE_CREATE);

        // Rule 6, todo.isTaskId: "always rejected", it reads no history.
        Object todoId = c.payload.get("todoTaskId");
        if (todoId != null && todoId.equals(c.taskId)) f |= bit(LogCodes.TODO_REF);

        if (parentsValid) {
            f |= history(n, parents);
        }
        if (belowRejected) f |= bit(LogCodes.ANCESTOR_REJECTED);
        if (belowDelete) f |= bit(LogCodes.AFTER_DELETE);

        // Rule 8, second half: MERGE semantics run only for a MERGE that is otherwise valid.
        if (f == 0 && c.action.equals("MERGE")) {
            LogNode base = nodes.get((String) c.payload.get("base"));
            List<LogMergeState.Decision> decisions = LogMergeState.decide(graph, n, base, parents);
            if (decisions == null) f |= bit(LogCodes.SCHEMA); // merge.conflict.unresolvable
            else n.decisions = decisions;
        }

        n.findings = f;
        n.processed = true;
        if (f == 0 && c.action.equals("CREATE_TODO")) {
            todoCreators.computeIfAbsent(c.taskId, k -> new HashMap<>()).put((String) todoId, n);
        }
    }

    /** Rules 6–8 (todo references and reuse, deletedChain, MERGE base), every parent valid. */
    private int history(LogNode n, List<LogNode> parents) {
        NodeCheck c = n.check;
        Map<String, LogNode> creators = todoCreators.getOrDefault(c.taskId, Map.of());
        switch (c.action) {
            case "COMPLETE_TODO": case "SNOOZE": { // todo.notAncestor
                LogNode creator = creators.get((String) c.payload.get("todoTaskId"));
                if (creator == null || !graph.isAncestorOfParents(creator, c.parents)) return bit(LogCodes.TODO_REF);
                return 0;
            }
            case "CREATE_TODO": // todo.reused: an earlier valid CREATE_TODO in total order
                return creators.containsKey((String) c.payload.get("todoTaskId")) ? bit(LogCodes.TODO_REF) : 0;
            case "DELETE": { // deletedChain.ancestors
                List<?> chain = (List<?>) c.payload.get("deletedChain");
                Set<String> ancestors = graph.ancestors(c.parents, chain.size());
                if (ancestors == null || ancestors.size() != chain.size() || !ancestors.containsAll(new HashSet<>(chain))) {
                    return bit(LogCodes.DELETED_CHAIN);
                }
                return 0;
            }
            case "MERGE": { // merge.base.notFound / merge.base.notAncestor
                String baseId = (String) c.payload.get("base");
                if (!claimed.contains(baseId)) return bit(LogCodes.PARENT);
                LogNode base = nodes.get(baseId);
                if (base == null || !base.valid()) return bit(LogCodes.PARENT); // rejected at node level: notAncestor
                if (!base.check.taskId.equals(c.taskId)) return bit(LogCodes.PARENT);
                for (LogNode p : parents) if (!graph.isAncestorOrSelf(base, p)) return bit(LogCodes.PARENT);
                return 0;
            }
            default:
                return 0;
        }
    }
}
