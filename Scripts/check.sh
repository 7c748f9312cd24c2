#!/usr/bin/env bash
# The main job: installs what is missing, builds redo-conform (release) and runs it.
# With no arguments it runs `redo-conform check` on the shipped Vectors/; any
# arguments are passed to redo-conform instead (e.g. `Scripts/check.sh validate FILE`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/ensure-deps.sh
swift build -c release --product redo-conform >&2
exec .build/release/redo-conform "$@"
