// REDO v1 platform harness — JVM reference (Java 17, standard library only).
//
// Usage: bash Peers/jvm/run.sh INPUTS.json OUTPUT.json
//        bash Peers/jvm/run.sh --check-numbers FILE
//        bash Peers/jvm/run.sh --verdicts LOG.jsonl
//        bash Peers/jvm/run.sh --state LOG.jsonl [--verdicts-from REPORT.json]
//        bash Peers/jvm/run.sh --batch LOG.jsonl...   (both, for each LOG, into LOG.jvm-*)
//        bash Peers/jvm/run.sh --tables
//
// Reads a redo-conform/platform-inputs file (Vectors/platform/inputs.json) and
// writes a redo-conform/platform-outputs file (docs/platform-gate.md, "The exchange
// format") through the Java harness kit (Peers/kits/java/RedoHarness.java), which reads
// the inputs, runs every vector and writes the outputs; Peer supplies the JVM peer's own
// functions. Json.java holds the parser, the RFC 8785 canonicalizer and the ECMAScript
// number formatter; Crypto.java SHA-256 (MessageDigest) and Ed25519 (java.security,
// SunEC); LogValidator the node and log rules; Reconstructor the replay, whose state
// bytes give the logs' stateSha256. The `verdicts` section is judged by NodeRules alone
// (node-level rules, under the entry's profile), the `storage` section goes through
// StoredNode, the storage model.
//
// --check-numbers reads "hexbits,jsText" lines (Vectors/numbers/es-numbers-100k.txt)
// and checks the number formatter against them. --verdicts and --state print one JSON
// Lines log's verdicts (LogValidator) and reconstructed state (Reconstructor) for
// check-log.sh, which compares them with redo-conform's. --tables prints RedoTables, the
// protocol tables the validator and the reconstructor use (ProtocolTables).

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import redo.harness.RedoHarness;

public final class Harness {

    // ---------------------------------------------------------------- the exchange, through the harness kit

    /**
     * The JVM peer's own functions, as the Java harness kit (Peers/kits/java/RedoHarness.java)
     * asks for them; the kit reads the inputs, runs every vector and writes the outputs.
     */
    static final class Peer implements RedoHarness {
        @Override
        public Object parse(String text) throws JsonException {
            return Json.Parser.parse(text);
        }

        @Override
        public byte[] canonicalize(Object value) throws JsonException {
            return Json.canonicalize(value).getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public byte[] sha256(byte[] bytes) throws Exception {
            return Crypto.sha256(bytes);
        }

        @Override
        public byte[] sign(byte[] seed, byte[] message) throws Exception {
            return Crypto.ed25519Sign(seed, message);
        }

        @Override
        public boolean verify(byte[] publicKey, byte[] message, byte[] signature) {
            return Crypto.ed25519Verify(publicKey, message, signature);
        }

        /** Validate and reconstruct the records as one log; hash the state's canonical bytes. */
        @Override
        public String stateSha256(List<String> records) throws Exception {
            return Crypto.toHex(Crypto.sha256(Reconstructor.stateBytes(records, LogValidator.validate(records))));
        }

        /**
         * The node-level rules (NodeRules: record, envelope, payload, id hash, signature) on
         * the node as received, under the entry's profile; no log-level rule. The JVM keeps
         * no rule catalog, so a rejection's reason starts with its primary code.
         */
        @Override
        public Acceptance accepts(String node, String profile) {
            NodeCheck c = NodeRules.check(node, profile.equals("synced"));
            if (c.passes()) return Acceptance.accepted();
            // The primary code, then any other code the node also breaks.
            int primary = LogCodes.primary(c.findings);
            List<String> others = new ArrayList<>();
            for (int code = primary + 1; code < RedoTables.CODES.size(); code++) {
                if ((c.findings & LogCodes.bit(code)) != 0) others.add(LogCodes.name(code));
            }
            return Acceptance.rejected(LogCodes.name(primary) + (others.isEmpty() ? "" : " (also " + String.join(", ", others) + ")"));
        }

        /**
         * The node through StoredNode, the storage model an Android client keeps (a typed
         * model stored as a Firestore-like document map), read back as a fresh value; the
         * canonical bytes of the whole node read back, id and signature included.
         */
        @Override
        public byte[] roundTrip(String node) throws JsonException {
            Object parsed = Json.Parser.parse(node);
            if (!(parsed instanceof Map)) throw new JsonException("not a JSON object");
            @SuppressWarnings("unchecked")
            Map<String, Object> document = StoredNode.fromNode((Map<String, Object>) parsed).toDocument();
            return canonicalize(StoredNode.fromDocument(document).toNode());
        }
    }

