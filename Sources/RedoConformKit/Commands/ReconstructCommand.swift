import Foundation
import RedoCore
import RedoCrypto
import RedoJSON
import RedoText
import RedoValidation

/// `redo-conform reconstruct PATH...`: the reconstructed state — canonical JSON (to
/// compare platforms by hash) or a readable task list with urgency at a given time.
package enum ReconstructCommand {
    package enum Format: String, CaseIterable, Sendable { case json, text }

    package static func run(
        _ operands: [String], options: ValidationOptions, format: Format, at: String?, console: Console
    ) -> ExitStatus {
        var now = UTCTime(millisecondsSinceEpoch: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)))
        if let at {
            switch TimeOption.parse(at) {
            case let .success(time): now = time
            case let .failure(failure):
                console.error("error: " + TimeOption.error(at, failure))
                return .usageOrIO
            }
        }
        // Reconstructing validates the whole log first: as long as `validate`, so it shows
        // the same progress line.
        let result = ValidationRun(options: options, progress: ProgressMeter.forTerminal(console: console)).run(
            operands)
        CacheUse.finish(options.cache, console: console)
        for problem in result.problems { console.error("error: \(problem)") }
        let status = ValidateCommand.status(result)
        // The state is printed either way; without this line a rejected record would show
        // only as a missing task and an exit status of 1.
        if status == .findings { console.error(rejectedNote(result)) }
        // The last use of the run's result: its records can go before the state is
        // rendered. The state is made a task at a time as it is written, and written a piece
        // at a time: the whole state at once would cost about as much as the verdict.
        let reconstruction = StreamedReconstruction(result.verdict)
        switch format {
        case .json: StateRendering.writeCanonical(reconstruction, to: console.writeOut)
        case .text:
            // The DELETEs' devices are not kept by the run: their records alone are read again.
            let tasks = DeletedTasks.find(in: result.verdict)
            let details = RecordDetails.read(nodes: Set(tasks.map(\.delete)), of: result, options: options)
            let deleted = tasks.map { DeletedTaskView($0, in: result.verdict.nodes, details: details[$0.delete]) }
            writeText(reconstruction, deleted: deleted, now: now, to: console.out)
        }
        return status
    }

    /// One line for stderr when some record is rejected: how many, and where to look.
    static func rejectedNote(_ result: some ReportedRun) -> String {
        let rejected = (0..<result.recordCount).count { result.status($0) == .rejected }
        return
            "note: \(rejected) of \(counted(result.recordCount, "record")) rejected; the state holds the valid nodes only (redo-conform validate says why)"
    }

    static func text(_ reconstruction: Reconstruction, deleted: [DeletedTaskView] = [], now: UTCTime) -> String {
        var text = ""
        writeText(reconstruction, deleted: deleted, now: now, chunkBytes: .max) { text += $0 }
        return text
    }

    /// The task list, then the deleted tasks (`deleted`, in taskId order: the state says
    /// only their ids, and a reader looks for a title), handed to `write` in pieces of
    /// about `chunkBytes` UTF-8 bytes.
    static func writeText(
        _ reconstruction: some ReconstructedState, deleted: [DeletedTaskView] = [], now: UTCTime,
        chunkBytes: Int = 1 << 20, to write: (String) -> Void
    ) {
        var out = ""
        reconstruction.forEachTask { task in
            if out.utf8.count >= chunkBytes {
                write(out)
                out = ""
            }
            // A signed, valid title may still hold ESC or CR: escaped for display. The rest
            // of the line is validated (UUIDs, times, numbers).
            let title = MessageText.displayed(task.stateWithoutTodos.fields[.title]?.json.stringValue ?? "(untitled)")
            var flags: [String] = []
            if let priority = task.stateWithoutTodos.fields[.priority] { flags.append("priority \(priority)") }
            if task.stateWithoutTodos.archived { flags.append("archived") }
            out += "\(title)  [\(task.taskId)]\(flags.isEmpty ? "" : "  " + flags.joined(separator: ", "))\n"
            if let current = task.currentTodo, let todo = task.todos.first(where: { $0.todoTaskId == current }) {
                let days = Urgency.daysUntilDue(todo.deadline, now: now)
                let urgency = Urgency.value(daysUntilDue: days)
                out +=
                    "  current todo \(todo.todoTaskId): due \(todo.deadline) (\(formatDays(days))), urgency \(format(urgency, digits: 3))\n"
            } else {
                out += "  no current todo\n"
            }
            for todo in task.todos where todo.todoTaskId != task.currentTodo {
                let state = todo.completed.map { "completed \($0)" } ?? "orphan, due \(todo.deadline)"
                out += "  todo \(todo.todoTaskId): \(state)\n"
            }
        }
        for task in deleted {
            if out.utf8.count >= chunkBytes {
                write(out)
                out = ""
            }
            out += "deleted: " + task.textLine + "\n"
        }
        out +=
            "\(counted(reconstruction.taskCount, "task")), \(reconstruction.deleted.count) deleted, \(counted(reconstruction.rejected.count, "rejected node id")) (urgency at \(now))\n"
        write(out)
    }

    static func formatDays(_ days: Double) -> String {
        days >= 0 ? "in \(format(days, digits: 2)) days" : "\(format(-days, digits: 2)) days overdue"
    }

    static func format(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return String((value * scale).rounded() / scale)
    }
}
