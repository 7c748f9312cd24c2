import Foundation

/// Says, in one line naming the path, why a folder cannot be written into — before
/// Foundation gets to, whose errors name no path ("NSCocoaErrorDomain error 512").
enum OutputFolder {
    /// The first component of `path` that exists but is not a directory (so nothing can be
    /// created under it), as "PATH: is not a directory"; nil when the path is clear.
    static func problem(_ path: String) -> String? {
        // Prefixes as the user spelled them (doubled slashes and all), shortest first.
        let cuts = path.indices.filter { path[$0] == "/" && $0 != path.startIndex } + [path.endIndex]
        for cut in cuts {
            let prefix = String(path[..<cut])
            var info = stat()
            guard stat(prefix, &info) == 0 else { return nil }  // missing: it will be created
            if (info.st_mode & S_IFMT) != S_IFDIR { return "\(prefix): exists and is not a directory" }
        }
        return nil
    }

    /// The system's reason under a Foundation error, when it has one.
    static func reason(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix = underlying, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code))).lowercased()
        }
        return error.localizedDescription
    }
}
