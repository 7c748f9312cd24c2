import Foundation

/// Writes a folder whole or not at all: every file goes into a hidden folder beside the
/// target, which is renamed into place at the end (with `replace`, over the old one, which
/// is moved aside first and removed after). A failure removes what was written.
package enum ScenarioOutputFolder {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Writes `files` (relative path, bytes) as the folder `target`.
    package static func write(_ files: [(String, [UInt8])], to target: String, replace: Bool) throws(Failure) {
        let fm = FileManager.default
        let trimmed = target.hasSuffix("/") && target.count > 1 ? String(target.dropLast()) : target
        let parent = (trimmed as NSString).deletingLastPathComponent
        let leaf = (trimmed as NSString).lastPathComponent
        let staging = (parent.isEmpty ? "" : parent + "/") + ".\(leaf).partial-\(getpid())"
        let aside = (parent.isEmpty ? "" : parent + "/") + ".\(leaf).old-\(getpid())"
        var isDirectory: ObjCBool = false
        let exists = fm.fileExists(atPath: trimmed, isDirectory: &isDirectory)
        if exists, !replace {
            throw Failure(description: "\(trimmed): already exists (add --force to replace it)")
        }
        if exists, !isDirectory.boolValue {
            throw Failure(description: "\(trimmed): is not a directory")
        }
        if let problem = OutputFolder.problem(parent.isEmpty ? "." : parent) { throw Failure(description: problem) }
        try? fm.removeItem(atPath: staging)
        do {
            try fm.createDirectory(atPath: staging, withIntermediateDirectories: true)
            for (path, bytes) in files {
                guard fm.createFile(atPath: staging + "/" + path, contents: Data(bytes)) else {
                    throw Failure(description: "\(trimmed)/\(path): cannot write")
                }
            }
            if exists { try fm.moveItem(atPath: trimmed, toPath: aside) }
            do {
                try fm.moveItem(atPath: staging, toPath: trimmed)
            } catch {
                if exists { try? fm.moveItem(atPath: aside, toPath: trimmed) }
                throw error
            }
            if exists { try? fm.removeItem(atPath: aside) }
        } catch let failure as Failure {
            try? fm.removeItem(atPath: staging)
            throw failure
        } catch {
            try? fm.removeItem(atPath: staging)
            throw Failure(description: "\(trimmed): cannot write: \(OutputFolder.reason(error))")
        }
    }
}
