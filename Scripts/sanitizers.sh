#!/usr/bin/env bash
# The whole test suite under AddressSanitizer, then ThreadSanitizer, each in its own build
# folder. LeakSanitizer is off for the ASan pass: its only reports come from XCTest's
# own test objects and from Foundation's Process (measured; none from project code),
# which this project cannot fix; memory errors are still caught.
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
  ASAN_OPTIONS=detect_leaks=0 swift test --scratch-path .build-asan -Xswiftc -sanitize=address
fi
if [ "$which" = both ] || [ "$which" = thread ]; then
  echo "== swift test under ThreadSanitizer"
  swift test --scratch-path .build-tsan -Xswiftc -sanitize=thread
fi
