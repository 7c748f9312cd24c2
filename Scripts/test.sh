#!/usr/bin/env bash
# The test command: installs what is missing, then runs the whole test suite.
# Extra arguments go to `swift test` (e.g. `--filter RedoCryptoTests`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/ensure-deps.sh
swift test "$@"
