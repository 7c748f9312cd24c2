// REDO v1 platform harness, JVM: one node of the log (the first record of its id that
// passes every node-level rule) and what the log-level rules decided about it.

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

final class LogNode {
    final NodeCheck check;
    final String id;
    /** The nodes naming this one as a parent, and how many of this node's parents are not yet judged (Kahn's order). */
    final List<LogNode> children = new ArrayList<>();
    int pendingParents;

    /** Set when processed: the log-level findings (LogCodes bit set; 0 = valid). */
    int findings;
    boolean processed;
    /** For a valid MERGE: the fields it decided (replayed by LogMergeState). */
    List<LogMergeState.Decision> decisions;

    LogNode(NodeCheck check) {
        this.check = check;
        this.id = check.claimedId;
    }

    boolean valid() { return processed && findings == 0; }
    int code() { return LogCodes.primary(findings); }
    String action() { return check.action; }
    long lamport() { return check.lamport; }

    /** REDO total order: lamport, then wall, then id (PROTOCOL.md, "Replay"). */
    static final Comparator<LogNode> TOTAL_ORDER = Comparator
        .comparingLong((LogNode n) -> n.check.lamport)
        .thenComparing(n -> n.check.wall)
        .thenComparing(n -> n.id);
}
