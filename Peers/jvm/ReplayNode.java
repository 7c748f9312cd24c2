// REDO v1 platform harness, JVM: one valid node as replay reads it (PROTOCOL.md, "Replay").
//
// Only valid nodes reach the reconstructor, so the envelope is trusted here: every key
// the validator required is present and well typed. Reading it once into fields keeps the
// replay code free of map look-ups and casts.

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

final class ReplayNode {
    final String id;
    final String action;
    final String taskId;
    final List<String> parents;
    final double lamport;   // an integer ≤ 2^53−1, so the double is exact
    final String wall;      // strict UTC form: string order is time order
    final String userId;    // author.userId, the `author` lww tiebreaker
    final Map<String, Object> payload;

    @SuppressWarnings("unchecked")
    ReplayNode(String id, Map<String, Object> node) {
        this.id = id;
        this.action = (String) node.get("action");
        this.taskId = (String) node.get("taskId");
        List<String> ps = new ArrayList<>();
        for (Object p : (List<Object>) node.get("parents")) ps.add((String) p);
        this.parents = ps;
        Map<String, Object> ts = (Map<String, Object>) node.get("timestamp");
        this.lamport = (Double) ts.get("lamport");
        this.wall = (String) ts.get("wall");
        this.userId = (String) ((Map<String, Object>) node.get("author")).get("userId");
        this.payload = (Map<String, Object>) ((Map<String, Object>) node.get("data")).get("payload");
    }

    /**
     * The REDO total order: lamport, then wall, then id, all ascending. Walls and valid ids
     * are ASCII, so String.compareTo is the bytewise order the protocol means.
     */
    static final Comparator<ReplayNode> TOTAL_ORDER = (a, b) -> {
        int c = Double.compare(a.lamport, b.lamport);
        if (c != 0) return c;
        c = a.wall.compareTo(b.wall);
        if (c != 0) return c;
        return a.id.compareTo(b.id);
    };
}
