// REDO v1 platform harness, JVM: the node-level rules of PROTOCOL.md's rule catalog
// (record, envelope, identity, signature), one record at a time. Payload rules are in
// NodePayloadRules, MERGE resolution rules in NodeMergeRules.
//
// Only the set of codes matters for a record's verdict (its primary code is the first
// in precedence), so a check whose input is already known to be broken is skipped
// rather than reported twice.

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

final class NodeRules {
    private NodeRules() {}

    static final Set<String> ENVELOPE_KEYS = Set.of("id", "version", "parents", "timestamp", "author", "action", "taskId", "data", "signature");

    /** The synced profile: every node must be signed. */
    static NodeCheck check(String record) { return check(record, true); }

    /**
     * The node-level rules under a profile: synced (signatureRequired) or local, where a
     * missing signature is allowed and a present one is still verified.
     */
    static NodeCheck check(String record, boolean signatureRequired) {
        NodeCheck c = new NodeCheck();
        if (utf8Length(record) > RedoTables.MAX_RECORD_BYTES) { // record.size: never read
            c.findings |= LogCodes.bit(LogCodes.SCHEMA);
            return c;
        }
        Object parsed;
        try {
            parsed = Json.Parser.parse(record);
        } catch (JsonException e) { // record.syntax: no single reading, so no id either
            c.findings |= LogCodes.bit(LogCodes.SCHEMA);
            return c;
        }
        if (!(parsed instanceof Map)) { // record.object
            c.findings |= LogCodes.bit(LogCodes.SCHEMA);
            return c;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> node = (Map<String, Object>) parsed;
        c.node = node;
        Object id = node.get("id");
        if (id instanceof String) c.claimedId = (String) id;
        envelope(c, node, signatureRequired);
        identity(c, node);
        return c;
    }

    static long utf8Length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch < 0x80) n += 1;
            else if (ch < 0x800) n += 2;
            else if (Character.isHighSurrogate(ch) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) { n += 4; i++; }
            else n += 3;
        }
        return n;
    }

    private static void schema(NodeCheck c) { c.findings |= LogCodes.bit(LogCodes.SCHEMA); }
    private static void encoding(NodeCheck c) { c.findings |= LogCodes.bit(LogCodes.ENCODING); }

    @SuppressWarnings("unchecked")
    private static void envelope(NodeCheck c, Map<String, Object> node, boolean signatureRequired) {
        for (String key : List.of("id", "version", "parents", "timestamp", "author", "action", "taskId", "data")) {
            if (!node.containsKey(key)) schema(c); // envelope.required
        }
        for (String key : node.keySet()) {
            if (!ENVELOPE_KEYS.contains(key)) schema(c); // envelope.unknownKey, even for a reserved name
        }

        Object id = node.get("id");
        if (id != null) {
            if (!(id instanceof String)) schema(c);
            else if (!NodeFormats.isNodeId(id)) encoding(c); // id.format
        }

        Object version = node.get("version");
        if (version != null) {
            if (!(version instanceof Double)) schema(c);
            else if ((Double) version != 1.0) schema(c); // version.value
        }

        Object action = node.get("action");
        if (action != null) {
            if (!(action instanceof String)) schema(c);
            else if (RedoTables.action((String) action) != null) c.action = (String) action;
            else schema(c); // action.enum
        }

        Object parents = node.get("parents");
        if (parents != null) {
            if (!(parents instanceof List)) {
                schema(c);
            } else {
                List<String> ids = new ArrayList<>();
                boolean wellFormed = true;
                for (Object p : (List<Object>) parents) {
                    if (!(p instanceof String)) { schema(c); wellFormed = false; continue; }
                    if (!NodeFormats.isNodeId(p)) { encoding(c); wellFormed = false; } // parents.entry
                    ids.add((String) p);
                }
                if (new HashSet<>(ids).size() != ids.size()) schema(c); // parents.duplicate
                int n = ((List<Object>) parents).size();
                if (c.action != null) { // parents.count
                    RedoTables.Action a = RedoTables.action(c.action);
                    if (n < a.minParents() || n > a.maxParents()) schema(c);
                }
                c.parentsWellFormed = wellFormed;
                c.parents = ids;
            }
        }

        Object timestamp = node.get("timestamp");
        if (timestamp != null) {
            if (!(timestamp instanceof Map)) {
                schema(c);
            } else {
                Map<String, Object> t = (Map<String, Object>) timestamp;
                for (String key : t.keySet()) if (!key.equals("lamport") && !key.equals("wall")) schema(c);
                Object lamport = t.get("lamport");
                if (lamport == null) schema(c);
                else if (!(lamport instanceof Double)) schema(c);
                else if (!NodeFormats.isIntegerIn(lamport, 1, NodeFormats.MAX_SAFE)) schema(c); // timestamp.lamport.range
                else c.lamport = (long) (double) (Double) lamport;
                Object wall = t.get("wall");
                if (wall == null) schema(c);
                else if (!(wall instanceof String)) schema(c);
                else if (!NodeFormats.isTime(wall)) schema(c); // timestamp.wall.format / .instant
                else c.wall = (String) wall;
            }
        }

        Object author = node.get("author");
        if (author != null) {
            if (!(author instanceof Map)) {
                schema(c);
            } else {
                Map<String, Object> a = (Map<String, Object>) author;
                for (String key : a.keySet()) {
                    if (!Set.of("userId", "deviceId", "publicKey", "name", "email", "deviceName").contains(key)) schema(c);
                }
                for (String key : List.of("name", "email", "deviceName")) {
                    if (a.containsKey(key) && !(a.get(key) instanceof String)) schema(c);
                }
                Object userId = a.get("userId"), publicKey = a.get("publicKey"), deviceId = a.get("deviceId");
                boolean keyOk = false, userOk = false;
                if (publicKey == null) schema(c);
                else if (!(publicKey instanceof String)) schema(c);
                else if (!NodeFormats.isLowerHex(publicKey, 64)) encoding(c); // author.publicKey.format
                else keyOk = true;
                if (userId == null) schema(c);
                else if (!(userId instanceof String)) schema(c);
                else if (!NodeFormats.isLowerHex(userId, 32)) encoding(c); // author.userId.format
                else userOk = true;
                if (keyOk && userOk && !((String) publicKey).startsWith((String) userId)) encoding(c); // author.userId.prefix
                if (userOk) c.userId = (String) userId;
                if (deviceId == null) schema(c);
                else if (!(deviceId instanceof String)) schema(c);
                else if (((String) deviceId).isEmpty()) schema(c); // author.deviceId.empty
            }
        }

        Object taskId = node.get("taskId");
        if (taskId != null) {
            if (!(taskId instanceof String)) schema(c);
            else if (!NodeFormats.isUuidV4(taskId)) encoding(c); // taskId.format
            else c.taskId = (String) taskId;
        }

        Object signature = node.get("signature");
        if (signature == null) {
            if (signatureRequired) c.findings |= LogCodes.bit(LogCodes.SIGNATURE); // signature.missing (synced; local allows it)
        } else if (!(signature instanceof String)) schema(c);
        else if (!NodeFormats.isLowerHex(signature, 128)) encoding(c); // signature.format

        Object data = node.get("data");
        if (data != null) {
            if (!(data instanceof Map)) {
                schema(c);
            } else {
                Map<String, Object> d = (Map<String, Object>) data;
                for (String key : d.keySet()) if (!key.equals("payload")) schema(c);
                Object payload = d.get("payload");
                if (payload == null) schema(c);
                else if (!(payload instanceof Map)) schema(c);
                else c.payload = (Map<String, Object>) payload;
            }
        }
        if (c.payload != null && c.action != null) {
            c.findings |= NodePayloadRules.check(c.action, c.payload, c.parents);
        }
    }

    /** id.hash and signature.invalid over the canonical body (the node without id and signature). */
    private static void identity(NodeCheck c, Map<String, Object> node) {
        Map<String, Object> body = new LinkedHashMap<>(node);
        body.remove("id");
        Object signature = body.remove("signature");
        byte[] bytes;
        try {
            bytes = Json.canonicalize(body).getBytes(StandardCharsets.UTF_8);
            c.hashMatches = c.claimedId != null && c.claimedId.equals("sha256:" + Crypto.toHex(Crypto.sha256(bytes)));
        } catch (Exception e) {
            throw new IllegalStateException("an I-JSON object must canonicalize", e);
        }
        if (!c.hashMatches) c.findings |= LogCodes.bit(LogCodes.HASH);
        // The signature can only change the verdict when nothing earlier in precedence
        // failed; skipping it otherwise spares the costliest check.
        if (c.findings != 0 || !(signature instanceof String)) return;
        Object author = node.get("author");
        @SuppressWarnings("unchecked")
        Object publicKey = ((Map<String, Object>) author).get("publicKey");
        if (!NodeSignature.verify(Crypto.fromHex(publicKey), bytes, Crypto.fromHex(signature))) {
            c.findings |= LogCodes.bit(LogCodes.SIGNATURE); // signature.invalid
        }
    }
}
