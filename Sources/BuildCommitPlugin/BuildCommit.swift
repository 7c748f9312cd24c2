import Foundation
import PackagePlugin

/// Writes the commit the package is built from into a generated source of the target, so
/// that `redo-conform --version` names it without running git at run time. Outside a git
/// work tree (a source archive) the commit is "unknown"; with tracked files changed it
/// carries "-modified". The file is rewritten only when its text changes, so a build with
/// nothing new compiles nothing.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let file = folder.appending(path: "BuildCommit.swift")
        let script = #"""
            commit=$(git -C "$1" rev-parse --short=12 HEAD 2>/dev/null) || commit=unknown
            if [ "$commit" != unknown ] && [ -n "$(git -C "$1" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
              commit="$commit-modified"
            fi
            mkdir -p "$2"
            printf '/// The commit this build was made from, written by the BuildCommit plugin.\npackage enum BuildCommit {\n    package static let text = "%s"\n}\n' "$commit" > "$3.new"
            if cmp -s "$3.new" "$3"; then rm -f "$3.new"; else mv "$3.new" "$3"; fi
            """#
        return [
            .prebuildCommand(
                displayName: "Record the build commit",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "build-commit", context.package.directoryURL.path, folder.path, file.path],
                outputFilesDirectory: folder)
        ]
    }
}
