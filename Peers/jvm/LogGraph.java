// REDO v1 platform harness, JVM: ancestry among valid nodes, by explicit stacks (a chain
// of thousands of nodes must not overflow the call stack).
//
// Every walk here starts below nodes whose parents are all valid, so every node it
// meets is valid, and lamport grows by exactly max(parents) + 1 along each edge: a node
// whose lamport is not above the target's cannot have the target as an ancestor, which
// bounds each walk to the region between the two nodes.

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

final class LogGraph {
    private final Map<String, LogNode> nodes;

    LogGraph(Map<String, LogNode> nodes) { this.nodes = nodes; }

    LogNode node(String id) { return nodes.get(id); }

    /** True when target is a strict ancestor of the node whose parents are given. */
    boolean isAncestorOfParents(LogNode target, Iterable<String> parents) {
        Deque<LogNode> stack = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        for (String p : parents) push(p, target, stack, seen);
        while (!stack.isEmpty()) {
            LogNode x = stack.pop();
            if (x == target) return true;
            for (String p : x.check.parents) push(p, target, stack, seen);
        }
        return false;
    }

    private void push(String id, LogNode target, Deque<LogNode> stack, Set<String> seen) {
        LogNode n = nodes.get(id);
        if (n == null || n.lamport() < target.lamport() || !seen.add(id)) return;
        if (n.lamport() == target.lamport() && n != target) return;
        stack.push(n);
    }

    /** target == node, or target is an ancestor of node. */
    boolean isAncestorOrSelf(LogNode target, LogNode node) {
        return target == node || isAncestorOfParents(target, node.check.parents);
    }

    /**
     * The strict ancestors of a node with the given parents, or null as soon as there are
     * more than limit of them (a DELETE's walk stops once it has exceeded its chain).
     */
    Set<String> ancestors(Iterable<String> parents, int limit) {
        Set<String> seen = new HashSet<>();
        Deque<String> stack = new ArrayDeque<>();
        for (String p : parents) if (seen.add(p)) stack.push(p);
        if (seen.size() > limit) return null;
        while (!stack.isEmpty()) {
            LogNode x = nodes.get(stack.pop());
            if (x == null) continue;
            for (String p : x.check.parents) {
                if (seen.add(p)) {
                    if (seen.size() > limit) return null;
                    stack.push(p);
                }
            }
        }
        return seen;
    }
}
