// REDO v1 platform harness, JVM: what the node-level rules learned about one record.

import java.util.List;
import java.util.Map;

/** One record after the node-level rules (NodeRules); the log-level rules read it. */
final class NodeCheck {
    /** The record's string id as received; null when it claims none. */
    String claimedId;
    /** The parsed record (member order kept); null when not an I-JSON object within the size limit. */
    Map<String, Object> node;
    /** Node-level findings, a LogCodes bit set. */
    int findings;
    /** The id is the SHA-256 of the canonical body. */
    boolean hashMatches;
    /** parents is an array of well-formed ids (so the record's parents may be followed). */
    boolean parentsWellFormed;

    // Typed fields, filled in when their own checks pass (always so for a passing record).
    List<String> parents;
    long lamport;
    String wall;
    String action;
    String taskId;
    String userId;
    Map<String, Object> payload;

    boolean passes() { return findings == 0; }
}
