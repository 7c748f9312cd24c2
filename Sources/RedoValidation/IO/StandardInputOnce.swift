/// Standard input can be read only once: a second `-` would read nothing and be
/// reported as an empty document, so naming stdin twice is a usage error instead.
/// Every command that takes several inputs checks its operands here, in its parser's
/// validate (validate and reconstruct through their shared InputOptions).
package enum StandardInputOnce {
    /// The usage problem when `-` is among `inputs` more than once, else nil. Each input
    /// is what the user wrote and what it was given as ("PATH", "--inputs", …).
    package static func usageProblem(_ inputs: [(path: String, givenAs: String)]) -> String? {
        let stdin = inputs.filter { $0.path == "-" }
        guard stdin.count > 1 else { return nil }
        let places = stdin.map(\.givenAs)
        let named =
            Set(places).count == 1
            ? places[0] : places.dropLast().joined(separator: ", ") + " and " + places[places.count - 1]
        return "- (stdin) is given \(stdin.count) times, as \(named); stdin can be read only once"
    }

    /// The same for operands that are all of one kind.
    package static func usageProblem(_ paths: [String], givenAs: String) -> String? {
        usageProblem(paths.map { ($0, givenAs) })
    }
}
