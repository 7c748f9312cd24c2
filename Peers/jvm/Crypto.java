// REDO v1 platform harness, JVM: hex, SHA-256 (MessageDigest) and Ed25519 (SunEC).

import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;

final class Crypto {
    private Crypto() {}

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
}
