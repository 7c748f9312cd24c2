// REDO v1 platform harness, JVM: the state's sort order (PROTOCOL.md, "Reconstructed state").
//
// "Sorted" means by the bytes of the UTF-8 text, as memcmp would. String.compareTo compares
// UTF-16 code units, which differs from UTF-8 byte order exactly where U+E000–U+FFFF meets
// an astral character; a rejected list can hold such malformed ids. For well-formed text
// UTF-8 byte order equals code point order, so comparing code points is enough (the
// parser already refused lone surrogates).

import java.util.Comparator;

final class StateOrder {
    private StateOrder() {}

    static final Comparator<String> UTF8_BYTES = (a, b) -> {
        int i = 0, j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i), cb = b.codePointAt(j);
            if (ca != cb) return Integer.compare(ca, cb);
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    };
}
