// The shape of every cache the log target keeps across executions: bounded, so that a long
// run's memory stays flat, and keeping what is in use.

/// Values by key in two generations: when the young one is full, it becomes the old one
/// (the previous old one is dropped), and a value found in the old one moves back to the
/// young one. Entries in use stay; memory stays under two generations' worth.
package struct TwoGenerationCache<Key: Hashable, Value> {
    private var young: [Key: Value] = [:]
    private var old: [Key: Value] = [:]
    /// Entries per generation (a record is some 400 bytes, its check or node under 4 KB).
    private let limit: Int

    package init(limit: Int = 30_000) { self.limit = limit }

    package mutating func value(for key: Key) -> Value? {
        if let value = young[key] { return value }
        guard let value = old.removeValue(forKey: key) else { return nil }
        store(value, for: key)
        return value
    }

    package mutating func store(_ value: Value, for key: Key) {
        if young.count >= limit {
            old = young
            young = [:]
        }
        young[key] = value
    }

    /// The value for `key`, made (and stored) when it is not there.
    package mutating func value(for key: Key, _ make: () -> Value) -> Value {
        if let value = value(for: key) { return value }
        let value = make()
        store(value, for: key)
        return value
    }
}
