import Foundation
import RedoCrypto
import RedoJSON

/// One input the user named (or that a directory walk found).
package struct InputFileRef: Sendable, Equatable {
    package let path: String
    /// How the path is shown in reports (as given, or relative to the walked directory).
    package let display: String
    package var isStandardInput: Bool { path == "-" }
    /// `.jsonl`/`.ndjson` files are streamed line by line.
    package var isJSONLines: Bool { path.hasSuffix(".jsonl") || path.hasSuffix(".ndjson") }

    /// The file's size on disk, for the progress line's total; 0 for stdin and for what
    /// cannot be examined (reading it says why).
    var sizeOnDisk: Int {
        guard !isStandardInput else { return 0 }
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}

/// A problem with an input as a whole (it could not be read at all).
package struct InputProblem: Sendable, Equatable, CustomStringConvertible {
    package let path: String
    package let message: String
    package var description: String { "\(path): \(message)" }

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}

/// Expands PATH operands: files as given, directories walked recursively for
/// `.json`, `.jsonl` and `.ndjson` (sorted, so runs are deterministic), `-` for stdin.
/// A regular file reached twice (named twice, named and walked, through a symlink or a
/// hard link) is listed once, where it first appears: read twice, every record would be
/// its own duplicate, and two inputs would share one name.
package enum InputFiles {
    package static let extensions = [".json", ".jsonl", ".ndjson"]

    package static func expand(_ operands: [String]) -> (files: [InputFileRef], problems: [InputProblem]) {
        var files: [InputFileRef] = []
        var problems: [InputProblem] = []
        var listed = Set<FileIdentity>()
        /// Lists a file unless it is a regular file already listed.
        func add(_ path: String, _ identity: FileIdentity?) {
            if let identity, !listed.insert(identity).inserted { return }
            files.append(InputFileRef(path: path, display: path))
        }
        let manager = FileManager.default
        for operand in operands {
            if operand == "-" {
                files.append(InputFileRef(path: "-", display: "<stdin>"))
                continue
            }
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: operand, isDirectory: &isDirectory) else {
                // Arguments reach the program as Strings too: a name whose bytes are not
                // UTF-8 arrives with U+FFFD in their place and cannot be opened by it.
                problems.append(
                    InputProblem(
                        path: operand,
                        message: operand.contains("\u{FFFD}") ? undecodableName : "no such file or directory"))
                continue
            }
            guard isDirectory.boolValue else {
                add(operand, identity(of: operand))
                continue
            }
            guard let walker = manager.enumerator(atPath: operand) else {
                problems.append(InputProblem(path: operand, message: "directory cannot be read"))
                continue
            }
            let base = operand.hasSuffix("/") ? operand : operand + "/"
            var found: [(relative: String, identity: FileIdentity?)] = []
            while let relative = walker.nextObject() as? String {
                guard extensions.contains(where: { relative.hasSuffix($0) }) else { continue }
                switch kind(of: base + relative) {
                case .regular(let identity): found.append((relative, identity))
                case .unknown: found.append((relative, nil))  // reading it says why
                case .other: continue
                case .undecodableName:
                    problems.append(InputProblem(path: base + relative, message: undecodableName))
                }
            }
            if found.isEmpty && !problems.contains(where: { $0.path.hasPrefix(base) }) {
                problems.append(
                    InputProblem(path: operand, message: "directory holds no .json, .jsonl or .ndjson files"))
            }
            for file in found.sorted(by: { $0.relative.utf8Precedes($1.relative) }) {
                add(base + file.relative, file.identity)
            }
        }
        return (files, problems)
    }

    /// A file as the file system knows it: the same device and inode are the same file,
    /// whichever path reaches it.
    private struct FileIdentity: Hashable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(truncatingIfNeeded: info.st_ino)
        }
    }

    static let undecodableName = "the file name is not valid UTF-8 (\u{FFFD} stands for its bad bytes); rename it"

    private enum Kind {
        case regular(FileIdentity)
        case other
        case unknown
        case undecodableName
    }

    /// A regular file's identity (symlinks followed); nil for anything else (stdin, a
    /// FIFO, a device, a path that cannot be examined), which is never merged.
    private static func identity(of path: String) -> FileIdentity? {
        guard case let .regular(identity) = kind(of: path) else { return nil }
        return identity
    }

    /// What a walk found, symlinks followed. Only regular files are read: a FIFO, socket
    /// or device named `*.jsonl` would block or never end, and a directory named `x.json`
    /// is walked, not read (as `grep -r` skips devices).
    private static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else {
            // The walk hands names over as Strings, so bytes that are not UTF-8 came
            // back as U+FFFD and the name no longer opens.
            return path.contains("\u{FFFD}") ? .undecodableName : .unknown
        }
        return (info.st_mode & S_IFMT) == S_IFREG ? .regular(FileIdentity(info)) : .other
    }
}
