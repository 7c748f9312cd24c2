/// This tool's version (SemVer), printed by `redo-conform --version`. The protocol it
/// referees is REDO v1; each report and vector file carries its own format version. The
/// release number lives here and nowhere else: a test fails when the README or docs name
/// another.
package enum RedoConformVersion {
    /// The release this source is, or is working towards.
    package static let release = "0.3.0"

    /// The version a build reports: the release for a release build (`Scripts/release.sh`
    /// defines REDO_CONFORM_RELEASE), `X.Y.Z-dev` for any other build of the source.
    #if REDO_CONFORM_RELEASE
        package static let number = release
    #else
        package static let number = release + "-dev"
    #endif

    /// The first line of `--version`, which release.sh reads; also the html reports' footer.
    package static let text = "redo-conform \(number) (REDO protocol v1)"

    /// The commit the build was made from ("unknown" outside a git work tree).
    package static let commit = BuildCommit.text

    /// Everything `--version` prints: the version line, the commit, and the vector set the
    /// shipped vectors are (read from the shipped inputs when they are found).
    package static var long: String {
        var lines = [text, "commit \(commit)"]
        if let set = VectorSetStamp.shipped {
            lines.append("vector set \(set.version) (sha256 \(set.digest))")
        } else {
            lines.append("vector set \(VectorSetStamp.currentVersion) (shipped vectors not found)")
        }
        return lines.joined(separator: "\n")
    }
}
