/// Names that may never be payload keys (nor keys anywhere inside `extensions`): the
/// envelope's names and the reconstructed state's, plus `archive` (listed next to
/// `archived` since v1.5). A payload carrying one could be mistaken for, or overwrite,
/// envelope or state data in a client that merges dictionaries.
package enum ReservedNames {
    package static let envelope: [String] = [
        "id", "version", "parents", "timestamp", "author", "action", "taskId", "data", "signature",
        "lamport", "wall", "userId", "deviceId", "publicKey", "name", "email", "deviceName",
    ]
    package static let state: [String] = ["guid", "todoTasks", "created", "archived", "deleted", "archive"]

    package static let all: Set<String> = Set(envelope + state)

    /// Bytewise membership (Swift's `Set<String>` would match canonically equivalent
    /// spellings, e.g. a KELVIN SIGN for "K"; reserved names are plain ASCII, so a key
    /// matches only when its bytes are exactly one of them).
    package static func contains(_ key: String) -> Bool {
        key.utf8.allSatisfy { $0 < 0x80 } && all.contains(key)
    }
}
