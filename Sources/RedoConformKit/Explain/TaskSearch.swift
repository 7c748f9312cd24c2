import Foundation
import RedoCore
import RedoJSON
import RedoValidation

/// Finds the task `explain` is asked about: by its id, or by part of any title it ever
/// had. When nothing matches, the closest titles or ids are offered instead.
package enum TaskSearch {
    /// A task a search found, with the last title it was given (nil: none).
    package struct Match: Sendable, Equatable {
        package var taskId: String
        package var lastTitle: String?
    }

    package enum Outcome: Sendable, Equatable {
        case one(String)
        /// The first `listedMatches` of the matching tasks, by id, and how many match.
        case several([Match], total: Int)
        /// Nothing matched: the nearest titles (with their tasks) or ids, best first.
        case none(closest: [Match])
    }

    /// How many matches a search lists at most.
    package static let listedMatches = 20
    /// How many near misses a search offers at most.
    package static let closestOffered = 5
    /// The part of a title or query the near-miss distance looks at: enough to tell
    /// titles apart, and it keeps the distance's cost bounded whatever the input holds.
    static let comparedCharacters = 64

    /// The task with exactly this id, or the ids that share the longest prefix with it.
    package static func task(id: String, in result: ValidationResult) -> Outcome {
        if !records(of: id, in: result).isEmpty { return .one(id) }
        var ids: Set<BytewiseString> = []
        for record in result.verdict.records.indices { ids.insert(BytewiseString(result.taskId(record) ?? "")) }
        let query = Array(id.lowercased().unicodeScalars.prefix(comparedCharacters))
        let ranked = ids.filter { !$0.string.isEmpty }.map { task -> (Int, String) in
            let common = zip(query, task.string.lowercased().unicodeScalars).prefix { $0 == $1 }.count
            return (common, task.string)
        }
        let closest = ranked.sorted { ($1.0, $0.1) < ($0.0, $1.1) }.prefix(closestOffered)
        return .none(closest: closest.map { Match(taskId: $0.1, lastTitle: nil) })
    }

    /// Every record of the task `id` (its taskId text, byte for byte), in input order. A
    /// record that passed node-level checks is matched by its node's UUID rather than by
    /// its text: a million records are searched without making a string for each.
    package static func records(of id: String, in result: ValidationResult) -> [Int] {
        let verdict = result.verdict
        let uuid = UUIDv4(id).flatMap { $0.text.bytewiseEqual(id) ? $0 : nil }
        var found: [Int] = []
        for record in verdict.records.indices {
            let node = verdict.records[record].node
            if node >= 0 {
                if let uuid, verdict.nodes.taskId(at: Int(node)) == uuid { found.append(record) }
            } else if result.taskId(record).map({ $0.bytewiseEqual(id) }) ?? id.isEmpty {
                found.append(record)
            }
        }
        return found
    }

    /// The tasks any of whose titles — of valid and rejected nodes alike — contains
    /// `title`, compared case-insensitively after NFC. `failedTitles` are the titles of
    /// records that failed node-level checks, by record (their nodes are not kept).
    package static func tasks(title: String, in result: ValidationResult, failedTitles: [Int: String]) -> Outcome {
        let needle = Array(folded(title).utf8)
        let nodes = result.verdict.nodes
        var matched: Set<BytewiseString> = []
        var matchedIds: Set<UUIDv4> = []
        var titles: [(title: String, task: String)] = []
        var seenTitles: Set<BytewiseString> = []
        for position in nodes.indices {
            guard let text = Self.title(of: nodes.payload(at: position)) else { continue }
            let task = nodes.taskId(at: position)
            if contains(text, needle) {
                matchedIds.insert(task)
            } else if matchedIds.isEmpty, seenTitles.insert(BytewiseString(text)).inserted {
                titles.append((text, task.text))
            }
        }
        for id in matchedIds { matched.insert(BytewiseString(id.text)) }
        for (record, text) in failedTitles.sorted(by: { $0.key < $1.key }) {
            let task = result.taskId(record) ?? ""
            if contains(text, needle) {
                matched.insert(BytewiseString(task))
            } else if matched.isEmpty, seenTitles.insert(BytewiseString(text)).inserted {
                titles.append((text, task))
            }
        }
        if matched.count == 1 { return .one(matched.first!.string) }
        if matched.isEmpty { return .none(closest: nearest(title, among: titles)) }
        let listed = matched.map(\.string).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.prefix(listedMatches)
        let last = lastTitles(of: Set(listed), in: result, failedTitles: failedTitles)
        return .several(listed.map { Match(taskId: $0, lastTitle: last[$0]) }, total: matched.count)
    }

    /// The title a CREATE or UPDATE sets, if any.
    static func title(of payload: Payload) -> String? {
        switch payload {
        case let .create(values), let .update(values):
            if case let .string(text)? = values[.title] { return text }
            return nil
        default: return nil
        }
    }

    /// Text as titles are compared: lowercased, then NFC (ASCII needs neither copy made).
    static func folded(_ text: String) -> String {
        let lower = text.lowercased()
        return lower.utf8.allSatisfy { $0 < 0x80 } ? lower : lower.precomposedStringWithCanonicalMapping
    }

    /// Whether `text`, folded, contains the folded `needle` bytes. An ASCII title is
    /// searched in place, without a folded copy: most titles are, and a log holds millions.
    static func contains(_ text: String, _ needle: [UInt8]) -> Bool {
        if needle.isEmpty { return true }
        var text = text
        return text.withUTF8 { bytes in
            if bytes.allSatisfy({ $0 < 0x80 }) {
                return firstMatch(bytes, needle, lowering: true)
            }
            return Array(folded(String(decoding: bytes, as: UTF8.self)).utf8).withUnsafeBufferPointer {
                firstMatch($0, needle, lowering: false)
            }
        }
    }

    private static func firstMatch(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8], lowering: Bool) -> Bool {
        guard haystack.count >= needle.count else { return false }
        func lowered(_ byte: UInt8) -> UInt8 { lowering && byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
        for start in 0...(haystack.count - needle.count) where lowered(haystack[start]) == needle[0] {
            var k = 1
            while k < needle.count && lowered(haystack[start + k]) == needle[k] { k += 1 }
            if k == needle.count { return true }
        }
        return false
    }

    /// The titles nearest `query`: the fewest edits that turn the query into some part of
    /// the title (so a typo, or a word of the title, is near), then by title and task.
    static func nearest(_ query: String, among titles: [(title: String, task: String)]) -> [Match] {
        let wanted = Array(folded(query).unicodeScalars.prefix(comparedCharacters))
        let scored = titles.map { entry -> (Int, String, String) in
            let text = Array(folded(entry.title).unicodeScalars.prefix(comparedCharacters))
            return (substringDistance(wanted, text), entry.title, entry.task)
        }
        let best = scored.sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }.prefix(closestOffered)
        return best.map { Match(taskId: $0.2, lastTitle: $0.1) }
    }

    /// The least edit distance between `query` and any substring of `text` (Sellers):
    /// one row of the usual table at a time, so O(|query|·|text|) time and O(|query|) room.
    static func substringDistance(_ query: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Int {
        var column = Array(0...query.count)
        var best = column[query.count]
        for scalar in text {
            var diagonal = column[0]
            column[0] = 0
            for i in 1...max(1, query.count) where i <= query.count {
                let above = column[i]
                column[i] = min(diagonal + (query[i - 1] == scalar ? 0 : 1), above + 1, column[i - 1] + 1)
                diagonal = above
            }
            best = min(best, column[query.count])
        }
        return best
    }

    /// The last title (latest in total order, valid or not) of each of `tasks`.
    static func lastTitles(of tasks: Set<String>, in result: ValidationResult, failedTitles: [Int: String]) -> [String:
        String]
    {
        var latest: [String: (lamport: Int64, wall: String, title: String)] = [:]
        func offer(_ task: String, _ lamport: Int64, _ wall: String, _ title: String) {
            if let known = latest[task], (known.lamport, known.wall) > (lamport, wall) { return }
            latest[task] = (lamport, wall, title)
        }
        let nodes = result.verdict.nodes
        for position in nodes.indices {
            guard let title = title(of: nodes.payload(at: position)) else { continue }
            let task = nodes.taskId(at: position).text
            if tasks.contains(task) { offer(task, nodes.lamport(at: position), nodes.wall(at: position).text, title) }
        }
        for (record, title) in failedTitles {
            guard let task = result.taskId(record), tasks.contains(task) else { continue }
            offer(task, result.place(record)?.lamport ?? 0, "", title)
        }
        return latest.mapValues(\.title)
    }
}
