// REDO v1 platform harness, JVM: time arithmetic on the strict UTC form
// YYYY-MM-DDTHH:MM:SS.mmmZ, shared by the validator's and the reconstructor's replay.

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Locale;

final class RedoTime {
    private RedoTime() {}

    /** 9999-12-31T23:59:59.999Z, the last instant the wall format can write. */
    private static final long MAX_MILLIS = 253402300799999L;

    /** time + days × 86,400 s: plain UTC arithmetic, clamped at the last writable instant (SNOOZE). */
    static String addDays(String time, double days) {
        long millis = Instant.parse(time).toEpochMilli();
        long add = (long) days * 86_400_000L;  // days ≤ 3,652,059: no overflow
        long result = millis > MAX_MILLIS - add ? MAX_MILLIS : millis + add;
        return format(result);
    }

    /** The strict UTC form (the received form of every time). */
    static String format(long epochMillis) {
        long seconds = Math.floorDiv(epochMillis, 1000L);
        int millis = (int) Math.floorMod(epochMillis, 1000L);
        LocalDateTime t = LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC);
        return String.format(Locale.ROOT, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", t.getYear(), t.getMonthValue(),
                t.getDayOfMonth(), t.getHour(), t.getMinute(), t.getSecond(), millis);
    }
}
