/// The size limits PROTOCOL.md sets ("Rule catalog": `record.size`, `payload.size`).
public enum ProtocolLimits {
    /// The largest record, in bytes of UTF-8 (16 MiB): ours, not the spec's; it bounds the
    /// memory one record can claim, far above any node the payload limit allows.
    public static let recordBytes = 16 << 20

    /// The largest payload, in bytes of its RFC 8785 canonical form (1 MiB): the spec's.
    public static let payloadCanonicalBytes = 1_048_576
}
