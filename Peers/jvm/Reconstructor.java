// REDO v1 platform harness, JVM: replay and the reconstructed state (PROTOCOL.md).
//
// Everything after the verdicts: the valid nodes grouped by task, each task replayed
// (ReplayTask, MergeDecision), deleted tasks listed, the rejected ids listed
// (StateRejected), and the whole written as RFC 8785 canonical JSON (Json.canonicalize
// sorts object keys; the lists are sorted here, by UTF-8 bytes).

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

final class Reconstructor {
    private Reconstructor() {}

    /** The reconstructed state's RFC 8785 bytes, given the records and their verdicts (same order). */
    static byte[] stateBytes(List<String> records, List<Verdict> verdicts) {
        // The valid nodes, one per id (other passing records of an id are "duplicate").
        Map<String, Map<String, ReplayNode>> byTask = new HashMap<>();
        for (Verdict v : verdicts) {
            if (!"valid".equals(v.status()) || v.node() == null || v.claimedId() == null) continue;
            ReplayNode n = new ReplayNode(v.claimedId(), v.node());
            byTask.computeIfAbsent(n.taskId, k -> new HashMap<>()).putIfAbsent(n.id, n);
        }

        Map<String, Object> tasks = new TreeMap<>(StateOrder.UTF8_BYTES);
        List<String> deleted = new ArrayList<>();
        for (Map.Entry<String, Map<String, ReplayNode>> e : byTask.entrySet()) {
            ReplayNode create = originalCreate(e.getValue());
            if (create == null) continue; // no valid CREATE: the task is not reconstructed
            Map<String, Object> task = ReplayTask.reconstruct(create, e.getValue());
            if (task == null) deleted.add(e.getKey()); else tasks.put(e.getKey(), task);
        }
        deleted.sort(StateOrder.UTF8_BYTES);

        Map<String, Object> state = new LinkedHashMap<>();
        state.put("version", 1.0);
        state.put("tasks", new ArrayList<>(tasks.values()));
        state.put("deleted", new ArrayList<Object>(deleted));
        state.put("rejected", StateRejected.list(verdicts));
        try {
            return Json.canonicalize(state).getBytes(StandardCharsets.UTF_8);
        } catch (JsonException e) {
            // Every value here came out of the strict parser, so it canonicalizes.
            throw new IllegalStateException(e);
        }
    }

    /**
     * The task's valid CREATE. The validator leaves at most one (the others are
     * E_DUPLICATE_CREATE); should it leave several, the rule for the original decides:
     * earliest wall, then the smallest id.
     */
    private static ReplayNode originalCreate(Map<String, ReplayNode> taskNodes) {
        ReplayNode best = null;
        for (ReplayNode n : taskNodes.values()) {
            if (!n.action.equals("CREATE")) continue;
            if (best == null || n.wall.compareTo(best.wall) < 0
                    || n.wall.equals(best.wall) && n.id.compareTo(best.id) < 0) best = n;
        }
        return best;
    }
}
