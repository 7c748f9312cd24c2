import RedoCore
import RedoText

/// A deleted task as the reports name it: its last title, its taskId, and the DELETE that
/// ended it (id, wall, lamport and author). `reconstruct --format text` writes it as a line,
/// the html report as a row. Only the title is free text; it is escaped where it is shown.
package struct DeletedTaskView: Sendable {
    package let taskId: String
    /// The title as the log wrote it; nil when no valid node set one.
    package let title: String?
    package let deleteId: String
    package let wall: String
    package let lamport: Int64
    /// The DELETE's author.userId.
    package let author: String

    package init(_ task: DeletedTask, in store: NodeStore) {
        taskId = task.taskId.text
        title = task.lastTitle
        deleteId = store.id(at: task.delete).text
        wall = store.wall(at: task.delete).text
        lamport = store.lamport(at: task.delete)
        author = store.authorUserId(at: task.delete).text
    }

    /// The line `reconstruct --format text` writes, escaped for a terminal.
    package var textLine: String {
        "\(MessageText.displayed(title ?? "(untitled)"))  [\(taskId)]  deleted by \(deleteId) at \(wall) (lamport \(lamport), author \(author))"
    }
}
