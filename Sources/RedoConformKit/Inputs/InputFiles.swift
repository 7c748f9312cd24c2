import Foundation
import RedoCrypto

/// One input the user named (or that a directory walk found).
public struct InputFileRef: Sendable, Equatable {
    public let path: String
    /// How the path is shown in reports (as given, or relative to the walked directory).
    public let display: String
    public var isStandardInput: Bool { path == "-" }
    /// `.jsonl`/`.ndjson` files are streamed line by line.
    public var isJSONLines: Bool { path.hasSuffix(".jsonl") || path.hasSuffix(".ndjson") }
}

/// A problem with an input as a whole (it could not be read at all).
public struct InputProblem: Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let message: String
    public var description: String { "\(path): \(message)" }
}

/// Expands PATH operands: files as given, directories walked recursively for
/// `.json`, `.jsonl` and `.ndjson` (sorted, so runs are deterministic), `-` for stdin.
public enum InputFiles {
    public static let extensions = [".json", ".jsonl", ".ndjson"]

    public static func expand(_ operands: [String]) -> (files: [InputFileRef], problems: [InputProblem]) {
        var files: [InputFileRef] = []
        var problems: [InputProblem] = []
        let manager = FileManager.default
        for operand in operands {
            if operand == "-" {
                files.append(InputFileRef(path: "-", display: "<stdin>"))
                continue
            }
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: operand, isDirectory: &isDirectory) else {
                problems.append(InputProblem(path: operand, message: "no such file or directory"))
                continue
            }
            guard isDirectory.boolValue else {
                files.append(InputFileRef(path: operand, display: operand))
                continue
            }
            guard let walker = manager.enumerator(atPath: operand) else {
                problems.append(InputProblem(path: operand, message: "directory cannot be read"))
                continue
            }
            let base = operand.hasSuffix("/") ? operand : operand + "/"
            var found: [String] = []
            while let relative = walker.nextObject() as? String {
                guard extensions.contains(where: { relative.hasSuffix($0) }) else { continue }
                switch kind(of: base + relative) {
                case .regular, .unknown: found.append(relative) // unknown: reading it says why
                case .other: continue
                case .undecodableName:
                    problems.append(InputProblem(path: base + relative, message: "the file name is not valid UTF-8 (\u{FFFD} stands for its bad bytes); rename it"))
                }
            }
            if found.isEmpty && !problems.contains(where: { $0.path.hasPrefix(base) }) {
                problems.append(InputProblem(path: operand, message: "directory holds no .json, .jsonl or .ndjson files"))
            }
            for relative in found.sorted(by: { $0.utf8Precedes($1) }) {
                files.append(InputFileRef(path: base + relative, display: base + relative))
            }
        }
        return (files, problems)
    }

    private enum Kind { case regular, other, unknown, undecodableName }

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
        return (info.st_mode & S_IFMT) == S_IFREG ? .regular : .other
    }
}
