/// The exit statuses every command uses (documented in `--help` and docs/cli.md).
package enum ExitStatus: Int32, Sendable {
    /// Everything checked and valid.
    case ok = 0
    /// The input was read, and something in it is invalid (or a suite failed).
    case findings = 1
    /// Usage error, or an input could not be read at all.
    case usageOrIO = 2
}
