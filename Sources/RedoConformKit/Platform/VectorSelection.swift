/// Which vectors a comparison judges: `--only` globs (any one matching the vector's id or
/// one of its flags selects it; none given selects every vector), then `--skip` globs
/// (matching the id or a flag drops it). Vectors outside the selection are neither
/// missing nor judged.
package struct VectorSelection: Sendable, Equatable {
    package var only: [String] = []
    package var skip: [String] = []

    package init(only: [String] = [], skip: [String] = []) {
        self.only = only
        self.skip = skip
    }

    package var selectsEverything: Bool { only.isEmpty && skip.isEmpty }

    package func selects(id: String, flags: [String]) -> Bool {
        let names = [id] + flags
        let included = only.isEmpty || only.contains { pattern in names.contains { Glob.matches(pattern, $0) } }
        return included && !skip.contains { pattern in names.contains { Glob.matches(pattern, $0) } }
    }

    /// "--only n-* --skip *merge*", for a report header.
    package var description: String {
        (only.map { "--only \($0)" } + skip.map { "--skip \($0)" }).joined(separator: " ")
    }
}

/// Shell-style globs over whole names: `*` any run of characters, `?` one character,
/// everything else itself. Matching is iterative with one backtrack point (the last
/// `*`), so it takes at most pattern × name steps.
enum Glob {
    static func matches(_ pattern: String, _ name: String) -> Bool {
        let p = Array(pattern.unicodeScalars)
        let n = Array(name.unicodeScalars)
        var i = 0
        var j = 0
        var star: Int? = nil
        var resume = 0
        while j < n.count {
            if i < p.count && (p[i] == "?" || (p[i] != "*" && p[i] == n[j])) {
                i += 1
                j += 1
            } else if i < p.count && p[i] == "*" {
                star = i
                resume = j
                i += 1
            } else if let s = star {
                i = s + 1
                resume += 1
                j = resume
            } else {
                return false
            }
        }
        while i < p.count && p[i] == "*" { i += 1 }
        return i == p.count
    }
}
