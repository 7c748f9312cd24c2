#!/usr/bin/env bash
# The whole test suite under AddressSanitizer, then under ThreadSanitizer (less the costly
# tests listed below), each in its own build folder. LeakSanitizer is off for the ASan pass: its only reports come from XCTest's
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
if [ "$which" = both ] || [ "$which" = address ]; then
  echo "== swift test under AddressSanitizer"
  ASAN_OPTIONS=detect_leaks=0 swift test --parallel --scratch-path .build-asan -Xswiftc -sanitize=address
fi
# ThreadSanitizer looks for data races, so it leaves out the tests that cost most under it
# (about half of its time) and start no threads of their own beyond what the tests it runs
# cover: the log rules' operation counts, RFC 8785 on random documents, every output
# format against its schema, interrupted and failing writes, shards merged byte for byte,
# the live log's orders against the batch validator (its concurrency tests stay), the
# faulty and drifted generated logs, long chains and summaries of large reports.
# AddressSanitizer and the plain run keep all of them.
thread_skips=(
  --skip 'HostileShapeGrowthTests|LiveLogHostileShapeTests|SchemaConformanceTests|InterruptedOutputTests|TapeTreeParityTests'
  --skip 'LiveLogPropertyTests|LiveLogCascadeTests|FaultyLogTests|WarningSummaryTests|VectorDriftTests'
  --skip 'TapeCanonicalizationTests/testTapeAndTreeAgreeOn'
  --skip 'BinaryEndToEndTests/(testEveryCommandFailsWhenStdoutIsFull|testBinaryTextReportsSumWarningsAndMergeReportsMatches)'
  --skip 'ShardMergeTests/(testGeneratedLogsWithFaults|testShippedVectors)'
  --skip 'ExplainTests/testALongChainIsListedWholeInTextAndBoundedInHtml'
  --skip 'HistoryTests/testBranchWalkAndTodoWriteTestsAgree'
)
if [ "$which" = both ] || [ "$which" = thread ]; then
  echo "== swift test under ThreadSanitizer"
  swift test --parallel --scratch-path .build-tsan -Xswiftc -sanitize=thread "${thread_skips[@]}"
fi
