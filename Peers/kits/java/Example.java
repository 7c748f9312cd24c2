// A complete harness on the Java kit, compiled with it and the JVM peer (Json, Crypto and
// StoredNode stand for your client's parser, canonicalizer, crypto and storage model):
//   java -cp CLASSES Example INPUTS.json OUTPUTS.json
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import redo.harness.RedoHarness;

public final class Example implements RedoHarness {
    public static void main(String[] args) throws Exception {
        RedoHarness.run(Path.of(args[0]), Path.of(args[1]), "jvm-example", "Java " + Runtime.version(), new Example());
    }

    @Override public Object parse(String text) throws Exception { return Json.Parser.parse(text); }
    @Override public byte[] canonicalize(Object value) throws Exception {
        return Json.canonicalize(value).getBytes(StandardCharsets.UTF_8);
    }
    @Override public byte[] sha256(byte[] bytes) throws Exception { return Crypto.sha256(bytes); }
    @Override public byte[] sign(byte[] seed, byte[] message) throws Exception { return Crypto.ed25519Sign(seed, message); }
    @Override public boolean verify(byte[] key, byte[] message, byte[] signature) {
        return Crypto.ed25519Verify(key, message, signature);
    }
    @Override public byte[] roundTrip(String text) throws Exception {
        @SuppressWarnings("unchecked") Map<String, Object> node = (Map<String, Object>) parse(text);
        return canonicalize(StoredNode.fromDocument(StoredNode.fromNode(node).toDocument()).toNode());
    }
}
