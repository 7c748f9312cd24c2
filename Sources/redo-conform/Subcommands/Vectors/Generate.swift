import ArgumentParser
import RedoConformKit

extension Vectors {
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Write the node, log, reconstruction, export and platform vector suites for a seed (same seed, same bytes).",
            discussion:
                "With --external, the platform exchange also holds the published ed25519-speccheck and Wycheproof cases (speccheck-N, wycheproof-N) read from DIR. Exit status: 0 written; 2 usage error, an external file missing or unreadable, a bad scenario file in the catalog, or a file cannot be written."
        )

        @Option(help: ArgumentHelp("The seed every key, id and signature derives from.", valueName: "SEED"))
        var seed: String = VectorGenerator.shippedSeed

        @Option(help: ArgumentHelp("The folder to write into (created if missing).", valueName: "DIR"))
        var out: String

        @Option(
            help: ArgumentHelp(
                "Add the third-party signature cases from this folder (speccheck/cases.json, wycheproof/ed25519_test.json).",
                valueName: "DIR"))
        var external: String?

        @Option(
            help: ArgumentHelp(
                "The scenario catalog the reconstruction vectors are built from (default: the shipped Vectors/scenarios).",
                valueName: "DIR"))
        var scenarios: String?

        func run() throws {
            finish(
                VectorsCommand.generate(
                    seed: seed, into: out, external: external,
                    scenarios: scenarios ?? ReconstructionCatalog.shippedFolder, console: .standard))
        }
    }
}
