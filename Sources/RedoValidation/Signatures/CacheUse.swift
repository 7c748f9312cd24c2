import Foundation

/// How commands open and close the signature cache: the folder from `--cache DIR` or
/// else `REDO_CONFORM_CACHE`, a one-line warning for a file it ignores, and at the end
/// the file written back and one line on stderr saying how many signatures came from it.
package enum CacheUse {
    package static let environmentVariable = "REDO_CONFORM_CACHE"

    /// The cache of `option`, else of the environment variable (empty: none); nil for none.
    package static func open(
        option: String?, environment: [String: String] = ProcessInfo.processInfo.environment, console: Console
    ) -> SignatureCache? {
        guard let folder = option ?? environment[environmentVariable], !folder.isEmpty else { return nil }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
            // Said once, up front: reading and saving would each fail on it less clearly.
            console.error(
                "warning: signature cache \(folder) is not a directory; every signature is verified, none saved")
            return nil
        }
        let cache = SignatureCache(folder: folder)
        if let problem = cache.unreadable { console.error("warning: signature cache \(problem)") }
        return cache
    }

    /// Writes the cache back and says what it saved. A cache that cannot be written is a
    /// warning: the run's verdicts stand.
    package static func finish(_ cache: SignatureCache?, console: Console) {
        guard let cache else { return }
        said(cache.save(), by: cache, console: console)
    }

    /// The same, the file written on another thread while `work` runs (writing the
    /// report: on a large log each takes a noticeable part of a run from the cache, and
    /// neither needs the other); the lines come after `work`'s.
    package static func finish<Result>(_ cache: SignatureCache?, console: Console, during work: () -> Result)
        -> Result
    {
        guard let cache else { return work() }
        let saving = BackgroundWork { cache.save() }
        let result = work()
        said(saving.wait(), by: cache, console: console)
        return result
    }

    private static func said(_ problem: String?, by cache: SignatureCache, console: Console) {
        if let problem { console.error("warning: signature cache not saved: \(problem)") }
        console.error(cache.summary)
    }
}
