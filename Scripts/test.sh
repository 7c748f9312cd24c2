#!/usr/bin/env bash
# The test command: installs what is missing, then runs the whole test suite.
# Extra arguments go to `swift test` (e.g. `--filter RedoCryptoTests`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/ensure-deps.sh
# The schema tests validate the binary's outputs with Python's jsonschema, an independent
# validator (a test helper; the product never needs Python): the system's when it has
# one, else one installed into .build-python.
if python3 -c 'import jsonschema' 2>/dev/null; then
  export REDO_SCHEMA_PYTHON=python3
else
  if [ ! -x .build-python/bin/python ] || ! .build-python/bin/python -c 'import jsonschema' 2>/dev/null; then
    echo "redo-conform: installing Python's jsonschema into .build-python (for the schema tests)..." >&2
    python3 -m venv .build-python
    .build-python/bin/python -m pip install --quiet 'jsonschema>=4.18,<5'
  fi
  export REDO_SCHEMA_PYTHON="$PWD/.build-python/bin/python"
fi
# One process per test, as many at once as the machine has cores (most tests are
# single-threaded, so this nearly halves the suite's time on two). A failing test's output
# is printed in full; `swift test` without --parallel prints every test as it runs.
swift test --parallel "$@"
