// REDO v1 platform harness, JVM: the ancestry questions one MERGE asks (PROTOCOL.md, "MERGE").
//
// A MERGE compares the state at its base B with the state at each parent P1…Pk. Task
// fields come from registers; todos need (a) which todos can differ between B and some
// Pi — those with a writer that Pi has among its ancestors and B has not — and (b) for
// each such todo, which of its writers are ancestors of B and of each Pi.
//
// Two ways to answer, chosen per MERGE (the answers are the same):
//
// 1. A "paint" walk backwards from B and every Pi at once, in decreasing rank (total
//    order), each node carrying the set of start nodes it is an ancestor-or-self of
//    (bit 0 = B, bit k+1 = Pk). A node's set is final when it is popped, because every
//    node that can reach it has a larger rank and was popped before. The walk stops once
//    every queued node carries B: all beyond is an ancestor of B, and since B is an
//    ancestor of every Pi (a validity rule), of every Pi too. So the nodes painted without
//    B are exactly those some Pi has and B lacks: where the todos that can differ were
//    written. A writer never painted is an ancestor of every Pi exactly when it is one of B.
// 2. When the paint walk would visit more nodes than the task has todo writes (a base far
//    back, as in a long chain of merges over the root), it is abandoned and every todo
//    writer is tested instead, by walks back from B and each Pi that only descend to the
//    lowest writer's rank (ancestors always rank lower). With no todo written yet, a MERGE
//    costs nothing here at all.
//
// Every walk uses explicit stacks and queues: a chain may be thousands of nodes deep.

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeSet;

final class MergeAncestry {
    private final ReplayTask t;
    private final int base;
    private final int[] parents;
    /** Rank → start nodes it is an ancestor-or-self of; null when the paint walk was abandoned. */
    private Map<Integer, Integer> paint = new HashMap<>();
    private final List<Integer> aboveBase = new ArrayList<>();
    private Reach baseReach;
    private final Reach[] parentReach;

    /** {@code todoWrites}: how many todo writes precede the MERGE, the paint walk's budget. */
    MergeAncestry(ReplayTask t, int base, int[] parents, int todoWrites) {
        this.t = t;
        this.base = base;
        this.parents = parents;
        this.parentReach = new Reach[parents.length];
        if (todoWrites == 0) {
            paint = Map.of(); // nothing written: no todo can differ, and none is asked about
        } else if (!paintWalk(todoWrites + 16L)) {
            paint = null;
        }
    }

    /** Walk 1; false when it would visit more than budget nodes. */
    private boolean paintWalk(long budget) {
        PriorityQueue<Integer> queue = new PriorityQueue<>(Collections.reverseOrder());
        int[] withoutBase = {0}; // queued nodes whose paint lacks B
        mark(queue, base, 1, withoutBase);
        for (int k = 0; k < parents.length; k++) mark(queue, parents[k], 1 << (k + 1), withoutBase);
        long visited = 0;
        while (withoutBase[0] > 0 && !queue.isEmpty()) {
            if (++visited > budget) return false;
            int x = queue.poll();
            int bits = paint.get(x);
            if ((bits & 1) == 0) {
                withoutBase[0]--;
                aboveBase.add(x);
            }
            for (int p : t.parents[x]) if (p >= 0) mark(queue, p, bits, withoutBase);
        }
        return true;
    }

    private void mark(PriorityQueue<Integer> queue, int x, int bits, int[] withoutBase) {
        if (x < 0) return;
        Integer old = paint.get(x);
        if (old == null) {
            paint.put(x, bits);
            queue.add(x);
            if ((bits & 1) == 0) withoutBase[0]++;
        } else {
            // x is still queued: a node is popped only after every node that reaches it.
            int merged = old | bits;
            if ((old & 1) == 0 && (merged & 1) != 0) withoutBase[0]--;
            paint.put(x, merged);
        }
    }

    /** The todos that can differ between the base and some parent, sorted. */
    Set<String> candidateTodos() {
        Set<String> out = new TreeSet<>();
        if (paint != null) {
            for (int r : aboveBase) out.addAll(t.todoWrites.get(r).keySet());
            return out;
        }
        for (Map.Entry<String, List<Integer>> e : t.todoWriters.entrySet()) {
            for (int w : e.getValue()) {
                if (inBase(w)) continue;
                boolean some = false;
                for (int k = 0; k < parents.length && !some; k++) some = inParent(w, k);
                if (some) {
                    out.add(e.getKey());
                    break;
                }
            }
        }
        return out;
    }

    /** Whether rank w is an ancestor-or-self of the base. */
    boolean inBase(int w) {
        if (paint != null) {
            Integer bits = paint.get(w);
            if (bits != null) return (bits & 1) != 0;
        }
        if (baseReach == null) baseReach = new Reach(t, base);
        return baseReach.contains(w);
    }

    /** Whether rank w is an ancestor-or-self of the MERGE's k-th parent (0-based). */
    boolean inParent(int w, int k) {
        if (paint != null) {
            Integer bits = paint.get(w);
            if (bits != null && (bits & (1 << (k + 1))) != 0) return true;
            return inBase(w);
        }
        if (parentReach[k] == null) parentReach[k] = new Reach(t, parents[k]);
        return parentReach[k].contains(w);
    }

    /**
     * The ancestors-or-self of one node, found down to a floor rank and extended (not
     * restarted) when a lower rank is asked about. `unexpanded` holds found ancestors whose
     * parents were not looked at because they lay below the floor.
     */
    private static final class Reach {
        private final ReplayTask t;
        private final int start;
        private final Set<Integer> found = new HashSet<>();
        private final List<Integer> unexpanded = new ArrayList<>();
        private int floor = Integer.MAX_VALUE;

        Reach(ReplayTask t, int start) {
            this.t = t;
            this.start = start;
            found.add(start);
            unexpanded.add(start);
        }

        boolean contains(int w) {
            if (w > start) return false;
            if (w < floor) extendTo(w);
            return found.contains(w);
        }

        private void extendTo(int newFloor) {
            floor = newFloor;
            ArrayDeque<Integer> stack = new ArrayDeque<>();
            List<Integer> stillBelow = new ArrayList<>();
            for (int x : unexpanded) {
                if (x >= newFloor) stack.push(x); else stillBelow.add(x);
            }
            unexpanded.clear();
            unexpanded.addAll(stillBelow);
            while (!stack.isEmpty()) {
                int x = stack.pop();
                for (int p : t.parents[x]) {
                    if (p < 0 || !found.add(p)) continue;
                    if (p >= newFloor) stack.push(p); else unexpanded.add(p);
                }
            }
        }
    }
}
