// REDO v1 platform harness, JVM: the storage model of the exchange's `storage` section —
// a node as an Android client keeps it, in a typed model stored as a document map.
//
// An Android app does not keep the JSON text it received: it maps the node onto a data
// class with typed fields and hands the store (Firestore, or Room through a converter) a
// Map<String,Object> of the store's own value types; reading a node back, it builds a
// fresh data class from the map the store returns, and serializes that to JSON when the
// node must be hashed or sent again. This file does the same, and nothing survives the
// round trip but the document map:
//
//   parsed node (Json's model) → fromNode → StoredNode (typed fields)
//     → toDocument → Map<String,Object> (the stored form)
//     → fromDocument → a fresh StoredNode → toNode → Json's model → RFC 8785 bytes.
//
// Why it is faithful to such a client:
// - the envelope lives in typed fields: String ids, long version and lamport, String
//   wall, the author's fields, a List<String> of parents. A field the model does not name
//   is dropped, as a data class drops it (a valid node has none).
// - the stored values are Firestore's types: null, Boolean, Long, Double, String,
//   List<Object> and Map<String,Object>. Json's model holds every number as a Double;
//   on the way in an integral value that fits a long becomes a Long (what Firestore's
//   integerValue hands back) and any other number stays a Double (doubleValue), so 1.0,
//   1e0 and 1 are all stored as the Long 1, −0 as the Long 0, and 1e21, 0.5 and 5e-324 as
//   Doubles. On the way out a Long becomes a Double again. Booleans stay Booleans and are
//   never read as numbers, nor numbers as Booleans: 0, 1, false and true keep apart.
//   JSON null is stored as a null value, which is not an absent key (containsKey tells
//   them apart, as Firestore's document does).
// - the maps are HashMaps: member order is not kept, as Firestore does not keep it.
// - the payload stays a map (its keys depend on the action, and extensions hold any
//   JSON), converted value by value like the rest.
// What it does not copy: Firestore refuses an array directly inside an array, and a Long
// beyond 2^53 written by someone else would round on the way out; neither can come from
// a REDO node read here (every Long comes from a Double).

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/** A node with typed fields; the payload in the store's value types; optional fields null when absent. */
record StoredNode(
        String id, long version, List<String> parents, long lamport, String wall,
        String userId, String deviceId, String publicKey, String name, String email, String deviceName,
        String action, String taskId, Map<String, Object> payload, String signature) {

    // ---------------------------------------------------------------- from and to Json's model

    /** The typed node from a parsed node, as the app maps a node that arrives. */
    static StoredNode fromNode(Map<String, Object> node) throws JsonException {
        Map<String, Object> timestamp = object(node, "timestamp");
        Map<String, Object> author = object(node, "author");
        Map<String, Object> data = object(node, "data");
        List<String> parents = new ArrayList<>();
        for (Object p : list(node, "parents")) {
            if (!(p instanceof String)) throw new JsonException("a parent is not a string");
            parents.add((String) p);
        }
        return new StoredNode(
                string(node, "id"), integral(node, "version"), parents,
                integral(timestamp, "lamport"), string(timestamp, "wall"),
                string(author, "userId"), string(author, "deviceId"), string(author, "publicKey"),
                optionalString(author, "name"), optionalString(author, "email"), optionalString(author, "deviceName"),
                string(node, "action"), string(node, "taskId"), toStoreMap(object(data, "payload")),
                optionalString(node, "signature"));
    }

    /** The node in Json's model (envelope order), numbers as Doubles again. */
    Map<String, Object> toNode() throws JsonException {
        return envelope(LinkedHashMap::new, n -> (double) n, fromStore(payload));
    }

    // ---------------------------------------------------------------- to and from the document

    /** The document the store keeps: new maps and lists, the store's value types only. */
    Map<String, Object> toDocument() throws JsonException {
        return envelope(HashMap::new, n -> n, copy(payload));
    }

    /**
     * The typed fields laid out as a node; the two forms differ only in their maps (ordered for
     * Json's model, hashed as a store's), their integers (Double or Long) and the payload given.
     */
    private Map<String, Object> envelope(
            Supplier<Map<String, Object>> newMap, LongFunction<Object> integer, Object payloadValue) {
        Map<String, Object> node = newMap.get();
        node.put("id", id);
        node.put("version", integer.apply(version));
        node.put("parents", new ArrayList<Object>(parents));
        Map<String, Object> timestamp = newMap.get();
        timestamp.put("lamport", integer.apply(lamport));
        timestamp.put("wall", wall);
        node.put("timestamp", timestamp);
        Map<String, Object> author = newMap.get();
        author.put("userId", userId);
        author.put("deviceId", deviceId);
        author.put("publicKey", publicKey);
        if (name != null) author.put("name", name);
        if (email != null) author.put("email", email);
        if (deviceName != null) author.put("deviceName", deviceName);
        node.put("author", author);
        node.put("action", action);
        node.put("taskId", taskId);
        Map<String, Object> data = newMap.get();
        data.put("payload", payloadValue);
        node.put("data", data);
        if (signature != null) node.put("signature", signature);
        return node;
    }

    /** A fresh typed node from a stored document, read field by field as DocumentSnapshot's getString and getLong do. */
    @SuppressWarnings("unchecked")
    static StoredNode fromDocument(Map<String, Object> doc) throws JsonException {
        try {
            Map<String, Object> timestamp = (Map<String, Object>) doc.get("timestamp");
            Map<String, Object> author = (Map<String, Object>) doc.get("author");
            Map<String, Object> data = (Map<String, Object>) doc.get("data");
            List<String> parents = new ArrayList<>();
            for (Object p : (List<Object>) doc.get("parents")) parents.add((String) p);
            return new StoredNode(
                    (String) doc.get("id"), (Long) doc.get("version"), parents,
                    (Long) timestamp.get("lamport"), (String) timestamp.get("wall"),
                    (String) author.get("userId"), (String) author.get("deviceId"), (String) author.get("publicKey"),
                    (String) author.get("name"), (String) author.get("email"), (String) author.get("deviceName"),
                    (String) doc.get("action"), (String) doc.get("taskId"),
                    (Map<String, Object>) copy(data.get("payload")), (String) doc.get("signature"));
        } catch (ClassCastException | NullPointerException e) {
            throw new JsonException("the stored document does not read back: " + e.getMessage());
        }
    }

    // ---------------------------------------------------------------- value conversion

    /** 2^63 as a double: a long holds the integral doubles in [−2^63, 2^63). */
    private static final double TWO_63 = 9223372036854775808.0;

    /** A value of Json's model in the store's types: integral numbers that fit a long as Long, other numbers as Double. */
    private static Object toStore(Object v) throws JsonException {
        if (v == Json.NULL) return null;
        if (v instanceof Boolean || v instanceof String) return v;
        if (v instanceof Double) {
            double d = (Double) v;
            if (d == Math.rint(d) && d >= -TWO_63 && d < TWO_63) return (long) d;
            return d;
        }
        if (v instanceof List) {
            List<Object> out = new ArrayList<>();
            for (Object item : (List<?>) v) out.add(toStore(item));
            return out;
        }
        if (v instanceof Map) return toStoreMap(v);
        throw new JsonException("not a JSON value: " + v);
    }

    private static Map<String, Object> toStoreMap(Object v) throws JsonException {
        Map<String, Object> out = new HashMap<>();
        for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) out.put((String) e.getKey(), toStore(e.getValue()));
        return out;
    }

    /** A stored value in Json's model: Long and Double as Double, null as Json.NULL. */
    private static Object fromStore(Object v) throws JsonException {
        if (v == null) return Json.NULL;
        if (v instanceof Boolean || v instanceof String || v instanceof Double) return v;
        if (v instanceof Long) return (double) (Long) v;
        if (v instanceof List) {
            List<Object> out = new ArrayList<>();
            for (Object item : (List<?>) v) out.add(fromStore(item));
            return out;
        }
        if (v instanceof Map) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) out.put((String) e.getKey(), fromStore(e.getValue()));
            return out;
        }
        throw new JsonException("not a stored value: " + v.getClass().getSimpleName());
    }

    /** A deep copy of a stored value (new maps and lists), refusing anything that is not a store type. */
    private static Object copy(Object v) throws JsonException {
        if (v == null || v instanceof Boolean || v instanceof String || v instanceof Long || v instanceof Double) return v;
        if (v instanceof List) {
            List<Object> out = new ArrayList<>();
            for (Object item : (List<?>) v) out.add(copy(item));
            return out;
        }
        if (v instanceof Map) {
            Map<String, Object> out = new HashMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) out.put((String) e.getKey(), copy(e.getValue()));
            return out;
        }
        throw new JsonException("not a stored value: " + v.getClass().getSimpleName());
    }

    // ---------------------------------------------------------------- typed reads of Json's model

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Map<String, Object> m, String key) throws JsonException {
        Object v = m.get(key);
        if (!(v instanceof Map)) throw new JsonException("\"" + key + "\" is not an object");
        return (Map<String, Object>) v;
    }

    private static List<?> list(Map<String, Object> m, String key) throws JsonException {
        Object v = m.get(key);
        if (!(v instanceof List)) throw new JsonException("\"" + key + "\" is not an array");
        return (List<?>) v;
    }

    private static String string(Map<String, Object> m, String key) throws JsonException {
        Object v = m.get(key);
        if (!(v instanceof String)) throw new JsonException("\"" + key + "\" is not a string");
        return (String) v;
    }

    private static String optionalString(Map<String, Object> m, String key) throws JsonException {
        return m.containsKey(key) ? string(m, key) : null;
    }

    private static long integral(Map<String, Object> m, String key) throws JsonException {
        Object v = m.get(key);
        if (!(v instanceof Double) || (Double) v != Math.rint((Double) v) || Math.abs((Double) v) > NodeFormats.MAX_SAFE) {
            throw new JsonException("\"" + key + "\" is not an integer");
        }
        return (long) (double) (Double) v;
    }
}