    /** A whole file as one JSON value; a syntax error names the file. */
    private static Object parseFile(Path path) throws IOException, JsonException {
        try {
            return Json.Parser.parse(readUtf8(path));
        } catch (JsonException e) {
            throw new JsonException(path + ": " + e.getMessage());
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

    // ---------------------------------------------------------------- --verdicts, --state (check-log.sh)

    /** A JSON Lines file's records: every line that is not empty, with its 1-based line number. */
    private static List<String> jsonLines(Path file, List<Integer> lineNumbers) throws IOException {
        String[] lines = readUtf8(file).split("\n", -1);
        List<String> records = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
            if (line.isEmpty()) continue;
            records.add(line);
            lineNumbers.add(i + 1);
        }
        return records;
    }

    /** "LINE STATUS CODE ID" per record, "-" for a null; the form check-log.sh compares. */
    private static int printVerdicts(Path file) throws IOException {
        System.out.print(verdictLines(file));
        return 0;
    }

    private static String verdictLines(Path file) throws IOException {
        List<Integer> lineNumbers = new ArrayList<>();
        List<String> records = jsonLines(file, lineNumbers);
        List<Verdict> verdicts = LogValidator.validate(records);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < verdicts.size(); i++) {
            Verdict v = verdicts.get(i);
            b.append(lineNumbers.get(i)).append(' ').append(v.status()).append(' ')
                    .append(v.code() == null ? "-" : v.code()).append(' ')
                    .append(v.claimedId() == null ? "-" : v.claimedId()).append('\n');
        }
        return b.toString();
    }

    /**
     * For each LOG, LOG.jvm-verdicts.txt and LOG.jvm-state.json as --verdicts and --state
     * print them (the state from the JVM's own verdicts), in one start of the JVM:
     * Scripts/peer-random.sh checks hundreds of logs. A log the JVM fails on gets the
     * failure in its verdicts file, which then differs.
     */
    private static int batch(List<String> logs) throws IOException {
        for (String log : logs) {
            Path file = Path.of(log);
            String verdicts;
            byte[] state;
            try {
                verdicts = verdictLines(file);
                List<Integer> lineNumbers = new ArrayList<>();
                List<String> records = jsonLines(file, lineNumbers);
                byte[] bytes = Reconstructor.stateBytes(records, LogValidator.validate(records));
                state = Arrays.copyOf(bytes, bytes.length + 1);
                state[bytes.length] = '\n';
            } catch (Exception e) {
                verdicts = "the JVM failed: " + e + "\n";
                state = verdicts.getBytes(StandardCharsets.UTF_8);
            }
            Files.write(Path.of(log + ".jvm-verdicts.txt"), verdicts.getBytes(StandardCharsets.UTF_8));
            Files.write(Path.of(log + ".jvm-state.json"), state);
        }
        return 0;
    }

    /** The log-level rules of PROTOCOL.md's rule catalog, from `parents.notFound` on. */
    private static final Set<Object> LOG_LEVEL_RULES = Set.of(
            "parents.notFound", "parents.otherTask", "merge.base.notFound", "merge.base.notAncestor",
            "lamport.create", "lamport.successor", "create.duplicate", "todo.notAncestor", "todo.isTaskId",
            "todo.reused", "deletedChain.ancestors", "deletedChain.order", "merge.conflict.unresolvable",
            "ancestor.rejected", "ancestor.deleted");

