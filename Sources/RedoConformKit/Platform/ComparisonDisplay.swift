import RedoCrypto
import RedoJSON
import RedoText

// What the compare text report shows of a platform and a row: every text that came from
// a platform outputs file or an inputs file (platform name, implementation, file, vector
// id, details quoting a platform's error or id, group names) with `MessageText.displayed`
// applied, so a name cannot clear the screen or forge a line. The JSON and JUnit reports
// keep the exact text and use the originals.

extension PlatformOutputs {
    var displayed: PlatformOutputs {
        PlatformOutputs(
            name: MessageText.displayed(name), implementation: MessageText.displayed(implementation),
            file: MessageText.displayed(file), results: results)
    }
}

extension VectorRow {
    var displayed: VectorRow {
        VectorRow(
            id: MessageText.displayed(id), kind: kind, comment: MessageText.displayed(comment),
            cells: cells.map { cell in
                var shown = cell
                shown.details = cell.details.map(MessageText.displayed)
                return shown
            },
            groups: groups.map { $0.map(MessageText.displayed) }, flags: flags.map(MessageText.displayed))
    }
}
