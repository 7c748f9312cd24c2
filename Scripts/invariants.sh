#!/usr/bin/env bash
# Verdicts and reconstructed state must not depend on how a log is laid out: checks that on
# seeded random logs (shuffled, split across files, every record duplicated, written as an
# array, Firestore map or nested export, given a re-signed copy, cut to one task), through
# the release build. One line per invariant says on how many logs it was checked; a
# failure prints the seed, a shrunk log, and the command that replays it.
#
#   bash Scripts/invariants.sh [--count N] [--seed S]      (default 1000 logs from seed 1)
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/ensure-deps.sh
swift build -c release --product redo-bench > /dev/null
exec .build/release/redo-bench invariants "$@"