    /**
     * Verdicts taken from redo-conform's JSON report of the same file (`validate --format
     * json`) instead of LogValidator, so that the reconstructor can be checked on its own.
     */
    @SuppressWarnings("unchecked")
    private static List<Verdict> verdictsFromReport(Path report, List<String> records, List<Integer> lineNumbers) throws Exception {
        Object parsed = parseFile(report);
        Map<Integer, Map<String, Object>> byLine = new HashMap<>();
        for (Object item : (List<Object>) ((Map<String, Object>) parsed).get("records")) {
            Map<String, Object> r = (Map<String, Object>) item;
            String source = (String) r.get("source");
            byLine.put(Integer.parseInt(source.substring(source.lastIndexOf(':') + 1)), r);
        }
        List<Verdict> verdicts = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            Map<String, Object> r = byLine.get(lineNumbers.get(i));
            if (r == null) throw new JsonException("the report has no record for line " + lineNumbers.get(i));
            Map<String, Object> node = null;
            try {
                Object value = Json.Parser.parse(records.get(i));
                if (value instanceof Map) node = (Map<String, Object>) value;
            } catch (JsonException e) {
                // not I-JSON: no node, as in the report
            }
            Object id = r.get("id"), code = r.get("code");
            String status = (String) r.get("status");
            // A record stands for its node when it passed every node-level rule: it is
            // valid, or rejected with log-level findings only.
            boolean standing = status.equals("valid");
            if (status.equals("rejected")) {
                standing = true;
                for (Object finding : (List<Object>) r.get("findings")) {
                    if (!LOG_LEVEL_RULES.contains(((Map<String, Object>) finding).get("rule"))) standing = false;
                }
            }
            verdicts.add(new Verdict(id instanceof String ? (String) id : null, status,
                    code instanceof String ? (String) code : null, node, standing));
        }
        return verdicts;
    }

    /** The reconstructed state's canonical JSON and a newline. */
    private static int printState(Path file, Path report) throws Exception {
        List<Integer> lineNumbers = new ArrayList<>();
        List<String> records = jsonLines(file, lineNumbers);
        List<Verdict> verdicts = report == null ? LogValidator.validate(records) : verdictsFromReport(report, records, lineNumbers);
        System.out.write(Reconstructor.stateBytes(records, verdicts));
        System.out.write('\n');
        System.out.flush();
        return 0;
    }

    // ---------------------------------------------------------------- main

    /** A file that cannot be read or is not JSON is one line on stderr and exit status 2, not a stack trace. */
    public static void main(String[] args) throws Exception {
        try {
            run(args);
        } catch (java.nio.file.NoSuchFileException e) {
            System.err.println("harness: " + e.getFile() + ": no such file");
            System.exit(2);
        } catch (IOException | JsonException e) {
            System.err.println("harness: " + e.getMessage());
            System.exit(2);
        }
    }

    private static void run(String[] args) throws Exception {
        if (args.length == 1 && args[0].equals("--tables")) {
            System.out.print(ProtocolTables.json());
            return;
        }
        if (args.length == 2 && args[0].equals("--check-numbers")) {
            System.exit(checkNumbers(Path.of(args[1])));
        }
        if (args.length >= 2 && args[0].equals("--batch")) {
            System.exit(batch(Arrays.asList(args).subList(1, args.length)));
        }
        if (args.length == 2 && args[0].equals("--verdicts")) {
            System.exit(printVerdicts(Path.of(args[1])));
        }
        if ((args.length == 2 || args.length == 4 && args[2].equals("--verdicts-from")) && args[0].equals("--state")) {
            System.exit(printState(Path.of(args[1]), args.length == 4 ? Path.of(args[3]) : null));
        }
        if (args.length != 2) {
            System.err.println(String.join("\n",
                    "usage: run.sh INPUTS.json OUTPUT.json",
                    "       run.sh --check-numbers FILE",
                    "       run.sh --verdicts LOG.jsonl",
                    "       run.sh --state LOG.jsonl [--verdicts-from REDO_CONFORM_REPORT.json]",
                    "       run.sh --tables"));
            System.exit(2);
        }
        RedoHarness.run(Path.of(args[0]), Path.of(args[1]), "jvm",
                "Java " + System.getProperty("java.version") + " standard library", new Peer());
    }
}
