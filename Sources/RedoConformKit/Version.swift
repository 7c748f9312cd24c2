/// This tool's version (SemVer), printed by `redo-conform --version`. The protocol it
/// referees is REDO v1; each report and vector file carries its own format version.
package enum RedoConformVersion {
    package static let number = "0.2.0"
    package static let text = "redo-conform \(number) (REDO protocol v1)"
}
