// RedoHarness.java: the Java harness kit for redo-conform's platform gate (JDK 17, no
// dependencies; copy this one file into your project as redo/harness/RedoHarness.java).
//
// A platform harness runs a client's own JSON parser, RFC 8785 writer, SHA-256 and
// Ed25519 over redo-conform's platform inputs, and writes what they produced for
// `redo-conform compare`. You implement RedoHarness with those functions; the kit does the
// rest: it reads the inputs file and refuses a malformed one, runs every vector of every
// section, turns a vector's exception into {"error": …}, echoes the inputs' `vectorSet`,
// and writes the outputs file whole. The files are described in docs/platform-gate.md
// ("The exchange format"), the kits in docs/harness-kits.md.
//
//   RedoHarness.run(inputs, outputs, platform, implementation, new RedoHarness() {
//       public Object parse(String text) ...                                   required
//       public byte[] canonicalize(Object value) ...                           required
//       public byte[] sha256(byte[] bytes) ...                                 required
//       public boolean verify(byte[] publicKey, byte[] message, byte[] signature) ...   required
//       public byte[] sign(byte[] seed, byte[] message) ...                    optional
//       public Acceptance accepts(String node, String profile) ...            optional
//       public byte[] roundTrip(String node) ...                               optional
//       public String stateSha256(List<String> records) ...                    optional
//       public NodeParts nodeParts(Object node) ...        only for a parser without java.util.Map
//   });
//
// Each optional method's default throws NotProvided, and the kit then leaves that result
// out: without sign nodes get no "signature"; without accepts, roundTrip or stateSha256
// there are no verdicts (not judged), storage or logs results. What the kit does, per
// section of the inputs:
//
//   canonicalization  {canonical: hex(canonicalize(parse(json)))}
//   nodes             parts = nodeParts(parse(node)); bytes = canonicalize(parts.body);
//                     {canonical: hex(bytes), id: "sha256:" + hex(sha256(bytes)),
//                      signature: hex(sign(seed, bytes)) (when the vector has a seed),
//                      verifies: verify(parts.publicKey, bytes, parts.signature)}.
//                     A public key or signature that is missing or not lowercase hex has
//                     no bytes to verify: verifies is false and verify is not called.
//   signatures        {verifies: verify(publicKey, message, signature)}, the same way; the
//                     section has keys and signatures of wrong lengths on purpose.
//   logs              {stateSha256: stateSha256(records)}, 64 lowercase hex digits
//   verdicts          {accepts, reason?} from accepts(node, profile), profile "synced" or
//                     "local"; the vector's `expected` is never passed on.
//   storage           {canonical: hex(roundTrip(node))}, the RFC 8785 bytes of the whole
//                     node after the client's storage model wrote it and read it back.
//
// A vector whose method throws (an Exception, or a StackOverflowError on deep nesting),
// or returns null, gets {"error": "ExceptionName: message"} and the run goes on. Hex is
// lowercase. run writes to a temporary file beside the outputs and renames it, so the
// outputs file is whole or untouched. It throws MalformedInputs (an IOException whose
// message starts with the inputs path and names the problem), writing nothing, for a
// file that is not UTF-8, not JSON, not a version 1 redo-conform/platform-inputs object,
// has a section that is not an array, an entry without a string id, an id used twice or
// a vectorSet that is not an object. The kit reads that file with its own small JSON
// reader, so that your parser is tested on the vectors alone.

package redo.harness;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The client's functions, which the kit runs over redo-conform's platform inputs. */
public interface RedoHarness {

    /** The client's JSON parser: any representation its canonicalizer takes. */
    Object parse(String text) throws Exception;

    /** The client's RFC 8785 writer: the canonical bytes of a parsed value. */
    byte[] canonicalize(Object value) throws Exception;

    /** The client's SHA-256. */
    byte[] sha256(byte[] bytes) throws Exception;

    /** The client's Ed25519 verification; keys and signatures may have any length. */
    boolean verify(byte[] publicKey, byte[] message, byte[] signature) throws Exception;

    /** Optional: the client's Ed25519 signature of message by a 32-byte seed. */
    default byte[] sign(byte[] seed, byte[] message) throws Exception {
        throw new NotProvided("sign");
    }

