// REDO v1 platform harness — JVM reference (Java 17, standard library only).
//
// Usage: java Scripts/platforms/jvm/Harness.java INPUTS.json OUTPUT.json
//        java Scripts/platforms/jvm/Harness.java --check-numbers FILE
//
// Reads a redo-conform/platform-inputs file (Vectors/platform/inputs.json) and
// writes a redo-conform/platform-outputs file (Vectors/README.md, "The platform
// exchange format (version 1)"). The JSON parser, the RFC 8785 canonicalizer and
// the ECMAScript number formatter are below; SHA-256 is MessageDigest and Ed25519
// is java.security (SunEC). `logs` are optional for platforms and are not emitted.
//
// --check-numbers reads "hexbits,jsText" lines (Vectors/numbers/es-numbers-100k.txt)
// and checks the number formatter against them.

import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public final class Harness {

    // ---------------------------------------------------------------- JSON model
    // object → LinkedHashMap<String,Object> (member order kept), array → List<Object>,
    // string → String, number → Double, true/false → Boolean, null → NULL.

    static final Object NULL = new Object() {
        @Override public String toString() { return "null"; }
    };

    static final class JsonException extends Exception {
        JsonException(String message) { super(message); }
    }

    // ---------------------------------------------------------------- strict parser (RFC 8259 + I-JSON)

    static final class Parser {
        private static final int MAX_DEPTH = 1000;
        private final String s;
        private int i;
        private int depth;

        private Parser(String s) { this.s = s; }

        static Object parse(String text) throws JsonException {
            Parser p = new Parser(text);
            p.ws();
            Object value = p.value();
            p.ws();
            if (p.i != p.s.length()) throw p.error("unexpected text after the value");
            return value;
        }

        private JsonException error(String message) { return new JsonException("JSON: " + message + " at offset " + i); }

        private void ws() {
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c == ' ' || c == '\t' || c == '\n' || c == '\r') i++; else break;
            }
        }

        private Object value() throws JsonException {
            if (i >= s.length()) throw error("unexpected end");
            char c = s.charAt(i);
            switch (c) {
                case '{': return object();
                case '[': return array();
                case '"': return string();
                case 't': literal("true"); return Boolean.TRUE;
                case 'f': literal("false"); return Boolean.FALSE;
                case 'n': literal("null"); return NULL;
                default:
                    if (c == '-' || (c >= '0' && c <= '9')) return number();
                    throw error("unexpected character");
            }
        }

        private void literal(String word) throws JsonException {
            if (!s.startsWith(word, i)) throw error("bad literal");
            i += word.length();
        }

        private Map<String, Object> object() throws JsonException {
            if (++depth > MAX_DEPTH) throw error("nesting too deep");
            i++; // {
            Map<String, Object> map = new LinkedHashMap<>();
            ws();
            if (i < s.length() && s.charAt(i) == '}') { i++; depth--; return map; }
            while (true) {
                ws();
                if (i >= s.length() || s.charAt(i) != '"') throw error("expected a string key");
                String key = string();
                ws();
                if (i >= s.length() || s.charAt(i) != ':') throw error("expected ':'");
                i++;
                ws();
                Object v = value();
                if (map.containsKey(key)) throw error("duplicate key (not I-JSON)");
                map.put(key, v);
                ws();
                if (i >= s.length()) throw error("unexpected end in object");
                char c = s.charAt(i++);
                if (c == '}') break;
                if (c != ',') throw error("expected ',' or '}'");
            }
            depth--;
            return map;
        }

        private List<Object> array() throws JsonException {
            if (++depth > MAX_DEPTH) throw error("nesting too deep");
            i++; // [
            List<Object> list = new ArrayList<>();
            ws();
            if (i < s.length() && s.charAt(i) == ']') { i++; depth--; return list; }
            while (true) {
                ws();
                list.add(value());
                ws();
                if (i >= s.length()) throw error("unexpected end in array");
                char c = s.charAt(i++);
                if (c == ']') break;
                if (c != ',') throw error("expected ',' or ']'");
            }
            depth--;
            return list;
        }

        private String string() throws JsonException {
            i++; // opening quote
            StringBuilder b = new StringBuilder();
            while (true) {
                if (i >= s.length()) throw error("unterminated string");
                char c = s.charAt(i++);
                if (c == '"') return b.toString();
                if (c < 0x20) throw error("control character in string");
                if (c != '\\') { b.append(c); continue; }
                if (i >= s.length()) throw error("unterminated escape");
                char e = s.charAt(i++);
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
                        // Java strings are UTF-16, so "\ud83d\ude00" appends the two
                        // halves of the surrogate pair and forms U+1F600 by itself.
                        if (i + 4 > s.length()) throw error("short \\u escape");
                        int code = 0;
                        for (int k = 0; k < 4; k++) {
                            int d = Character.digit(s.charAt(i + k), 16);
                            if (d < 0) throw error("bad \\u escape");
                            code = code * 16 + d;
                        }
                        i += 4;
                        b.append((char) code);
                        break;
                    }
                    default: throw error("bad escape");
                }
            }
        }

        private Double number() throws JsonException {
            int start = i;
            if (s.charAt(i) == '-') i++;
            if (i >= s.length()) throw error("bad number");
            if (s.charAt(i) == '0') {
                i++;
            } else if (s.charAt(i) >= '1' && s.charAt(i) <= '9') {
                while (i < s.length() && isDigit(s.charAt(i))) i++;
            } else {
                throw error("bad number");
            }
            if (i < s.length() && s.charAt(i) == '.') {
                i++;
                if (i >= s.length() || !isDigit(s.charAt(i))) throw error("bad fraction");
                while (i < s.length() && isDigit(s.charAt(i))) i++;
            }
            if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
                i++;
                if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) i++;
                if (i >= s.length() || !isDigit(s.charAt(i))) throw error("bad exponent");
                while (i < s.length() && isDigit(s.charAt(i))) i++;
            }
            // Double.parseDouble rounds correctly to the nearest double (ties to even).
            double d = Double.parseDouble(s.substring(start, i));
            if (Double.isInfinite(d)) throw error("number out of double range (not I-JSON)");
            return d;
        }

        private static boolean isDigit(char c) { return c >= '0' && c <= '9'; }
    }

    // ---------------------------------------------------------------- RFC 8785 canonicalizer

    static String canonicalize(Object value) throws JsonException {
        StringBuilder b = new StringBuilder();
        serialize(value, b);
        return b.toString();
    }

    @SuppressWarnings("unchecked")
    private static void serialize(Object value, StringBuilder b) throws JsonException {
        if (value == NULL) {
            b.append("null");
        } else if (value instanceof Boolean) {
            b.append(((Boolean) value) ? "true" : "false");
        } else if (value instanceof Double) {
            b.append(esNumber((Double) value));
        } else if (value instanceof String) {
            escapeString((String) value, b);
        } else if (value instanceof List) {
            b.append('[');
            boolean first = true;
            for (Object item : (List<Object>) value) {
                if (!first) b.append(',');
                first = false;
                serialize(item, b);
            }
            b.append(']');
        } else if (value instanceof Map) {
            Map<String, Object> map = (Map<String, Object>) value;
            // String.compareTo compares UTF-16 code units: exactly RFC 8785's order.
            List<String> keys = new ArrayList<>(map.keySet());
            keys.sort(null);
            b.append('{');
            boolean first = true;
            for (String key : keys) {
                if (!first) b.append(',');
                first = false;
                escapeString(key, b);
                b.append(':');
                serialize(map.get(key), b);
            }
            b.append('}');
        } else {
            throw new JsonException("JCS: unsupported value " + value);
        }
    }

    /** ECMAScript JSON.stringify string escaping (RFC 8785 §3.2.2.2); lone surrogates are not I-JSON. */
    static void escapeString(String s, StringBuilder b) throws JsonException {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
                    throw new JsonException("JCS: string contains a lone surrogate (not I-JSON)");
                }
                b.append(c).append(s.charAt(++i));
                continue;
            }
            if (Character.isLowSurrogate(c)) throw new JsonException("JCS: string contains a lone surrogate (not I-JSON)");
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\b': b.append("\\b"); break;
                case '\f': b.append("\\f"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                default:
                    if (c < 0x20) {
                        b.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xf]);
                    } else {
                        b.append(c);
                    }
            }
        }
        b.append('"');
    }

    /**
     * ECMAScript Number::toString(x) for a finite double (RFC 8785 §3.2.2.3).
     * Java 17's Double.toString is not always the shortest round-trip form, so the
     * digits are found here: for p = 1, 2, … the two p-digit decimals nearest the exact
     * value (rounded down and up) are the only p-digit candidates that can read back
     * to x; the first p with a candidate that does is the shortest, and of two the one
     * closer to x wins (a tie goes to the even digit string, as ECMAScript suggests).
     */
    static String esNumber(double x) throws JsonException {
        if (Double.isNaN(x) || Double.isInfinite(x)) throw new JsonException("JCS: non-finite number");
        if (x == 0) return "0"; // also -0
        String sign = x < 0 ? "-" : "";
        double a = Math.abs(x);
        BigDecimal exact = new BigDecimal(a);
        BigDecimal best = null;
        for (int p = 1; p <= 17 && best == null; p++) {
            BigDecimal down = exact.round(new MathContext(p, RoundingMode.FLOOR));
            BigDecimal up = exact.round(new MathContext(p, RoundingMode.CEILING));
            boolean downOk = Double.parseDouble(down.toString()) == a;
            boolean upOk = Double.parseDouble(up.toString()) == a;
            if (downOk && upOk) {
                int c = exact.subtract(down).compareTo(up.subtract(exact));
                if (c < 0) best = down;
                else if (c > 0) best = up;
                else best = down.unscaledValue().testBit(0) ? up : down;
            } else if (downOk) {
                best = down;
            } else if (upOk) {
                best = up;
            }
        }
        if (best == null) best = exact.round(new MathContext(17, RoundingMode.HALF_EVEN)); // unreachable for doubles
        best = best.stripTrailingZeros();
        String digits = best.unscaledValue().toString();
        int k = digits.length();
        int n = k - best.scale(); // x = digits × 10^(n − k)
        StringBuilder b = new StringBuilder(sign);
        if (k <= n && n <= 21) {
            b.append(digits);
            for (int j = 0; j < n - k; j++) b.append('0');
        } else if (0 < n && n <= 21) {
            b.append(digits, 0, n).append('.').append(digits, n, k);
        } else if (-6 < n && n <= 0) {
            b.append("0.");
            for (int j = 0; j < -n; j++) b.append('0');
            b.append(digits);
        } else {
            int e = n - 1;
            b.append(digits.charAt(0));
            if (k > 1) b.append('.').append(digits, 1, k);
            b.append('e').append(e < 0 ? '-' : '+').append(Math.abs(e));
        }
        return b.toString();
    }

    // ---------------------------------------------------------------- bytes, hashing, Ed25519

    private static final char[] HEX = "0123456789abcdef".toCharArray();
    private static final byte[] SPKI_PREFIX = fromHex("302a300506032b6570032100");          // + 32-byte public key
    private static final byte[] PKCS8_SEED_PREFIX = fromHex("302e020100300506032b657004220420"); // + 32-byte seed

    static String toHex(byte[] bytes) {
        char[] out = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            out[2 * i] = HEX[(bytes[i] >> 4) & 0xf];
            out[2 * i + 1] = HEX[bytes[i] & 0xf];
        }
        return new String(out);
    }

    /** Strict lowercase hex; null when the text is not hex. */
    static byte[] fromHex(Object text) {
        if (!(text instanceof String)) return null;
        String s = (String) text;
        if (s.length() % 2 != 0) return null;
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < out.length; i++) {
            int hi = lowerHexDigit(s.charAt(2 * i));
            int lo = lowerHexDigit(s.charAt(2 * i + 1));
            if (hi < 0 || lo < 0) return null;
            out[i] = (byte) (hi * 16 + lo);
        }
        return out;
    }

    private static int lowerHexDigit(char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        return -1;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    static byte[] sha256(byte[] bytes) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(bytes);
    }

    /** Ed25519 verification by the JDK; malformed input (bad hex, wrong key length, exceptions) is false. */
    static boolean ed25519Verify(byte[] publicKey, byte[] message, byte[] signature) {
        if (publicKey == null || message == null || signature == null || publicKey.length != 32) return false;
        try {
            PublicKey key = KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(concat(SPKI_PREFIX, publicKey)));
            Signature verifier = Signature.getInstance("Ed25519");
            verifier.initVerify(key);
            verifier.update(message);
            return verifier.verify(signature);
        } catch (Exception e) {
            return false;
        }
    }

    /** Deterministic RFC 8032 signature from a 32-byte seed. */
    static byte[] ed25519Sign(byte[] seed, byte[] message) throws Exception {
        if (seed == null || seed.length != 32) throw new IllegalArgumentException("seed is not 32 bytes of hex");
        PrivateKey key = KeyFactory.getInstance("Ed25519").generatePrivate(new PKCS8EncodedKeySpec(concat(PKCS8_SEED_PREFIX, seed)));
        Signature signer = Signature.getInstance("Ed25519");
        signer.initSign(key);
        signer.update(message);
        return signer.sign();
    }

    // ---------------------------------------------------------------- vectors

    static Map<String, Object> canonicalization(Map<String, Object> entry) throws Exception {
        Object value = Parser.parse(text(entry, "json"));
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("canonical", toHex(canonicalize(value).getBytes(StandardCharsets.UTF_8)));
        return result;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> node(Map<String, Object> entry) throws Exception {
        Object parsed = Parser.parse(text(entry, "node"));
        if (!(parsed instanceof Map)) throw new JsonException("not a JSON object");
        // The body is the node without `id` and `signature`, as received.
        Map<String, Object> body = new LinkedHashMap<>((Map<String, Object>) parsed);
        body.remove("id");
        Object signature = body.remove("signature");
        byte[] bytes = canonicalize(body).getBytes(StandardCharsets.UTF_8);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("canonical", toHex(bytes));
        result.put("id", "sha256:" + toHex(sha256(bytes)));
        Object seed = entry.get("seed");
        if (seed != null && seed != NULL) result.put("signature", toHex(ed25519Sign(fromHex(seed), bytes)));
        Object author = body.get("author");
        byte[] publicKey = author instanceof Map ? fromHex(((Map<String, Object>) author).get("publicKey")) : null;
        result.put("verifies", ed25519Verify(publicKey, bytes, fromHex(signature)));
        return result;
    }

    static Map<String, Object> signature(Map<String, Object> entry) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("verifies", ed25519Verify(fromHex(entry.get("publicKey")), fromHex(entry.get("message")), fromHex(entry.get("signature"))));
        return result;
    }

    private static String text(Map<String, Object> entry, String key) throws JsonException {
        Object v = entry.get(key);
        if (!(v instanceof String)) throw new JsonException("input vector has no \"" + key + "\" text");
        return (String) v;
    }

    interface Vector { Map<String, Object> run(Map<String, Object> entry) throws Exception; }

    @SuppressWarnings("unchecked")
    private static void runAll(Object list, Vector fn, Map<String, Object> results) {
        if (!(list instanceof List)) return;
        for (Object item : (List<Object>) list) {
            if (!(item instanceof Map)) continue;
            Map<String, Object> entry = (Map<String, Object>) item;
            if (!(entry.get("id") instanceof String)) continue;
            Map<String, Object> result;
            try {
                result = fn.run(entry);
            } catch (Exception e) {
                result = new LinkedHashMap<>();
                result.put("error", e.getClass().getSimpleName() + ": " + e.getMessage());
            }
            results.put((String) entry.get("id"), result);
        }
    }

    // ---------------------------------------------------------------- output (2-space indented JSON)

    @SuppressWarnings("unchecked")
    private static void write(Object value, StringBuilder b, String indent) throws JsonException {
        if (value instanceof Map && !((Map<String, Object>) value).isEmpty()) {
            String inner = indent + "  ";
            b.append("{\n");
            boolean first = true;
            for (Map.Entry<String, Object> e : ((Map<String, Object>) value).entrySet()) {
                if (!first) b.append(",\n");
                first = false;
                b.append(inner);
                escapeString(e.getKey(), b);
                b.append(": ");
                write(e.getValue(), b, inner);
            }
            b.append('\n').append(indent).append('}');
        } else if (value instanceof Integer) {
            b.append(value);
        } else {
            serialize(value, b);
        }
    }

    private static String readUtf8(Path path) throws IOException {
        byte[] bytes = Files.readAllBytes(path);
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new IOException(path + " is not UTF-8", e);
        }
    }

    // ---------------------------------------------------------------- --check-numbers

    private static int checkNumbers(Path file) throws IOException {
        long pass = 0, fail = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isEmpty()) continue;
            int comma = line.indexOf(',');
            double d = Double.longBitsToDouble(Long.parseUnsignedLong(line.substring(0, comma), 16));
            String want = line.substring(comma + 1);
            String got;
            try {
                got = esNumber(d);
            } catch (JsonException e) {
                got = "<" + e.getMessage() + ">";
            }
            if (got.equals(want)) {
                pass++;
            } else {
                if (fail < 10) System.out.println("FAIL " + line.substring(0, comma) + ": want " + want + ", got " + got);
                fail++;
            }
        }
        System.out.println("numbers: " + pass + " pass, " + fail + " fail");
        return fail == 0 ? 0 : 1;
    }

    // ---------------------------------------------------------------- main

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("--check-numbers")) {
            System.exit(checkNumbers(Path.of(args[1])));
        }
        if (args.length != 2) {
            System.err.println("usage: java Harness.java INPUTS.json OUTPUT.json\n       java Harness.java --check-numbers FILE");
            System.exit(2);
        }
        Object parsed = Parser.parse(readUtf8(Path.of(args[0])));
        if (!(parsed instanceof Map)) throw new JsonException("inputs are not a JSON object");
        Map<String, Object> inputs = (Map<String, Object>) parsed;
        if (!"redo-conform/platform-inputs".equals(inputs.get("format")) || !Double.valueOf(1).equals(inputs.get("version"))) {
            throw new JsonException("not a version 1 redo-conform/platform-inputs file");
        }
        Map<String, Object> results = new LinkedHashMap<>();
        runAll(inputs.get("canonicalization"), Harness::canonicalization, results);
        runAll(inputs.get("nodes"), Harness::node, results);
        runAll(inputs.get("signatures"), Harness::signature, results);

        Map<String, Object> outputs = new LinkedHashMap<>();
        outputs.put("format", "redo-conform/platform-outputs");
        outputs.put("version", 1);
        outputs.put("platform", "jvm");
        outputs.put("implementation", "Java " + System.getProperty("java.version") + " standard library");
        outputs.put("results", results);
        StringBuilder b = new StringBuilder();
        write(outputs, b, "");
        b.append('\n');
        Files.write(Path.of(args[1]), b.toString().getBytes(StandardCharsets.UTF_8));
    }
}
