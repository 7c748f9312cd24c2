import RedoCore
import RedoCrypto
import RedoJSON

/// Log vectors for points an independent reimplementation had to guess, that the scenario
/// format cannot state (the others are catalog files): how a second, re-signed record of
/// a log-rejected node is counted.
extension LogScenarios {
    var ruleScopeScenarios: [LogScenario] {
        [duplicateOfLogRejected].compactMap { $0 }
    }

    /// Nil without the Libsodium trait (`signed(by:nonce:)`).
    var duplicateOfLogRejected: LogScenario? {
        var b = builder("duplicate of log rejected")
        let create = b.create()
        let gap = b.node(.update, parents: [create], [member("title", str("gap"))], lamport: 3)
        guard
            let again = gap.signed(
                by: factory.key, nonce: RedoSHA256.hash(Array("\(seed) nonce \(gap.idText)".utf8)).bytes)
        else { return nil }
        return scenario(
            "duplicate-of-log-rejected",
            "a second record that passes every node-level rule, for an id whose node is rejected at log level, is a duplicate (the first passing record stands for the node)",
            [.logStructure],
            [(create, .valid), (gap, .rejected(.lamportSuccessor)), (again, .duplicate), (gap, .duplicate)])
    }
}