    /** Optional: the client's acceptance check of a node as received, under profile "synced" or "local". */
    default Acceptance accepts(String node, String profile) throws Exception {
        throw new NotProvided("accepts");
    }

    /** Optional: the RFC 8785 bytes of the whole node after the client's storage model wrote and read it back. */
    default byte[] roundTrip(String node) throws Exception {
        throw new NotProvided("roundTrip");
    }

    /** Optional: the lowercase hex SHA-256 of the RFC 8785 bytes of the state the records (one log) reconstruct. */
    default String stateSha256(List<String> records) throws Exception {
        throw new NotProvided("stateSha256");
    }

    /**
     * A parsed node's body (the node without its top-level "id" and "signature") and the
     * texts to verify it with. This default takes a java.util.Map with String values,
     * and gives a LinkedHashMap copy in the same order to canonicalize; override it when
     * parse returns another representation.
     */
    default NodeParts nodeParts(Object node) throws Exception {
        if (!(node instanceof Map)) throw new IllegalArgumentException("the node is not a JSON object");
        Map<Object, Object> body = new LinkedHashMap<>((Map<?, ?>) node);
        body.remove("id");
        Object signature = body.remove("signature");
        Object author = body.get("author");
        Object publicKey = author instanceof Map ? ((Map<?, ?>) author).get("publicKey") : null;
        return new NodeParts(body,
                publicKey instanceof String ? (String) publicKey : null,
                signature instanceof String ? (String) signature : null);
    }

    /** What accepts answers; reason is optional (null), and best starts with the rule the client applied. */
    record Acceptance(boolean accepts, String reason) {
        public static Acceptance accepted() {
            return new Acceptance(true, null);
        }

        public static Acceptance rejected(String reason) {
            return new Acceptance(false, reason);
        }
    }

    /** A node split for the nodes section; publicKey and signature are hex text, or null when absent. */
    record NodeParts(Object body, String publicKey, String signature) {}

    /** Thrown by the optional methods you do not implement: the kit leaves their results out. */
    final class NotProvided extends UnsupportedOperationException {
        private static final long serialVersionUID = 1L;

        public NotProvided(String method) {
            super(method + " is not provided");
        }
    }

    /** The inputs file is not a version 1 redo-conform/platform-inputs file; the message says why. */
    final class MalformedInputs extends IOException {
        private static final long serialVersionUID = 1L;

        MalformedInputs(Path inputs, String problem) {
            super(inputs + ": " + problem);
        }
    }

    /**
     * Runs harness over the inputs file and writes the outputs file, with the outputs'
     * "platform" name and free-text "implementation". Throws MalformedInputs for a
     * malformed inputs file, other IOExceptions when a file cannot be read or written.
     */
    static void run(Path inputs, Path outputs, String platform, String implementation, RedoHarness harness) throws IOException {
        RedoHarnessKit.run(inputs, outputs, platform, implementation, harness);
    }
}

/** What the kit does; kept out of the interface, whose nested types would all be public. */
final class RedoHarnessKit {
    private RedoHarnessKit() {}

    private static final List<String> SECTIONS = List.of("canonicalization", "nodes", "signatures", "logs", "verdicts", "storage");
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** A problem with one input vector, found by the kit: its error text is the message alone. */
    static final class VectorProblem extends Exception {
        private static final long serialVersionUID = 1L;

        VectorProblem(String message) {
            super(message);
        }
    }

