/// Where something was written in a scenario file: what every error and every failed
/// expectation points to.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    /// One-based line.
    public var line: Int
    /// One-based column.
    public var column: Int

    /// A location `file:line:column`.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }
}

/// Why a scenario cannot be built: where, what is wrong, and what to change.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem was written; nil only for a scenario made in code without locations.
    public var location: SourceLocation?
    /// What is wrong.
    public var message: String
    /// What to change.
    public var fix: String

    /// An error at `location`.
    public init(_ location: SourceLocation?, _ message: String, fix: String) {
        self.location = location
        self.message = message
        self.fix = fix
    }

    /// `file:line:column: message; fix`.
    public var description: String {
        (location.map { "\($0): " } ?? "") + message + (fix.isEmpty ? "" : "; " + fix)
    }
}
