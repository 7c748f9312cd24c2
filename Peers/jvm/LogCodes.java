// REDO v1 platform harness, JVM: the verdict codes by number, in precedence order
// (PROTOCOL.md, "Verdicts and codes"; Rulings, "Codes and precedence"; RedoTables.CODES).

/**
 * A record collects its findings as a bit set over this order; the primary code is the
 * lowest bit set, because "the first that applies is the primary code" and every X_
 * code ranks after every E_ code.
 */
final class LogCodes {
    private LogCodes() {}

    static final int SCHEMA = RedoTables.codeIndex("E_SCHEMA_MISMATCH");
    static final int ENCODING = RedoTables.codeIndex("E_ENCODING_VIOLATION");
    static final int FORBIDDEN = RedoTables.codeIndex("E_FORBIDDEN_FIELD");
    static final int DELETED_CHAIN = RedoTables.codeIndex("E_MISSING_DELETED_CHAIN");
    static final int HASH = RedoTables.codeIndex("E_HASH_MISMATCH");
    static final int SIGNATURE = RedoTables.codeIndex("E_INVALID_SIGNATURE");
    static final int PARENT = RedoTables.codeIndex("E_PARENT_NOT_FOUND");
    static final int LAMPORT = RedoTables.codeIndex("E_LAMPORT_VIOLATION");
    static final int DUPLICATE_CREATE = RedoTables.codeIndex("E_DUPLICATE_CREATE");
    static final int TODO_REF = RedoTables.codeIndex("E_INVALID_TODO_REF");
    static final int ANCESTOR_REJECTED = RedoTables.codeIndex("X_ANCESTOR_REJECTED");
    static final int AFTER_DELETE = RedoTables.codeIndex("X_AFTER_DELETE");

    static int bit(int code) { return 1 << code; }

    /** The primary code of a finding set, or -1 when it is empty. */
    static int primary(int mask) { return mask == 0 ? -1 : Integer.numberOfTrailingZeros(mask); }

    static String name(int code) { return code < 0 ? null : RedoTables.CODES.get(code).name(); }

    /** A code's place in precedence order, by name; -1 for a name that is no code. */
    static int rank(String name) { return RedoTables.codeIndex(name); }

    /** True for the E_ codes: their nodes make descendants X_ANCESTOR_REJECTED. */
    static boolean isE(int code) { return code >= 0 && code < ANCESTOR_REJECTED; }
}
