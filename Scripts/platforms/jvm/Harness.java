// REDO v1 platform harness — JVM reference (Java 17, standard library only).
//
// Usage: bash Scripts/platforms/jvm/run.sh INPUTS.json OUTPUT.json
//        bash Scripts/platforms/jvm/run.sh --check-numbers FILE
//
// Reads a redo-conform/platform-inputs file (Vectors/platform/inputs.json) and
// writes a redo-conform/platform-outputs file (Vectors/README.md, "The platform
// exchange format (version 1)"). Json.java holds the parser, the RFC 8785
// canonicalizer and the ECMAScript number formatter; Crypto.java SHA-256
// (MessageDigest) and Ed25519 (java.security, SunEC).
//
// --check-numbers reads "hexbits,jsText" lines (Vectors/numbers/es-numbers-100k.txt)
// and checks the number formatter against them.

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public final class Harness {

    // ---------------------------------------------------------------- vectors

    static Map<String, Object> canonicalization(Map<String, Object> entry) throws Exception {
        Object value = Json.Parser.parse(text(entry, "json"));
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("canonical", Crypto.toHex(Json.canonicalize(value).getBytes(StandardCharsets.UTF_8)));
        return result;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> node(Map<String, Object> entry) throws Exception {
        Object parsed = Json.Parser.parse(text(entry, "node"));
        if (!(parsed instanceof Map)) throw new JsonException("not a JSON object");
        // The body is the node without `id` and `signature`, as received.
        Map<String, Object> body = new LinkedHashMap<>((Map<String, Object>) parsed);
        body.remove("id");
        Object signature = body.remove("signature");
        byte[] bytes = Json.canonicalize(body).getBytes(StandardCharsets.UTF_8);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("canonical", Crypto.toHex(bytes));
        result.put("id", "sha256:" + Crypto.toHex(Crypto.sha256(bytes)));
        Object seed = entry.get("seed");
        if (seed != null && seed != Json.NULL) result.put("signature", Crypto.toHex(Crypto.ed25519Sign(Crypto.fromHex(seed), bytes)));
        Object author = body.get("author");
        byte[] publicKey = author instanceof Map ? Crypto.fromHex(((Map<String, Object>) author).get("publicKey")) : null;
        result.put("verifies", Crypto.ed25519Verify(publicKey, bytes, Crypto.fromHex(signature)));
        return result;
    }

    static Map<String, Object> signature(Map<String, Object> entry) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("verifies", Crypto.ed25519Verify(Crypto.fromHex(entry.get("publicKey")), Crypto.fromHex(entry.get("message")), Crypto.fromHex(entry.get("signature"))));
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
                Json.escapeString(e.getKey(), b);
                b.append(": ");
                write(e.getValue(), b, inner);
            }
            b.append('\n').append(indent).append('}');
        } else if (value instanceof Integer) {
            b.append(value);
        } else {
            Json.serialize(value, b);
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
                got = Json.esNumber(d);
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
        Object parsed = Json.Parser.parse(readUtf8(Path.of(args[0])));
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
