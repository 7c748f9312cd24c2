#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// REDO's urgency curve: U(t) = max(0.1, 1 + 10 / (1 + e^(0.4·t))), t the days until the
/// deadline (negative when overdue). It rises smoothly toward 11 when overdue, falls
/// toward 1 far ahead, and is 6 at the deadline. Only U is normative; the spec leaves the
/// priority and complexity weights of the full rank undefined.
public enum Urgency {
    /// U(t) for `t` days until the deadline (negative when overdue): between 1 and 11.
    public static func value(daysUntilDue t: Double) -> Double {
        max(0.1, 1.0 + 10.0 / (1.0 + exp(0.4 * t)))
    }

    /// Days until due from exact milliseconds (no calendar rounding).
    public static func daysUntilDue(_ deadline: UTCTime, now: UTCTime) -> Double {
        Double(deadline.millisecondsSinceEpoch - now.millisecondsSinceEpoch) / 86_400_000
    }

    /// The urgency of a todo due at `deadline`, at `now`.
    public static func value(deadline: UTCTime, now: UTCTime) -> Double {
        value(daysUntilDue: daysUntilDue(deadline, now: now))
    }
}
