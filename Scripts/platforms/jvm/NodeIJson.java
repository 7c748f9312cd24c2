// REDO v1 platform harness, JVM: the I-JSON condition Json.Parser leaves open.
// The parser rejects duplicate keys and non-finite numbers but keeps an escaped lone
// surrogate ("\ud800") as a lone char; I-JSON (RFC 7493) forbids it in keys and values.

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

final class NodeIJson {
    private NodeIJson() {}

    /** True when no string or key of the parsed value holds an unpaired surrogate. */
    static boolean isIJson(Object root) {
        Deque<Object> stack = new ArrayDeque<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            Object v = stack.pop();
            if (v instanceof String) {
                if (!wellPaired((String) v)) return false;
            } else if (v instanceof Map) {
                for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                    if (!wellPaired((String) e.getKey())) return false;
                    stack.push(e.getValue());
                }
            } else if (v instanceof List) {
                for (Object item : (List<?>) v) stack.push(item);
            }
        }
        return true;
    }

    static boolean wellPaired(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) return false;
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return false;
            }
        }
        return true;
    }
}
