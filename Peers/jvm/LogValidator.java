// REDO v1 platform harness, JVM: node and log validation (PROTOCOL.md, "Log-level
// rules"), synced profile. NodeRules judges each record alone; this file groups records
// into nodes, processes the nodes parents first in total order, and applies the
// log-level rules 3–9 to each.

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

final class LogValidator {
    private LogValidator() {}

    /** One verdict per record, in record order: every node rule and every log rule, synced profile. */
    static List<Verdict> validate(List<String> records) {
        List<NodeCheck> checks = new ArrayList<>(records.size());
        for (String r : records) checks.add(NodeRules.check(r));

        // Rule 1: records with the same id are one node; the first passing record stands for it.
        Set<String> claimed = new HashSet<>();
        Map<String, LogNode> nodes = new HashMap<>();
        List<LogNode> order = new ArrayList<>();
        LogNode[] representative = new LogNode[records.size()];
        for (int i = 0; i < checks.size(); i++) {
            NodeCheck c = checks.get(i);
            if (c.claimedId == null) continue;
            claimed.add(c.claimedId);
            if (c.passes() && !nodes.containsKey(c.claimedId)) {
                LogNode n = new LogNode(c);
                nodes.put(n.id, n);
                order.add(n);
                representative[i] = n;
            }
        }
        process(order, nodes, claimed);

        List<Verdict> verdicts = new ArrayList<>(records.size());
        for (int i = 0; i < checks.size(); i++) {
            NodeCheck c = checks.get(i);
            if (!c.passes()) {
                verdicts.add(new Verdict(c.claimedId, "rejected", LogCodes.name(LogCodes.primary(c.findings)), c.node, false));
            } else if (representative[i] == null) {
                verdicts.add(new Verdict(c.claimedId, "duplicate", null, c.node, false));
            } else {
                LogNode n = representative[i];
                verdicts.add(new Verdict(c.claimedId, n.valid() ? "valid" : "rejected", LogCodes.name(n.code()), c.node, true));
            }
        }
        return verdicts;
    }

    /** Rule 2: parents first; among the nodes whose parents are all done, REDO total order. */
    private static void process(List<LogNode> order, Map<String, LogNode> nodes, Set<String> claimed) {
        for (LogNode n : order) {
            for (String p : n.check.parents) {
                LogNode parent = nodes.get(p);
                if (parent != null) {
                    parent.children.add(n);
                    n.pendingParents++;
                }
            }
        }
        LogRules rules = new LogRules(nodes, claimed, originalCreates(order));
        PriorityQueue<LogNode> ready = new PriorityQueue<>(LogNode.TOTAL_ORDER);
        for (LogNode n : order) if (n.pendingParents == 0) ready.add(n);
        while (!ready.isEmpty()) {
            LogNode n = ready.poll();
            rules.judge(n);
            for (LogNode child : n.children) if (--child.pendingParents == 0) ready.add(child);
        }
    }

    /** Rule 5: per task, the original among the passing CREATEs (earliest wall, then smallest id). */
    private static Map<String, LogNode> originalCreates(List<LogNode> order) {
        Map<String, LogNode> original = new HashMap<>();
        for (LogNode n : order) {
            if (!n.action().equals("CREATE")) continue;
            original.merge(n.check.taskId, n, (a, b) -> {
                int c = a.check.wall.compareTo(b.check.wall);
                if (c == 0) c = a.id.compareTo(b.id);
                return c <= 0 ? a : b;
            });
        }
        return original;
    }
}
