/// The command names the executable knows, and the one check the argument parser cannot
/// make for us: a mistyped command.
///
/// Why: `check` is the default command, so the parser takes any first word it does not
/// know as check's DIR — `redo-conform validat x` used to answer with check's usage, and
/// `redo-conform help bogus` printed the overview and exited 0. A first word that names
/// no command and no existing directory is almost surely a typo, so it is refused as one.
package struct CommandWords: Sendable, Equatable {
    /// Each command's name and its own subcommands.
    package let subcommands: [String: CommandWords]

    package init(_ subcommands: [String: CommandWords] = [:]) {
        self.subcommands = subcommands
    }

    /// Why `arguments` (without the program name) cannot name a command, or nil when they
    /// can — including when the first word is an option or an existing directory for the
    /// default command, which the parser then judges as usual.
    package func unknownCommand(in arguments: [String], isDirectory: (String) -> Bool) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        if first == "help" { return unknownHelpTopic(Array(arguments.dropFirst())) }
        if subcommands[first] != nil || isDirectory(first) { return nil }
        return "unknown command '\(first)' (commands: \(names)); `check` takes an existing directory"
    }

    /// `help A B`: every word must name a command under the one before it (the parser
    /// would silently show the overview instead).
    private func unknownHelpTopic(_ words: [String]) -> String? {
        var level = self
        var path: [String] = []
        for word in words where !word.hasPrefix("-") {
            guard let next = level.subcommands[word] else {
                let under = path.isEmpty ? "" : " under '\(path.joined(separator: " "))'"
                return "no help for unknown command '\(word)'\(under) (commands: \(level.names))"
            }
            path.append(word)
            level = next
        }
        return nil
    }

    private var names: String { subcommands.keys.sorted().joined(separator: ", ") }
}
