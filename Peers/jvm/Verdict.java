// REDO v1 platform harness, JVM.

import java.util.Map;

/**
 * One record's verdict under the synced profile (PROTOCOL.md, "Verdicts and codes").
 *
 * @param claimedId the record's string {@code id} as received, or null when the record
 *                  claims none (not I-JSON, over the record size limit, no string id)
 * @param status    "valid", "rejected" or "duplicate"
 * @param code      the primary code of a rejected record; null otherwise
 * @param node      the record parsed (member order kept), or null when it is not an I-JSON
 *                  object within the size limit
 * @param standing  whether the record stands for its node: the first record of its id to
 *                  pass every node-level rule, valid or rejected by a log rule; its code is
 *                  then the node's code in the state's {@code rejected} list, whatever other
 *                  records of the id failed with
 */
record Verdict(String claimedId, String status, String code, Map<String, Object> node, boolean standing) {}
