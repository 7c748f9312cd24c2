// REDO v1 platform harness, JVM: the state's `rejected` list (PROTOCOL.md, "Reconstructed state").
//
// Every id some record claims and no valid node holds, with its code, sorted by UTF-8
// bytes. Records claiming no id (not I-JSON, over the size limit, no string id) are not
// listed, and a valid node's id never is, whatever its tampered copies did.
//
// Its code is the node's primary code: the code of the record that stands for the node
// (Verdict.standing: it passed every node-level rule and a log rule rejected it), whatever
// the other copies failed with; when no record stands, the code of the record that got
// furthest (Log-level rules, 1), the latest in precedence order.

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

final class StateRejected {
    private StateRejected() {}

    static List<Object> list(List<Verdict> verdicts) {
        Set<String> valid = new HashSet<>();
        for (Verdict v : verdicts) if ("valid".equals(v.status()) && v.claimedId() != null) valid.add(v.claimedId());
        Map<String, List<Verdict>> byId = new TreeMap<>(StateOrder.UTF8_BYTES);
        for (Verdict v : verdicts) {
            String id = v.claimedId();
            if (id == null || valid.contains(id) || !"rejected".equals(v.status()) || v.code() == null) continue;
            byId.computeIfAbsent(id, k -> new ArrayList<>()).add(v);
        }
        Map<String, String> codes = new TreeMap<>(StateOrder.UTF8_BYTES);
        for (Map.Entry<String, List<Verdict>> e : byId.entrySet()) codes.put(e.getKey(), nodeCode(e.getValue()));
        List<Object> out = new ArrayList<>();
        for (Map.Entry<String, String> e : codes.entrySet()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("id", e.getKey());
            entry.put("code", e.getValue());
            out.add(entry);
        }
        return out;
    }

    /** The node's code from the verdicts of its records (all rejected), as the header explains. */
    private static String nodeCode(List<Verdict> records) {
        String latest = null;
        for (Verdict v : records) {
            if (v.standing()) return v.code();
            if (latest == null || LogCodes.rank(v.code()) > LogCodes.rank(latest)) latest = v.code();
        }
        return latest;
    }
}
