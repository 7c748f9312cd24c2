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
# swift test's own last line counts only Swift Testing's tests, so the script ends with
# one that counts every test, XCTest's too: from the xunit files swift test writes
# (FILE.xml for XCTest, FILE-swift-testing.xml for Swift Testing) and, since the first
# records a skipped XCTest test as passed, from the list of tests that skipped with
# XCTSkip.recorded (RedoTestSupport). A run that wrote no xunit file (a build failure)
# says so instead. The exit status is swift test's.
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
export REDO_TEST_SKIPS="$results/skipped.txt"
status=0
swift test --parallel --xunit-output "$results/tests.xml" "$@" || status=$?
shopt -s nullglob
files=("$results"/*.xml)
if [ ${#files[@]} -eq 0 ]; then
  echo "no test results: swift test exited with status $status before any test ran"
  exit "$status"
fi
# A testcase element with a failure element inside has failed; with a skipped element,
# or named in the skip list, was skipped; else it passed. XML escapes "<" in text, so
# each "<" opens a tag.
awk -v skip_list="$REDO_TEST_SKIPS" '
  function attribute(tag, key) {
    if (!match(tag, " " key "=\"[^\"]*\"")) return ""
    return substr(tag, RSTART + length(key) + 3, RLENGTH - length(key) - 4)
  }
  function finish() {
    open = 0
    if (failed) failures++; else if (skipped || (test in listed)) skips++; else passed++
  }
  BEGIN {
    while ((getline line < skip_list) > 0) listed[line] = 1
    RS = "<"
  }
  /^testcase[ \t\n>\/]/ {
    open = 1; failed = 0; skipped = 0
    test = attribute($0, "classname") "/" attribute($0, "name")
    if ($0 ~ /^[^>]*\/>/) finish()
  }
  open && /^failure[ \t\n>\/]/ { failed = 1 }
  open && /^skipped[ \t\n>\/]/ { skipped = 1 }
  open && /^\/testcase[ \t\n>]/ { finish() }
  END {
    line = (passed + 0) " passed, " (failures + 0) " failed"
    if (skips) line = line ", " skips " skipped"
    print line
  }' "${files[@]}"
exit "$status"
