import RedoCore
import RedoValidation

/// Renders the records of a report on every core and writes them in input order.
///
/// Why: a report of a million records is a million small objects to build and
/// serialize. On one core that took about 1.8 s, the last stage of a run and the longest
/// one left on a single core once the signatures come from the cache. Chunks of records
/// are rendered side by side, a round of them at a time, and written in order: memory
/// holds two rounds (a few MB), never the report.
enum OrderedRendering {
    /// Records per chunk: large enough that a chunk's hand-over costs nothing next to
    /// rendering it, small enough that a round stays a few MB.
    static let chunkRecords = 4096

    /// Writes `render(record, &bytes)` for every record in `0..<count`, in order.
    /// `render` appends one record's bytes (with any separator before it).
    static func write(
        count: Int, jobs: Int = ParallelMap.availableCores, chunkRecords: Int = chunkRecords,
        to sink: inout ReportSink, render: @escaping @Sendable (Int, inout [UInt8]) -> Void
    ) {
        let perRound = max(1, jobs) * 2
        var start = 0
        // The next round is rendered while this one is written: the writes (a copy into
        // the page cache, a tenth of the report's time) then overlap the rendering.
        var rendering: BackgroundWork<[[UInt8]]>?
        repeat {
            var chunks: [Range<Int>] = []
            while chunks.count < perRound && start < count {
                let end = min(count, start + chunkRecords)
                chunks.append(start..<end)
                start = end
            }
            let next =
                chunks.isEmpty
                ? nil
                : BackgroundWork { [chunks] in
                    ParallelMap.map(chunks, jobs: jobs) { chunk in
                        var bytes: [UInt8] = []
                        for record in chunk { render(record, &bytes) }
                        return bytes
                    }
                }
            if let rendering {
                for bytes in rendering.wait() { sink.write(chunk: bytes) }
            }
            rendering = next
        } while rendering != nil
    }
}
