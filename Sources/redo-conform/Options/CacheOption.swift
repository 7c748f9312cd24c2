import ArgumentParser
import RedoConformKit
import RedoValidation

struct CacheOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Skip signatures accepted before, kept in DIR (default: $\(CacheUse.environmentVariable); whoever can write DIR can make a bad signature pass).",
            valueName: "DIR"))
    var cache: String?

    /// The cache this run reads and writes back, if any.
    var opened: SignatureCache? { CacheUse.open(option: cache, console: .standard) }
}
