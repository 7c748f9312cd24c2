// REDO v1 platform harness, JVM: the verdict codes in precedence order (PROTOCOL.md,
// "Verdicts and codes"; Rulings, "Codes and precedence").

/**
 * A record collects its findings as a bit set over this order; the primary code is the
 * lowest bit set, because "the first that applies is the primary code" and every X_
 * code ranks after every E_ code.
 */
final class LogCodes {
    private LogCodes() {}

    static final int SCHEMA = 0;
    static final int ENCODING = 1;
    static final int FORBIDDEN = 2;
    static final int DELETED_CHAIN = 3;
    static final int HASH = 4;
    static final int SIGNATURE = 5;
    static final int PARENT = 6;
    static final int LAMPORT = 7;
    static final int DUPLICATE_CREATE = 8;
    static final int TODO_REF = 9;
    static final int ANCESTOR_REJECTED = 10;
    static final int AFTER_DELETE = 11;

    private static final String[] NAMES = {
        "E_SCHEMA_MISMATCH", "E_ENCODING_VIOLATION", "E_FORBIDDEN_FIELD", "E_MISSING_DELETED_CHAIN",
        "E_HASH_MISMATCH", "E_INVALID_SIGNATURE", "E_PARENT_NOT_FOUND", "E_LAMPORT_VIOLATION",
        "E_DUPLICATE_CREATE", "E_INVALID_TODO_REF", "X_ANCESTOR_REJECTED", "X_AFTER_DELETE",
    };

    static int bit(int code) { return 1 << code; }

    /** The primary code of a finding set, or -1 when it is empty. */
    static int primary(int mask) { return mask == 0 ? -1 : Integer.numberOfTrailingZeros(mask); }

    static String name(int code) { return code < 0 ? null : NAMES[code]; }

    /** A code's place in precedence order, by name; -1 for a name that is no code. */
    static int rank(String name) { return java.util.Arrays.asList(NAMES).indexOf(name); }

    /** True for the E_ codes: their nodes make descendants X_ANCESTOR_REJECTED. */
    static boolean isE(int code) { return code >= 0 && code < ANCESTOR_REJECTED; }
}
