// REDO v1 platform harness, JVM: Ed25519 verification under libsodium's rules
// (PROTOCOL.md, "Canonical form, id and signature": S below the group order, A and R
// canonical encodings of points that are not of small order, cofactorless equation).
//
// The JDK's verifier (Crypto.ed25519Verify) checks the equation but accepts small-order
// A and R, so those checks are made here first, with BigInteger arithmetic on the
// curve: the eight points of small order are known by their y coordinates.

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

final class NodeSignature {
    private NodeSignature() {}

    private static final BigInteger P = BigInteger.TWO.pow(255).subtract(BigInteger.valueOf(19));
    private static final BigInteger L = BigInteger.TWO.pow(252).add(new BigInteger("27742317777372353535851937790883648493"));
    private static final BigInteger D = BigInteger.valueOf(-121665).multiply(BigInteger.valueOf(121666).modInverse(P)).mod(P);
    private static final BigInteger SQRT_M1 = BigInteger.TWO.modPow(P.subtract(BigInteger.ONE).shiftRight(2), P);

    /** Verifies a 64-byte signature of message by a 32-byte public key, libsodium-strict. */
    static boolean verify(byte[] publicKey, byte[] message, byte[] signature) {
        if (publicKey == null || signature == null || publicKey.length != 32 || signature.length != 64) return false;
        byte[] r = new byte[32], s = new byte[32];
        System.arraycopy(signature, 0, r, 0, 32);
        System.arraycopy(signature, 32, s, 0, 32);
        if (littleEndian(s).compareTo(L) >= 0) return false;
        if (!acceptablePoint(publicKey) || !acceptablePoint(r)) return false;
        return Crypto.ed25519Verify(publicKey, message, signature);
    }

    /**
     * A canonical encoding (y below p) of a point not of small order. Whether the
     * encoding is a point at all is left to the JDK: an A that is no point cannot verify,
     * and an R that is none never equals the computed R.
     */
    private static boolean acceptablePoint(byte[] encoding) {
        byte[] y = encoding.clone();
        y[31] &= 0x7f;
        BigInteger yv = littleEndian(y);
        return yv.compareTo(P) < 0 && !SMALL_ORDER_Y.contains(yv);
    }

    /**
     * The y coordinates of the eight points of small order (the torsion subgroup): the
     * neutral element (y = 1), the point of order 2 (y = −1), those of order 4 (y = 0)
     * and of order 8 (y² = (−1 ± √(1+d)) / d, from doubling onto y = 0). Each candidate
     * is confirmed by computing 8·P, so a slip in the algebra cannot widen the set.
     */
    private static final Set<BigInteger> SMALL_ORDER_Y = smallOrderY();

    private static Set<BigInteger> smallOrderY() {
        Set<BigInteger> ys = new HashSet<>();
        List<BigInteger> candidates = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, P.subtract(BigInteger.ONE)));
        BigInteger root = sqrt(BigInteger.ONE.add(D).mod(P));
        BigInteger dInv = D.modInverse(P);
        for (BigInteger r : root == null ? List.<BigInteger>of() : List.of(root, root.negate().mod(P))) {
            BigInteger y = sqrt(r.subtract(BigInteger.ONE).multiply(dInv).mod(P));
            if (y != null) { candidates.add(y); candidates.add(y.negate().mod(P)); }
        }
        for (BigInteger y : candidates) {
            BigInteger[] q = decode(y, false);
            if (q == null) continue;
            for (int i = 0; i < 3; i++) q = add(q, q);
            if (q[0].signum() == 0 && q[1].equals(BigInteger.ONE)) ys.add(y);
        }
        if (ys.size() != 5) throw new IllegalStateException("expected 5 small-order y values, found " + ys.size());
        return ys;
    }

    /** A square root mod p, or null when a is not a square. */
    private static BigInteger sqrt(BigInteger a) {
        BigInteger x = a.modPow(P.add(BigInteger.valueOf(3)).shiftRight(3), P);
        if (x.multiply(x).mod(P).equals(a)) return x;
        x = x.multiply(SQRT_M1).mod(P);
        return x.multiply(x).mod(P).equals(a) ? x : null;
    }

    /** Affine (x, y) from y and the sign of x (RFC 8032, 5.1.3); null when no point has this y. */
    private static BigInteger[] decode(BigInteger y, boolean sign) {
        BigInteger y2 = y.multiply(y).mod(P);
        BigInteger u = y2.subtract(BigInteger.ONE).mod(P);
        BigInteger v = D.multiply(y2).add(BigInteger.ONE).mod(P);
        BigInteger x = u.multiply(v.modPow(BigInteger.valueOf(3), P))
                .multiply(u.multiply(v.modPow(BigInteger.valueOf(7), P)).modPow(P.subtract(BigInteger.valueOf(5)).shiftRight(3), P)).mod(P);
        BigInteger vx2 = v.multiply(x).multiply(x).mod(P);
        if (!vx2.equals(u)) {
            if (vx2.equals(u.negate().mod(P))) x = x.multiply(SQRT_M1).mod(P);
            else return null;
        }
        if (x.testBit(0) != sign) x = x.negate().mod(P);
        return new BigInteger[] {x, y};
    }

    /** The complete twisted-Edwards addition law (a = −1); its denominators never vanish. */
    private static BigInteger[] add(BigInteger[] a, BigInteger[] b) {
        BigInteger x1y2 = a[0].multiply(b[1]), y1x2 = a[1].multiply(b[0]);
        BigInteger y1y2 = a[1].multiply(b[1]), x1x2 = a[0].multiply(b[0]);
        BigInteger t = D.multiply(x1x2).mod(P).multiply(y1y2).mod(P);
        BigInteger x = x1y2.add(y1x2).multiply(BigInteger.ONE.add(t).modInverse(P)).mod(P);
        BigInteger y = y1y2.add(x1x2).multiply(BigInteger.ONE.subtract(t).mod(P).modInverse(P)).mod(P);
        return new BigInteger[] {x, y};
    }

    private static BigInteger littleEndian(byte[] bytes) {
        byte[] big = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) big[i] = bytes[bytes.length - 1 - i];
        return new BigInteger(1, big);
    }
}
