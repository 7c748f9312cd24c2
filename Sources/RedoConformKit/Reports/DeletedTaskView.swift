import RedoCore
import RedoText

/// A deleted task as the reports name it: its last title, its taskId, and the DELETE that
/// ended it (id, wall, lamport and author). `reconstruct --format text` writes it as a line,
/// the html report as a row. The title and the device are free text; they are escaped where
/// they are shown.
package struct DeletedTaskView: Sendable {
    package let taskId: String
    /// The title as the log wrote it; nil when no valid node set one.
    package let title: String?
    package let deleteId: String
    package let wall: String
    package let lamport: Int64
    /// The DELETE's author.userId.
    package let author: String
    /// The DELETE's device, `deviceId ("deviceName")` as its record spells them: the run
    /// does not keep it, so it is read again from the record; nil when that cannot be
    /// done (stdin, or a run with input problems). Not escaped.
    package let device: String?

    /// `details` are the DELETE record's, when it could be read again.
    package init(_ task: DeletedTask, in store: NodeStore, details: RecordDetails? = nil) {
        taskId = task.taskId.text
        title = task.lastTitle
        deleteId = store.id(at: task.delete).text
        wall = store.wall(at: task.delete).text
        lamport = store.lamport(at: task.delete)
        author = store.authorUserId(at: task.delete).text
        device = details?.device
    }

    /// The line `reconstruct --format text` writes, escaped for a terminal.
    package var textLine: String {
        "\(MessageText.displayed(title ?? "(untitled)"))  [\(taskId)]  deleted by \(deleteId)\(device.map { " from device " + MessageText.displayed($0) } ?? "") at \(wall) (lamport \(lamport), author \(author))"
    }
}
