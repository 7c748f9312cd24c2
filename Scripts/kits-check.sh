#!/usr/bin/env bash
# The harness kits' check. Runs each kit's example harness (Peers/kits/js/example.mjs on
# Node, Peers/kits/java/Example.java on Java 17, compiled with -Xlint:all -Werror) on
# Vectors/platform/inputs.json; checks that both kits echo an inputs file's vectorSet and
# refuse malformed inputs without writing; compares the examples' outputs with
# `redo-conform compare` when a built binary exists (it never builds one); and holds the
# example code blocks of docs/harness-kits.md to those two files.
#
#   bash Scripts/kits-check.sh [--bin PATH_TO_REDO_CONFORM]
set -euo pipefail
cd "$(dirname "$0")/.."

bin=""
if [ "${1:-}" = "--bin" ] && [ -n "${2:-}" ]; then
  bin="$2"
elif [ $# -gt 0 ]; then
  echo "usage: bash Scripts/kits-check.sh [--bin PATH_TO_REDO_CONFORM]" >&2
  exit 2
else
  for candidate in .build/release/redo-conform .build/debug/redo-conform; do
    if [ -x "$candidate" ]; then bin="$candidate"; break; fi
  done
fi

out=.build-kits
rm -rf "$out" && mkdir -p "$out"
inputs=Vectors/platform/inputs.json
fail() { echo "FAIL: $*"; exit 1; }

echo "== JavaScript kit: example.mjs on $(node --version)"
run_js() { node Peers/kits/js/example.mjs "$1" "$2"; }
run_js "$inputs" "$out/js.json"

echo "== Java kit: Example.java on $(java -version 2>&1 | head -1)"
javac -encoding UTF-8 -Xlint:all -Werror -d "$out/classes" \
  Peers/kits/java/RedoHarness.java Peers/kits/java/Example.java Peers/jvm/*.java
run_java() { java -cp "$out/classes" Example "$1" "$2"; }
run_java "$inputs" "$out/java.json"

# A variant of the inputs: `variant OUT EXPRESSION` writes to OUT the value of the
# JavaScript EXPRESSION over the parsed inputs `d` (as JSON; a string as it is).
variant() {
  node -e '
    const fs = require("node:fs");
    const d = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
    const v = new Function("d", "return " + process.argv[3])(d);
    fs.writeFileSync(process.argv[2], typeof v === "string" ? v : JSON.stringify(v));
  ' "$inputs" "$1" "$2"
}

echo "== both kits echo the inputs' vectorSet, and change nothing else"
variant "$out/inputs-vector-set.json" \
  '({...d, vectorSet: {version: "2.0", digest: "0".repeat(64)}})'
for kit in js java; do
  "run_$kit" "$out/inputs-vector-set.json" "$out/$kit-vector-set.json"
  node -e '
    const fs = require("node:fs");
    let [plain, echoed] = process.argv.slice(1).map((f) => JSON.parse(fs.readFileSync(f, "utf8")));
    const want = JSON.stringify({ version: "2.0", digest: "0".repeat(64) });
    if (JSON.stringify(echoed.vectorSet) !== want) throw new Error("vectorSet is " + JSON.stringify(echoed.vectorSet));
    if (Object.keys(echoed).join() !== "format,version,platform,implementation,vectorSet,results") throw new Error("members " + Object.keys(echoed));
    delete echoed.vectorSet;
    delete plain.vectorSet;
    if (JSON.stringify(echoed) !== JSON.stringify(plain)) throw new Error("the results changed");
  ' "$out/$kit.json" "$out/$kit-vector-set.json" || fail "the $kit kit does not echo vectorSet"
  echo "  $kit: echoed"
done

echo "== both kits refuse malformed inputs, naming the problem, and write nothing"
refused() { # NAME EXPRESSION MESSAGE
  variant "$out/inputs-$1.json" "$2"
  for kit in js java; do
    if "run_$kit" "$out/inputs-$1.json" "$out/$kit-$1.json" 2> "$out/$kit-$1.txt"; then
      fail "the $kit kit accepted inputs with $1"
    fi
    grep -F -q -- "$3" "$out/$kit-$1.txt" || { cat "$out/$kit-$1.txt"; fail "the $kit kit's refusal of $1 does not say: $3"; }
    [ ! -e "$out/$kit-$1.json" ] || fail "the $kit kit wrote outputs for inputs with $1"
    if compgen -G "$out/.$kit-$1.json.*" > /dev/null; then fail "the $kit kit left a temporary file"; fi
  done
  echo "  $1: $3"
}
refused not-json '"{\"format\": "' 'is not JSON'
refused wrong-format '({...d, format: "redo-conform/platform-outputs"})' 'is not a redo-conform/platform-inputs file'
refused wrong-version '({...d, version: 2})' 'is version 2 of redo-conform/platform-inputs'
refused section-not-array '({...d, nodes: {}})' 'section nodes is not an array'
refused entry-without-id '({...d, signatures: [{...d.signatures[0], id: 7}]})' 'signatures[0] has no string id'
refused repeated-id '({...d, storage: [...d.storage, d.storage[0]]})' 'has the id'

echo "== redo-conform compare"
if [ -n "$bin" ]; then
  "$bin" compare --inputs "$inputs" "$out/js.json" "$out/java.json" > "$out/compare.txt" \
    || { cat "$out/compare.txt"; fail "compare found drift in an example's outputs"; }
  grep -E "^(web|jvm)-example: " "$out/compare.txt"
else
  echo "  skipped: no built redo-conform at .build/release or .build/debug (give --bin PATH)"
fi

echo "== docs/harness-kits.md shows the examples as they are"
# Each example is the fenced block after a line <!-- example: PATH --> in the page.
for file in Peers/kits/js/example.mjs Peers/kits/java/Example.java; do
  awk -v marker="<!-- example: $file -->" '
    $0 == marker { found = 1; next }
    found == 1 && /^```/ { found = 2; next }
    found == 2 && /^```/ { exit }
    found == 2 { print }
  ' docs/harness-kits.md > "$out/block.txt"
  [ -s "$out/block.txt" ] || fail "docs/harness-kits.md has no block for $file"
  diff -u "$file" "$out/block.txt" || fail "docs/harness-kits.md's block differs from $file"
  echo "  $file: equal"
done
echo "kits: ok"
