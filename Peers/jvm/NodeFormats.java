// REDO v1 platform harness, JVM: the spellings PROTOCOL.md fixes (ids, keys, UUIDs,
// times, integers), written as plain character tests so that nothing locale- or
// Unicode-aware (regex \d classes, Character.isDigit) can widen them.

final class NodeFormats {
    private NodeFormats() {}

    /** 2^53 − 1: the largest integer JavaScript represents exactly ("Numbers and times"). */
    static final double MAX_SAFE = 9007199254740991.0;

    static boolean isLowerHex(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
        }
        return true;
    }

    static boolean isLowerHex(Object v, int length) {
        return v instanceof String && ((String) v).length() == length && isLowerHex((String) v, 0, length);
    }

    /** "sha256:" + 64 lowercase hex digits. */
    static boolean isNodeId(Object v) {
        if (!(v instanceof String)) return false;
        String s = (String) v;
        return s.length() == 71 && s.startsWith("sha256:") && isLowerHex(s, 7, 71);
    }

    /** Lowercase 8-4-4-4-12 hex, version nibble 4, variant 8, 9, a or b (Rulings, "Identity and encoding"). */
    static boolean isUuidV4(Object v) {
        if (!(v instanceof String)) return false;
        String s = (String) v;
        if (s.length() != 36) return false;
        for (int i = 0; i < 36; i++) {
            char c = s.charAt(i);
            if (i == 8 || i == 13 || i == 18 || i == 23) {
                if (c != '-') return false;
            } else if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
        }
        char variant = s.charAt(19);
        return s.charAt(14) == '4' && (variant == '8' || variant == '9' || variant == 'a' || variant == 'b');
    }

    /** JSON Schema's integer (no fractional part) within ±(2^53−1). */
    static boolean isInteger(Object v) {
        if (!(v instanceof Double)) return false;
        double d = (Double) v;
        return !Double.isInfinite(d) && d == Math.rint(d) && Math.abs(d) <= MAX_SAFE;
    }

    /** An integer in [min, max]. */
    static boolean isIntegerIn(Object v, double min, double max) {
        return isInteger(v) && (Double) v >= min && (Double) v <= max;
    }

    /** YYYY-MM-DDTHH:MM:SS.mmmZ, shape only. */
    static boolean isTimeShape(String s) {
        if (s.length() != 24) return false;
        String pattern = "dddd-dd-ddTdd:dd:dd.dddZ";
        for (int i = 0; i < 24; i++) {
            char p = pattern.charAt(i), c = s.charAt(i);
            if (p == 'd' ? !(c >= '0' && c <= '9') : c != p) return false;
        }
        return true;
    }

    /** The shape names a real instant: month 01–12, an existing day, hour ≤ 23, minute and second ≤ 59. */
    static boolean isRealInstant(String s) {
        int year = Integer.parseInt(s.substring(0, 4));
        int month = Integer.parseInt(s.substring(5, 7));
        int day = Integer.parseInt(s.substring(8, 10));
        int hour = Integer.parseInt(s.substring(11, 13));
        int minute = Integer.parseInt(s.substring(14, 16));
        int second = Integer.parseInt(s.substring(17, 19));
        if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
        return hour <= 23 && minute <= 59 && second <= 59;
    }

    static boolean isTime(Object v) {
        return v instanceof String && isTimeShape((String) v) && isRealInstant((String) v);
    }

    static int daysInMonth(int year, int month) {
        switch (month) {
            case 2: return (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28;
            case 4: case 6: case 9: case 11: return 30;
            default: return 31;
        }
    }
}
