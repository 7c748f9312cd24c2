import Foundation

/// Node access for a harness whose values are `JSONSerialization`'s: objects are
/// `[String: Any]`, strings `String`.
extension PlatformHarness where Value == Any {
    /// The dictionary without `members`; throws ``NotAnObject`` when `object` is no `[String: Any]`.
    public func removing(_ members: [String], from object: Any) throws -> Any {
        guard var dictionary = object as? [String: Any] else { throw NotAnObject() }
        for member in members { dictionary.removeValue(forKey: member) }
        return dictionary
    }

    /// The `String` reached through nested `[String: Any]` dictionaries by `path`.
    public func string(at path: [String], in object: Any) -> String? {
        var value: Any? = object
        for member in path { value = (value as? [String: Any])?[member] }
        return value as? String
    }
}

/// The error of a node that is not a JSON object, where the kit needs one.
public struct NotAnObject: Error, CustomStringConvertible, Sendable {
    /// Creates the error.
    public init() {}

    /// Says what went wrong.
    public var description: String { "not a JSON object" }
}
