import RedoConformKit
import RedoValidation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Leaves the process with a command's status — 2 when stdout could not take all of
/// the output (every command ends here, so none can forget to check).
func finish(_ status: ExitStatus) -> Never {
    exit(Console.standard.settle(status).rawValue)
}
