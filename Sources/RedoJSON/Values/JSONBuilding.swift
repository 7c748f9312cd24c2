// Short spellings for building JSON values in code (reports, vector files, fixtures).

/// An object member.
package func member(_ key: String, _ value: JSONValue) -> JSONMember { JSONMember(key: key, value: value) }

/// A string value.
package func str(_ text: String) -> JSONValue { .string(text) }

/// A number value.
package func num(_ value: Double) -> JSONValue { .number(value) }
