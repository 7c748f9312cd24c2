// The root command of the redo-conform executable, which only parses arguments: each subcommand
// is a file in Subcommands/, and its logic lives in RedoConformKit, where it is unit-tested.
import ArgumentParser
import RedoConformKit
import RedoValidation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Every text a user sees in --help is ASCII: the manual pages are generated from it
// (swift-argument-parser's generate-manual), and that generator drops other characters.
@main
struct RedoConform: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo-conform",
        abstract: "The REDO v1 protocol referee: canonical JSON, ids, signatures and conformance vectors.",
        discussion: """
            With no subcommand, runs `check` on the shipped Vectors/.

            Exit status: 0 all valid; 1 findings (invalid input, failed vectors); 2 usage or I/O error.
            """,
        version: RedoConformVersion.long,
        subcommands: [
            Check.self, Validate.self, MergeReports.self, Reconstruct.self, Verify.self, Sign.self, Keygen.self,
            Canonicalize.self, Hash.self, Compare.self, Diff.self, Graph.self, Explain.self, Vectors.self,
            Scenario.self,
        ],
        defaultSubcommand: Check.self
    )

    /// The parser's own `main`, except that every usage error exits 2 as docs/cli.md and
    /// every --help promise (the parser's default is 64, EX_USAGE), and a mistyped command
    /// is refused before `check`, the default command, can take it for its DIR.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let problem = RefereeBuild.missingLibsodium {
            Console.standard.errorLines("redo-conform: \(problem)")
            finish(.usageOrIO)
        }
        do {
            if let problem = commandWords.unknownCommand(in: arguments, isDirectory: isDirectory) {
                throw ValidationError(problem)
            }
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            leave(after: error)
        }
    }

    /// Help (and other clean exits) to stdout with status 0; anything else the parser
    /// refused to stderr, with its usage, and status 2.
    static func leave(after error: Error) -> Never {
        let text = fullMessage(for: error)
        if exitCode(for: error) == .success {
            if !text.isEmpty { Console.standard.line(text) }
            finish(.ok)
        }
        if !text.isEmpty { Console.standard.errorLines(text) }
        finish(.usageOrIO)
    }

    /// Every command name, from the parser's own configuration (so it cannot drift).
    static var commandWords: CommandWords { words(of: self) }

    private static func words(of command: ParsableCommand.Type) -> CommandWords {
        CommandWords(
            Dictionary(uniqueKeysWithValues: command.configuration.subcommands.map { ($0._commandName, words(of: $0)) })
        )
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
