// REDO v1 platform harness, JVM: the JSON model, a strict parser (RFC 8259 + I-JSON)
// and the RFC 8785 canonicalizer with the ECMAScript number formatter.
//
// object → LinkedHashMap<String,Object> (member order kept), array → List<Object>,
// string → String, number → Double, true/false → Boolean, null → Json.NULL.

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

final class Json {
    private Json() {}

    private static final String HEX_DIGITS = "0123456789abcdef";
    // ---------------------------------------------------------------- JSON model
    // object → LinkedHashMap<String,Object> (member order kept), array → List<Object>,
    // string → String, number → Double, true/false → Boolean, null → NULL.

    static final Object NULL = new Object() {
        @Override public String toString() { return "null"; }
    };



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
                if (c == '"') {
                    // An escape can spell half a surrogate pair ("\ud800"): not I-JSON.
                    if (!wellPaired(b)) throw error("string with an unpaired surrogate (not I-JSON)");
                    return b.toString();
                }
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

        /** Every UTF-16 surrogate in s is half of a high-low pair. */
        private static boolean wellPaired(CharSequence s) {
            for (int k = 0; k < s.length(); k++) {
                char c = s.charAt(k);
                if (Character.isHighSurrogate(c) && k + 1 < s.length() && Character.isLowSurrogate(s.charAt(k + 1))) k++;
                else if (Character.isSurrogate(c)) return false;
            }
            return true;
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
    static void serialize(Object value, StringBuilder b) throws JsonException {
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
                        b.append("\\u00").append(HEX_DIGITS.charAt(c >> 4)).append(HEX_DIGITS.charAt(c & 0xf));
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
}
