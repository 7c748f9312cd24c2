#!/usr/bin/env bash
# The API documentation of the libraries an app can embed (RedoJSON, RedoCrypto, RedoCore, RedoScenarios): their doc
# comments and their catalogs (Sources/<Module>/<Module>.docc), built with the Swift-DocC plugin into one
# documentation archive per library. Fails on any warning, so a broken symbol link, a documented
# parameter that does not exist or an ambiguous overload in a doc comment or an article fails the build.
#
#   Scripts/docs.sh                                  archives in .build-docs/archives/<Module>.doccarchive
#   Scripts/docs.sh --hosting-base-path redo-conform the same, for a site served under /redo-conform/
#
# Extra arguments go to `generate-documentation` (`--help` there lists them). Each archive is ready for
# static hosting: serve its folder and open documentation/<module>/ (lowercase), e.g.
#   python3 -m http.server -d .build-docs/archives/RedoCore.doccarchive 8000
#   → http://localhost:8000/documentation/redocore/
# The plugin takes the libraries' symbol graphs from .build, the ordinary debug build that `swift test`
# makes: after the tests nothing is compiled again, and the step takes seconds. From nothing it compiles
# swift-crypto first (minutes). The archives and the log go to .build-docs.
set -euo pipefail
cd "$(dirname "$0")/.."

bash Scripts/ensure-deps.sh

out=.build-docs
archives="$out/archives"
log="$out/docs.log"
mkdir -p "$archives"

# --warnings-as-errors turns DocC's warnings into errors; the grep below also catches the plugin's own
# (and the compiler's, when the plugin had to build the libraries; CI checks those on its fresh build).
status=0
swift package --allow-writing-to-directory "$archives" \
  generate-documentation \
  --target RedoJSON --target RedoCrypto --target RedoCore --target RedoScenarios \
  --output-path "$archives" \
  --disable-indexing \
  --warnings-as-errors \
  "$@" >"$log" 2>&1 || status=$?

if [ "$status" -ne 0 ]; then
  grep -v '^\[[0-9]*/[0-9]*\] ' "$log" >&2 || true
  echo "docs: the documentation build failed (exit status $status; full output in $log)" >&2
  exit 1
fi
if grep -n 'warning:' "$log" >&2; then
  echo "docs: the documentation build printed warnings (full output in $log)" >&2
  exit 1
fi

echo "docs: documentation archives (each a static site: serve its folder, open documentation/<module>/):"
for module in RedoJSON RedoCrypto RedoCore RedoScenarios; do
  archive="$archives/$module.doccarchive"
  [ -f "$archive/index.html" ] || { echo "docs: $archive is missing" >&2; exit 1; }
  echo "  $archive"
done