    static void run(Path inputsPath, Path outputsPath, String platform, String implementation, RedoHarness harness) throws IOException {
        Objects.requireNonNull(inputsPath, "inputs");
        Objects.requireNonNull(outputsPath, "outputs");
        Objects.requireNonNull(platform, "platform");
        Objects.requireNonNull(implementation, "implementation");
        Objects.requireNonNull(harness, "harness");
        if (platform.isEmpty()) throw new IllegalArgumentException("the platform name is empty");
        Map<String, Object> inputs = readInputs(inputsPath);

        Map<String, Object> results = new LinkedHashMap<>();
        for (String section : SECTIONS) {
            if (!inputs.containsKey(section)) continue;
            for (Object item : (List<?>) inputs.get(section)) {
                Map<String, Object> entry = object(item);
                String id = (String) entry.get("id");
                try {
                    results.put(id, answer(section, entry, harness));
                } catch (RedoHarness.NotProvided e) {
                    // An optional method the harness does not implement: no result.
                } catch (Exception | StackOverflowError e) {
                    Map<String, Object> error = new LinkedHashMap<>();
                    error.put("error", errorText(e));
                    results.put(id, error);
                }
            }
        }

        Map<String, Object> outputs = new LinkedHashMap<>();
        outputs.put("format", "redo-conform/platform-outputs");
        outputs.put("version", 1);
        outputs.put("platform", platform);
        outputs.put("implementation", implementation);
        if (inputs.containsKey("vectorSet")) outputs.put("vectorSet", inputs.get("vectorSet"));
        outputs.put("results", results);
        StringBuilder b = new StringBuilder();
        write(outputs, b, "");
        b.append('\n');
        writeWhole(outputsPath, b.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static String errorText(Throwable e) {
        if (e instanceof VectorProblem) return e.getMessage();
        String name = e.getClass().getSimpleName().isEmpty() ? e.getClass().getName() : e.getClass().getSimpleName();
        return e.getMessage() == null ? name : name + ": " + e.getMessage();
    }

    // ---------------------------------------------------------------- the sections

    private static Map<String, Object> answer(String section, Map<String, Object> entry, RedoHarness harness) throws Exception {
        Map<String, Object> result = new LinkedHashMap<>();
        switch (section) {
            case "canonicalization":
                result.put("canonical", hex(bytes(harness.canonicalize(harness.parse(text(entry, "json"))), "canonicalize")));
                break;
            case "nodes": {
                RedoHarness.NodeParts parts = harness.nodeParts(harness.parse(text(entry, "node")));
                if (parts == null) throw new VectorProblem("nodeParts returned null");
                byte[] canonical = bytes(harness.canonicalize(parts.body()), "canonicalize");
                result.put("canonical", hex(canonical));
                result.put("id", "sha256:" + hex(bytes(harness.sha256(canonical.clone()), "sha256")));
                Object seed = entry.get("seed");
                if (seed != null) {
                    byte[] seedBytes = fromHex(seed);
                    if (seedBytes == null || seedBytes.length != 32) throw new VectorProblem("input vector's seed is not 32 bytes of lowercase hex");
                    try {
                        result.put("signature", hex(bytes(harness.sign(seedBytes, canonical.clone()), "sign")));
                    } catch (RedoHarness.NotProvided e) {
                        // No signer: the node's result has no "signature".
                    }
                }
                result.put("verifies", verifies(harness, fromHex(parts.publicKey()), canonical.clone(), fromHex(parts.signature())));
                break;
            }
            case "signatures":
                result.put("verifies", verifies(harness, fromHex(entry.get("publicKey")), fromHex(entry.get("message")), fromHex(entry.get("signature"))));
                break;
            case "logs": {
                List<String> records = new ArrayList<>();
                Object list = entry.get("records");
                if (!(list instanceof List)) throw new VectorProblem("input vector has no \"records\" list of JSON texts");
                for (Object record : (List<?>) list) {
                    if (!(record instanceof String)) throw new VectorProblem("input vector has no \"records\" list of JSON texts");
                    records.add((String) record);
                }
                String state = harness.stateSha256(List.copyOf(records));
                if (state == null || !state.matches("[0-9a-f]{64}")) {
                    throw new VectorProblem("stateSha256 returned " + (state == null ? "null" : "\"" + state + "\"") + ", not 64 lowercase hex digits");
                }
                result.put("stateSha256", state);
                break;
            }
            case "verdicts": {
                Object profile = entry.get("profile");
                if (!"synced".equals(profile) && !"local".equals(profile)) {
                    throw new VectorProblem("input vector's profile is " + (profile instanceof String ? "\"" + profile + "\"" : "missing") + ", not \"synced\" or \"local\"");
                }
                RedoHarness.Acceptance acceptance = harness.accepts(text(entry, "node"), (String) profile);
                if (acceptance == null) throw new VectorProblem("accepts returned null");
                result.put("accepts", acceptance.accepts());
                if (acceptance.reason() != null) result.put("reason", acceptance.reason());
                break;
            }
            case "storage":
                result.put("canonical", hex(bytes(harness.roundTrip(text(entry, "node")), "roundTrip")));
                break;
            default:
                throw new IllegalStateException(section);
        }
        return result;
    }

    private static boolean verifies(RedoHarness harness, byte[] publicKey, byte[] message, byte[] signature) throws Exception {
        if (publicKey == null || message == null || signature == null) return false;
        return harness.verify(publicKey, message, signature);
    }

    private static String text(Map<String, Object> entry, String key) throws VectorProblem {
        Object value = entry.get(key);
        if (!(value instanceof String)) throw new VectorProblem("input vector has no \"" + key + "\" text");
        return (String) value;
    }

    private static byte[] bytes(byte[] value, String method) throws VectorProblem {
        if (value == null) throw new VectorProblem(method + " returned null");
        return value;
    }

    private static String hex(byte[] bytes) {
        char[] out = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            out[2 * i] = HEX[(bytes[i] >> 4) & 0xf];
            out[2 * i + 1] = HEX[bytes[i] & 0xf];
        }
        return new String(out);
    }

    /** Strict lowercase hex; null for anything else. */
    private static byte[] fromHex(Object value) {
        if (!(value instanceof String)) return null;
        String s = (String) value;
        if (s.length() % 2 != 0) return null;
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < out.length; i++) {
            int hi = HEX_VALUE.indexOf(s.charAt(2 * i)), lo = HEX_VALUE.indexOf(s.charAt(2 * i + 1));
            if (hi < 0 || lo < 0) return null;
            out[i] = (byte) (hi * 16 + lo);
        }
        return out;
    }

