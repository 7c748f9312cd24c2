#!/usr/bin/env bash
# The test suite under AddressSanitizer, then under ThreadSanitizer, each less the costly
# tests listed below, each in its own build folder. LeakSanitizer is off for the ASan pass: its only reports come from XCTest's
# own test objects and from Foundation's Process (measured; none from project code),
# which this project cannot fix; memory errors are still caught. Tests run in parallel, as
# in Scripts/test.sh.
#
#   bash Scripts/sanitizers.sh [address|thread]   (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/ensure-deps.sh
which="${1:-both}"
# The random-log invariants cost ten times as much under a sanitizer; the plain test run
# and CI's release step check the large counts.
export REDO_INVARIANT_LOGS="${REDO_INVARIANT_LOGS:-40}"
# AddressSanitizer leaves out the few tests that cost it most (about a third of its time)
# and whose code paths the tests it keeps also take: output interrupted by a kill or a full disk
# and stdout on a full device, seen from a subprocess (the in-process output tests write
# through the same code); shards merged byte for byte on the shipped vectors and a large
# generated log (the smaller merge tests stay); a large report summed from a subprocess;
# the hostile shapes' growth measured over sizes (the live log's hostile-shape test
# and the fuzz targets' seeds put every shape through the same parsers and rules under
# AddressSanitizer); and the live log's random logs in every order against the batch
# validator (the log fuzz target's seeds go through the same ingests in batches under
# AddressSanitizer, and the live log's cascade, concurrency and article tests stay). The
# plain run keeps all of them.
address_skips=(
  --skip 'InterruptedOutputTests|HostileShapeGrowthTests|LiveLogPropertyTests'
  --skip 'ShardMergeTests/(testGeneratedLogsWithFaults|testShippedVectors)'
  --skip 'BinaryEndToEndTests/(testBinaryTextReportsSumWarningsAndMergeReportsMatches|testEveryCommandFailsWhenStdoutIsFull)'
)
if [ "$which" = both ] || [ "$which" = address ]; then
  echo "== swift test under AddressSanitizer"
  ASAN_OPTIONS=detect_leaks=0 swift test --parallel --scratch-path .build-asan -Xswiftc -sanitize=address \
    "${address_skips[@]}"
fi
# ThreadSanitizer looks for data races, so it leaves out the tests that cost most under it
# (about half of its time) and start no threads of their own beyond what the tests it runs
# cover: the log rules' operation counts, RFC 8785 on random documents, every output
# format against its schema, interrupted and failing writes, shards merged byte for byte,
# the live log's orders against the batch validator (its concurrency tests stay) and the
# files of its benchmark workload, the two verifiers on generated signatures, the faulty and
# drifted generated logs, long chains and summaries of large reports, and the end-to-end
# tests (they run the same engine in a subprocess; the in-process tests drive its threads).
# The plain run keeps all of them; AddressSanitizer keeps all but its own few (above).
thread_skips=(
  --skip 'HostileShapeGrowthTests|LiveLogHostileShapeTests|SchemaConformanceTests|InterruptedOutputTests|TapeTreeParityTests'
  --skip 'LiveLogPropertyTests|LiveLogCascadeTests|FaultyLogTests|WarningSummaryTests|VectorDriftTests|VerifierDifferentialTests'
  --skip 'RedoLiveWorkloadTests'
  --skip 'TapeCanonicalizationTests/testTapeAndTreeAgreeOn'
  --skip 'RedoConformEndToEndTests'
  --skip 'ShardMergeTests/(testGeneratedLogsWithFaults|testShippedVectors)'
  --skip 'ExplainTests/testALongChainIsListedWholeInTextAndBoundedInHtml'
  --skip 'HistoryTests/testBranchWalkAndTodoWriteTestsAgree'
)
if [ "$which" = both ] || [ "$which" = thread ]; then
  echo "== swift test under ThreadSanitizer"
  # ThreadSanitizer sleeps a second before a process exits (atexit_sleep_ms), for threads
  # still running then; a race is reported when the access happens, while the test runs.
  # The parallel runner starts one process a test, so that second was most of the pass.
  TSAN_OPTIONS="atexit_sleep_ms=0${TSAN_OPTIONS:+:$TSAN_OPTIONS}" \
    swift test --parallel --scratch-path .build-tsan -Xswiftc -sanitize=thread "${thread_skips[@]}"
fi
