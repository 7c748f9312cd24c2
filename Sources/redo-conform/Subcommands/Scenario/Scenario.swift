import ArgumentParser

// A group with no work of its own: each subcommand is a file beside this one.
struct Scenario: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Signed fixtures from scenario files (docs/scenarios.md).",
        subcommands: [Build.self, CheckScenarios.self]
    )
}