    private static final String HEX_VALUE = "0123456789abcdef";

    // ---------------------------------------------------------------- the inputs file

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object value) {
        return (Map<String, Object>) value;
    }

    private static Map<String, Object> readInputs(Path path) throws IOException {
        String text;
        try {
            // A byte-order mark is kept, and refused as JSON; invalid UTF-8 is refused.
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(Files.readAllBytes(path))).toString();
        } catch (CharacterCodingException e) {
            throw new RedoHarness.MalformedInputs(path, "is not UTF-8");
        }
        Object parsed;
        try {
            parsed = new InputsReader(text).document();
        } catch (InputsReader.NotJson e) {
            throw new RedoHarness.MalformedInputs(path, "is not JSON (" + e.getMessage() + ")");
        }
        if (!(parsed instanceof Map)) throw new RedoHarness.MalformedInputs(path, "is not a JSON object");
        Map<String, Object> inputs = object(parsed);
        if (!"redo-conform/platform-inputs".equals(inputs.get("format"))) {
            throw new RedoHarness.MalformedInputs(path, "is not a redo-conform/platform-inputs file (its format is "
                    + (inputs.containsKey("format") ? json(inputs.get("format")) : "missing") + ")");
        }
        if (!isOne(inputs.get("version"))) {
            throw new RedoHarness.MalformedInputs(path, "is version " + (inputs.containsKey("version") ? json(inputs.get("version")) : "(missing)")
                    + " of redo-conform/platform-inputs; this kit reads version 1");
        }
        if (inputs.containsKey("vectorSet") && !(inputs.get("vectorSet") instanceof Map)) {
            throw new RedoHarness.MalformedInputs(path, "has a vectorSet that is not an object");
        }
        Map<String, String> seen = new HashMap<>();
        for (String section : SECTIONS) {
            if (!inputs.containsKey(section)) continue;
            if (!(inputs.get(section) instanceof List)) throw new RedoHarness.MalformedInputs(path, "section " + section + " is not an array");
            List<?> list = (List<?>) inputs.get(section);
            for (int index = 0; index < list.size(); index++) {
                String where = section + "[" + index + "]";
                if (!(list.get(index) instanceof Map)) throw new RedoHarness.MalformedInputs(path, where + " is not an object");
                Object id = object(list.get(index)).get("id");
                if (!(id instanceof String)) throw new RedoHarness.MalformedInputs(path, where + " has no string id");
                // Results are keyed by id: a second vector with the same id would hide the first.
                String first = seen.putIfAbsent((String) id, where);
                if (first != null) throw new RedoHarness.MalformedInputs(path, where + " has the id " + json(id) + " of " + first);
            }
        }
        return inputs;
    }

    private static boolean isOne(Object value) {
        if (!(value instanceof InputsReader.RawNumber)) return false;
        try {
            return new BigDecimal(((InputsReader.RawNumber) value).text()).compareTo(BigDecimal.ONE) == 0;
        } catch (NumberFormatException e) {
            return false; // an exponent beyond BigDecimal's range: not 1
        }
    }

    private static String json(Object value) {
        StringBuilder b = new StringBuilder();
        write(value, b, "");
        return b.toString();
    }

    /** The kit's reader of its inputs file: RFC 8259 JSON, numbers kept as their text. */
    static final class InputsReader {
        record RawNumber(String text) {}

        static final class NotJson extends Exception {
            private static final long serialVersionUID = 1L;

            NotJson(String message) {
                super(message);
            }
        }

        // Deeper nesting than any inputs file has: refused instead of overflowing the stack.
        private static final int MAX_DEPTH = 512;
        private final String text;
        private int at;

        InputsReader(String text) {
            this.text = text;
        }

        Object document() throws NotJson {
            Object value = value(0);
            space();
            if (at < text.length()) throw fail("unexpected text after the value");
            return value;
        }

        private NotJson fail(String problem) {
            int line = 1, column = 1;
            for (int i = 0; i < at && i < text.length(); i++) {
                if (text.charAt(i) == '\n') {
                    line++;
                    column = 1;
                } else {
                    column++;
                }
            }
            return new NotJson(problem + " at line " + line + ", column " + column);
        }

        private void space() {
            while (at < text.length() && " \t\n\r".indexOf(text.charAt(at)) >= 0) at++;
        }

        private Object value(int depth) throws NotJson {
            if (depth > MAX_DEPTH) throw fail("nesting deeper than " + MAX_DEPTH);
            space();
            if (at >= text.length()) throw fail("unexpected end of text");
            char c = text.charAt(at);
            if (c == '{') return object(depth);
            if (c == '[') return array(depth);
            if (c == '"') return string();
            if (c == '-' || (c >= '0' && c <= '9')) return number();
            if (text.startsWith("true", at)) {
                at += 4;
                return Boolean.TRUE;
            }
            if (text.startsWith("false", at)) {
                at += 5;
                return Boolean.FALSE;
            }
            if (text.startsWith("null", at)) {
                at += 4;
                return null;
            }
            throw fail("unexpected character");
        }

        private Map<String, Object> object(int depth) throws NotJson {
            Map<String, Object> members = new LinkedHashMap<>();
            at++;
            space();
            if (at < text.length() && text.charAt(at) == '}') {
                at++;
                return members;
            }
            while (true) {
                space();
                if (at >= text.length() || text.charAt(at) != '"') throw fail("expected a member name");
                String key = string();
                space();
                if (at >= text.length() || text.charAt(at) != ':') throw fail("expected ':'");
                at++;
                members.put(key, value(depth + 1)); // a repeated name keeps the last value, as JSON.parse does
                space();
                if (at < text.length() && text.charAt(at) == ',') {
                    at++;
                } else if (at < text.length() && text.charAt(at) == '}') {
                    at++;
                    return members;
                } else {
                    throw fail("expected ',' or '}'");
                }
            }
        }

        private List<Object> array(int depth) throws NotJson {
            List<Object> items = new ArrayList<>();
            at++;
            space();
            if (at < text.length() && text.charAt(at) == ']') {
                at++;
                return items;
            }
            while (true) {
                items.add(value(depth + 1));
                space();
                if (at < text.length() && text.charAt(at) == ',') {
                    at++;
                } else if (at < text.length() && text.charAt(at) == ']') {
                    at++;
                    return items;
                } else {
                    throw fail("expected ',' or ']'");
                }
            }
        }

        /** A string's characters exactly, lone surrogates included: the vectors' texts are passed on as they are. */
        private String string() throws NotJson {
            StringBuilder b = new StringBuilder();
            at++;
            while (true) {
                if (at >= text.length()) throw fail("unterminated string");
                char c = text.charAt(at++);
                if (c == '"') return b.toString();
                if (c < 0x20) {
                    at--;
                    throw fail("raw control character in a string");
                }
                if (c != '\\') {
                    b.append(c);
                    continue;
                }
                if (at >= text.length()) throw fail("unterminated string");
                char e = text.charAt(at++);
                switch (e) {
                    case '"': b.append('"'); break;
                    case '\\': b.append('\\'); break;
                    case '/': b.append('/'); break;
                    case 'b': b.append('\b'); break;
                    case 'f': b.append('\f'); break;
                    case 'n': b.append('\n'); break;
                    case 'r': b.append('\r'); break;
                    case 't': b.append('\t'); break;
                    case 'u': {
                        int code = 0;
                        for (int i = 0; i < 4; i++) {
                            int digit = at < text.length() ? Character.digit(text.charAt(at), 16) : -1;
                            if (digit < 0) throw fail("bad \\u escape");
                            code = code * 16 + digit;
                            at++;
                        }
                        b.append((char) code);
                        break;
                    }
                    default:
                        at--;
                        throw fail("bad escape");
                }
            }
        }

        private RawNumber number() throws NotJson {
            int start = at;
            if (text.charAt(at) == '-') at++;
            if (at < text.length() && text.charAt(at) == '0') {
                at++;
            } else if (!digits()) {
                throw fail("bad number");
            }
            if (at < text.length() && text.charAt(at) == '.') {
                at++;
                if (!digits()) throw fail("bad number");
            }
            if (at < text.length() && (text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
                at++;
                if (at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-')) at++;
                if (!digits()) throw fail("bad number");
            }
            return new RawNumber(text.substring(start, at));
        }

        private boolean digits() {
            int start = at;
            while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') at++;
            return at > start;
        }
    }

    // ---------------------------------------------------------------- the outputs file

    /** JSON as JavaScript's JSON.stringify(value, null, 2) writes it, so that both kits write the same bytes. */
    private static void write(Object value, StringBuilder b, String indent) {
        String inner = indent + "  ";
        if (value instanceof Map && !((Map<?, ?>) value).isEmpty()) {
            b.append("{\n");
            String separator = "";
            for (Map.Entry<?, ?> member : ((Map<?, ?>) value).entrySet()) {
                b.append(separator).append(inner);
                quote((String) member.getKey(), b);
                b.append(": ");
                write(member.getValue(), b, inner);
                separator = ",\n";
            }
            b.append('\n').append(indent).append('}');
        } else if (value instanceof List && !((List<?>) value).isEmpty()) {
            b.append("[\n");
            String separator = "";
            for (Object item : (List<?>) value) {
                b.append(separator).append(inner);
                write(item, b, inner);
                separator = ",\n";
            }
            b.append('\n').append(indent).append(']');
        } else if (value instanceof Map) {
            b.append("{}");
        } else if (value instanceof List) {
            b.append("[]");
        } else if (value instanceof String) {
            quote((String) value, b);
        } else if (value instanceof InputsReader.RawNumber) {
            b.append(((InputsReader.RawNumber) value).text());
        } else if (value == null || value instanceof Boolean || value instanceof Integer) {
            b.append(value);
        } else {
            throw new IllegalStateException("no JSON for " + value.getClass());
        }
    }

    /** JSON.stringify's string escaping; a lone surrogate is escaped, so the file stays UTF-8. */
    private static void quote(String s, StringBuilder b) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean paired = Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
                    || Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\b': b.append("\\b"); break;
                case '\f': b.append("\\f"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                default:
                    if (c < 0x20 || Character.isSurrogate(c) && !paired) {
                        b.append("\\u").append(HEX[c >> 12]).append(HEX[(c >> 8) & 0xf]).append(HEX[(c >> 4) & 0xf]).append(HEX[c & 0xf]);
                    } else {
                        b.append(c);
                    }
            }
        }
        b.append('"');
    }

    private static void writeWhole(Path path, byte[] bytes) throws IOException {
        Path target = path.toAbsolutePath();
        Path temp = target.resolveSibling("." + target.getFileName() + "." + ProcessHandle.current().pid() + "-" + Long.toHexString(System.nanoTime()) + ".tmp");
        try {
            Files.write(temp, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new IOException(path + ": cannot write the outputs (" + e.getClass().getSimpleName() + ")", e);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
