// REDO v1 platform harness, JVM.

/** A text that is not JSON, not I-JSON, or that cannot be canonicalized. */
final class JsonException extends Exception {
    private static final long serialVersionUID = 1L;

    JsonException(String message) { super(message); }
}
