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

    /// Everything `--version` prints: the version line, the commit, and the vector set this
    /// build ships (compiled in: every command's configuration holds this text, so reading
    /// the 1.4 MB inputs for it would slow every start; a test holds it to the files).
    package static var long: String {
        [
            text, "commit \(commit)",
            "vector set \(VectorSetStamp.currentVersion) (sha256 \(VectorSetStamp.currentDigest))",
        ]
        .joined(separator: "\n")
    }
}
