import RedoFixtures

/// Which documented class explains a platform's drift on one vector.
///
/// *Diagnosed* classes are the smallest set whose combined transformation of the right
/// value gives exactly the platform's bytes (or, for classes that are not byte
/// transformations, what the result's shape shows). *Possible* classes are the others the
/// vector's flags name. A drift nothing explains is *unexplained*: `diagnosed` is empty.
package struct Diagnosis: Sendable, Equatable {
    /// Class names (`BugClass` raw values, a rule id for a verdict drift, portability
    /// classes for a signature verdict), in the order they were tried.
    package var diagnosed: [String]
    /// The vector's other documented classes.
    package var possible: [String]
    /// For each diagnosed class, the first JSON paths where it changed the bytes.
    package var paths: [String: [String]] = [:]

    package init(diagnosed: [String], possible: [String], paths: [String: [String]] = [:]) {
        self.diagnosed = diagnosed
        self.possible = possible
        self.paths = paths
    }

    package var explained: Bool { !diagnosed.isEmpty }

    /// What each diagnosed documented class is: "escaped-slash: \"/\" written as …".
    package var summaryLines: [String] {
        diagnosed.compactMap { name in BugClass(rawValue: name).map { "\(name): \($0.summary)" } }
    }

    /// A diagnosis of classes read from the result's shape, the vector's other flags possible.
    static func shape(_ classes: [String], flags: [String]) -> Diagnosis {
        Diagnosis(diagnosed: classes, possible: documented(flags).filter { !classes.contains($0) })
    }

    /// The flags that name a documented bug class.
    static func documented(_ flags: [String]) -> [String] { flags.filter { BugClass(rawValue: $0) != nil } }

    /// One line: "diagnosed escaped-slash ($[3]); possible non-ascii" or "unexplained; possible …".
    package var line: String {
        let named = diagnosed.map { name in
            paths[name].map { "\(name) (\($0.joined(separator: ", ")))" } ?? name
        }
        var text = explained ? "diagnosed \(named.joined(separator: ", "))" : "unexplained"
        if !possible.isEmpty { text += "; possible \(possible.joined(separator: ", "))" }
        return text
    }
}

/// Searches the quirks for the smallest set of classes that turns the right value into a
/// platform's bytes.
enum DriftDiagnosis {
    /// At most this many classes combine in one explanation, and at most this many
    /// renderings are tried per vector: bounded work on any input.
    static let maxClasses = 4
    static let maxRenderings = 20_000

    static func diagnose(_ value: SpelledValue, theirs: [UInt8], flags: [String]) -> Diagnosis {
        var plain = QuirkWriter([])
        let base = plain.write(value)
        // Only quirks that change this value's bytes can explain anything.
        var byClass: [(bugClass: BugClass, variants: [DriftQuirk])] = []
        for quirk in DriftQuirk.allCases {
            var writer = QuirkWriter([quirk])
            guard writer.write(value) != base else { continue }
            if let index = byClass.firstIndex(where: { $0.bugClass == quirk.bugClass }) {
                byClass[index].variants.append(quirk)
            } else {
                byClass.append((quirk.bugClass, [quirk]))
            }
        }
        var renderings = 0
        for size in 1...max(1, min(maxClasses, byClass.count)) where byClass.count >= size {
            for chosen in combinations(byClass.count, size) {
                for variants in product(chosen.map { byClass[$0].variants }) {
                    renderings += 1
                    if renderings > maxRenderings { return unexplained(flags) }
                    var writer = QuirkWriter(Set(variants))
                    guard writer.write(value).matches(theirs) else { continue }
                    var tracked = QuirkWriter(Set(variants), tracking: true)
                    _ = tracked.write(value)
                    let classes = chosen.map { byClass[$0].bugClass.rawValue }
                    return Diagnosis(
                        diagnosed: classes, possible: Diagnosis.documented(flags).filter { !classes.contains($0) },
                        paths: Dictionary(uniqueKeysWithValues: tracked.fired.map { ($0.key.rawValue, $0.value) }))
                }
            }
        }
        return unexplained(flags)
    }

    private static func unexplained(_ flags: [String]) -> Diagnosis {
        Diagnosis(diagnosed: [], possible: Diagnosis.documented(flags))
    }

    /// The `size`-element subsets of 0..<count, in lexicographic order.
    static func combinations(_ count: Int, _ size: Int) -> [[Int]] {
        var result: [[Int]] = []
        var current = Array(0..<size)
        while true {
            result.append(current)
            var i = size - 1
            while i >= 0 && current[i] == count - size + i { i -= 1 }
            if i < 0 { return result }
            current[i] += 1
            for j in (i + 1)..<size { current[j] = current[j - 1] + 1 }
        }
    }

    /// Every choice of one element from each list, the first list varying slowest.
    static func product(_ lists: [[DriftQuirk]]) -> [[DriftQuirk]] {
        lists.reduce([[]]) { partial, list in partial.flatMap { prefix in list.map { prefix + [$0] } } }
    }
}
