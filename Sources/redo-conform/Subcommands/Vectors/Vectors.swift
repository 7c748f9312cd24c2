import ArgumentParser

// A group with no work of its own: each subcommand is a file beside this one.
struct Vectors: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Deterministic conformance vectors.",
        subcommands: [Generate.self, Log.self]
    )
}
