#!/usr/bin/env bash
# Two redo-conform binaries must behave alike: runs every command through both, on the
# shipped Vectors/ and on a generated 100,000-node faulty log, in every output format and
# with every time option fixed, and compares standard output, standard error, each file
# written (content and mode) and each exit status byte for byte. For a change that must
# not change behaviour (code moved between modules, say), build the binary before and
# after it, then:
#
#   bash Scripts/compare-behaviour.sh OLD_BINARY NEW_BINARY
#
# One line per case, `same` or `DIFFERS:` with the start of the difference, then
# `N same, N differ`. Exit status: 0 every case the same; 1 a case differs (a command that
# could not be run, timed out or died of a signal on either side counts as a difference);
# 2 usage error.
#
# Each case runs in the same absolute folder for both binaries, one after the other, so
# paths in outputs match; the working directory holds links to a copy of Vectors/ (which
# both binaries take for the shipped vectors, unless one has a Vectors/ of its own beside
# it, as in a release archive), to ../shared/external-vectors (the cases that need it are
# skipped when it is missing) and to the large log, written by OLD_BINARY (its generation
# by both is a case of its own). A random key (keygen without a seed) is compared by its
# shape: the same members, values of the same lengths. Output is never a terminal, so no
# progress line is drawn; stderr lines holding a carriage return would be left out all
# the same.
#
# A whole run takes seven minutes on two idle cores, two thirds of it on the large log.
# CASES=REGEX runs only the cases whose names match (CASES='^[^l]' leaves out those on
# the large log); KEEP=1 keeps the work folder, with what each side of each case left in
# results/CASE/{old,new}; CASE_TIMEOUT=SECONDS bounds each command (default 900).

# Each case is a snippet of shell, single-quoted here and run later by `eval` in the case's
# folder, where `rc` runs the binary of the side being run.
# shellcheck disable=SC2016
set -uo pipefail

if [ $# -ne 2 ]; then
  echo "usage: bash Scripts/compare-behaviour.sh OLD_BINARY NEW_BINARY" >&2
  exit 2
fi
for binary in "$1" "$2"; do
  if [ ! -f "$binary" ] || [ ! -x "$binary" ]; then
    echo "compare-behaviour: $binary is not an executable file" >&2
    exit 2
  fi
done
absolute() { (cd "$(dirname -- "$1")" && printf '%s/%s' "$PWD" "$(basename -- "$1")"); }
old=$(absolute "$1")
new=$(absolute "$2")
repo=$(cd "$(dirname "$0")/.." && pwd)
external_source="$repo/../shared/external-vectors"
timeout_seconds=${CASE_TIMEOUT:-900}
only=${CASES:-}
# Nothing from the caller's environment may steer either binary.
unset REDO_CONFORM_CACHE NO_COLOR
export LC_ALL=C

base=$(mktemp -d "${TMPDIR:-/tmp}/compare-behaviour.XXXXXX") || exit 2
if [ "${KEEP:-}" = 1 ]; then
  trap 'echo "work folder kept: $base"' EXIT
else
  trap 'rm -rf "$base"' EXIT
fi
data=$base/data    # inputs every case sees, never written by a binary
work=$base/case    # where every case runs, for both binaries
mkdir -p "$data"
cp -R "$repo/Vectors" "$data/Vectors"
if [ -d "$external_source" ]; then cp -R "$external_source" "$data/external-vectors"; fi

# The large log, written by OLD_BINARY when the first case that reads it comes, and the
# same log less every 100th line (1% of its nodes), for diff.
large_options=(--shape faulty --nodes 100000 --tasks 20000)
large_state=none
large_task=""
broken_task=""
prepare_large() {
  large_state=tried
  echo "preparing: $old vectors log ${large_options[*]}"
  if ! "$old" vectors log "${large_options[@]}" --out "$data/large.jsonl" >/dev/null 2>&1; then
    rm -f "$data/large.jsonl"
    return
  fi
  awk 'NR % 100 != 50' "$data/large.jsonl" >"$data/large-b.jsonl"
  # Two tasks to draw: the first record's, and the task of the first record the json
  # report lists as rejected.
  large_task=$(head -n1 "$data/large.jsonl" | grep -o '"taskId":"[^"]*"' | head -n1 | cut -d'"' -f4)
  "$old" validate "$data/large.jsonl" --format json --quiet --output "$data/large-report.json" >/dev/null 2>&1
  broken_task=$(grep -o '"taskId":"[^"]*","status":"rejected"' "$data/large-report.json" 2>/dev/null \
    | head -n1 | cut -d'"' -f4)
  broken_task=${broken_task:-$large_task}
  rm -f "$data/large-report.json"
}

same=0
differ=0
skipped=0
bin=""

# Runs the binary of the side being run, and records its arguments and exit status.
rc() {
  local status=0
  timeout "$timeout_seconds" "$bin" "$@" || status=$?
  printf 'redo-conform %s => %s\n' "$*" "$status" >>"$base/statuses"
  return "$status"
}

# Prints a file's shape: each run of hex digits as <hex N>, so a random key compares by
# its members and lengths.
shape() {
  awk '{
    out = ""
    while (match($0, /[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]+/)) {
      out = out substr($0, 1, RSTART - 1) "<hex " RLENGTH ">"
      $0 = substr($0, RSTART + RLENGTH)
    }
    print out $0
  }' "$@"
}

# Runs SNIPPET in $work with $bin set to BINARY, and keeps what it left in OUT.
run_side() {
  local out=$1 snippet=$3
  rm -rf "$work" "$base/shared" "$out"
  mkdir -p "$work" "$out"
  ln -s "$data/Vectors" "$work/Vectors"
  if [ -d "$data/external-vectors" ]; then ln -s "$data/external-vectors" "$work/external"; fi
  if [ -f "$data/large.jsonl" ]; then
    ln -s "$data/large.jsonl" "$work/large.jsonl"
    ln -s "$data/large-b.jsonl" "$work/large-b.jsonl"
  fi
  : >"$base/statuses"
  (
    cd "$work" || exit 1
    bin=$2
    eval "$snippet"
  ) </dev/null >"$out/stdout" 2>"$base/stderr"
  grep -v $'\r' "$base/stderr" >"$out/stderr"
  mv "$base/statuses" "$out/statuses"
  (cd "$work" && find . -mindepth 1 -printf '%y %m %p\n' | sort) >"$out/files"
  mv "$work" "$out/tree"
  rm -rf "$base/shared"
}

# The first lines of a difference, indented and cut to a readable width.
excerpt() { head -n "${1:-6}" | cut -c1-160 | sed 's/^/    /'; }

# Runs one case through both binaries and prints its line.
case_() {
  local name=$1 snippet=$2 needs=${3:-}
  if [ -n "$only" ] && ! [[ $name =~ $only ]]; then return; fi
  if [ "$needs" = external ] && [ ! -d "$data/external-vectors" ]; then
    printf '%-44s skipped: no %s\n' "$name" "$external_source"
    skipped=$((skipped + 1))
    return
  fi
  if [ "$needs" = large ] && [ $large_state = none ]; then prepare_large; fi
  if [ "$needs" = large ] && [ ! -f "$data/large.jsonl" ]; then
    printf '%-44s DIFFERS: no large log (OLD_BINARY could not write it)\n' "$name"
    differ=$((differ + 1))
    return
  fi
  local results=$base/results/$name
  local o=$results/old n=$results/new what=() details=""
  run_side "$o" "$old" "$snippet"
  run_side "$n" "$new" "$snippet"
  # A command that did not run (126, 127), timed out (124) or died of a signal (> 128).
  local broken
  broken=$(awk -F' => ' '$NF == 124 || $NF == 126 || $NF == 127 || $NF > 128 {
      print (FILENAME ~ /\/old\/statuses$/ ? "old: " : "new: ") $0 }' "$o/statuses" "$n/statuses")
  if [ -n "$broken" ]; then
    what+=("did not run")
    details+="  did not run:"$'\n'$(printf '%s\n' "$broken" | excerpt 3)$'\n'
  fi
  local part
  for part in statuses stdout stderr files; do
    if ! cmp -s "$o/$part" "$n/$part"; then
      what+=("$part")
      details+="  $part:"$'\n'$(diff "$o/$part" "$n/$part" | excerpt 6)$'\n'
    fi
  done
  local tree
  tree=$(cd "$results" && diff -r --no-dereference old/tree new/tree 2>&1)
  if [ -n "$tree" ]; then
    what+=("files written")
    details+="  files written:"$'\n'$(printf '%s\n' "$tree" | excerpt 6)$'\n'
  fi
  if [ ${#what[@]} -eq 0 ]; then
    printf '%-44s same\n' "$name"
    same=$((same + 1))
  else
    local joined
    joined=$(printf '%s, ' "${what[@]}")
    printf '%-44s DIFFERS: %s\n' "$name" "${joined%, }"
    printf '%s' "$details"
    differ=$((differ + 1))
  fi
  if [ "${KEEP:-}" != 1 ]; then rm -rf "$results"; fi
}

at=2025-10-30T12:00:00Z
formats_report="text json junit html"

# ---- usage, help, version -----------------------------------------------------------------
case_ version 'rc --version'
case_ help 'rc --help; rc help; rc help validate'
case_ help-per-command '
for c in check validate merge-reports reconstruct verify sign keygen canonicalize hash compare diff graph vectors "vectors generate" "vectors log"; do
  echo "== $c"; rc $c --help
done'
case_ usage-errors '
rc no-such-command; rc validate; rc validate --format pdf Vectors/logs; rc validate --jobs 0 Vectors/logs
rc validate --max-records 0 Vectors/logs; rc validate Vectors/logs --shard 0/2
rc validate Vectors/logs --shard 3/3 --format json; rc validate Vectors/logs --shard x --format json
rc validate - - ; rc reconstruct --at yesterday Vectors/logs; rc reconstruct --format html Vectors/logs
rc verify; rc verify --jobs 2000 Vectors/logs; rc sign Vectors/nodes/create-valid.json
rc keygen --seed 00 ; rc keygen --seed-text a --seed 00; rc compare; rc compare - - ; rc diff Vectors/logs
rc diff - - ; rc graph Vectors/logs; rc merge-reports; rc merge-reports x.json --format html
rc vectors; rc vectors log --shape nope; rc vectors log --shape merge-stack --nodes 5
rc vectors log --shape big-delete --nodes 10 --delete-length 20; rc vectors generate
rc hash --nope; rc canonicalize a b; rc --nope'
case_ completions 'for s in bash zsh fish; do echo "== $s"; rc --generate-completion-script $s; done'
case_ dump-help 'rc --experimental-dump-help'

# ---- check --------------------------------------------------------------------------------
case_ check-default-no-external 'rc; rc check'
case_ check-default-external 'mkdir -p ../shared && ln -s "$PWD/external" ../shared/external-vectors; rc check; rc' external
case_ check-dir-external 'rc check Vectors --external external; rc check --external external' external
case_ check-external-missing 'rc check --external no-such-folder; rc check Vectors --external Vectors/nodes'
case_ check-external-drifted '
mkdir -p ext/rfc8785/input ext/rfc8785/output ext/rfc8785/outhex
printf "{\"b\":1,\"a\":2}" > ext/rfc8785/input/x.json; cp ext/rfc8785/input/x.json ext/rfc8785/output/x.json
echo "7b 22 61 22 3a 32 2c 22 62 22 3a 31 7d" > ext/rfc8785/outhex/x.txt
rc check --external ext'
case_ check-no-suites 'mkdir empty; rc check empty; rc check no-such-dir; rc check Vectors/nodes'
case_ check-failing-vectors '
cp -R Vectors/ bad; rm -rf bad/numbers bad/platform/recorded/ios-app.json
sed -i "s/\"status\": \"valid\"/\"status\": \"rejected\"/" bad/nodes/manifest.json
sed -i "0,/\"status\": \"rejected\"/s//\"status\": \"valid\"/" bad/logs/manifest.json
rc check bad; rm -rf bad'
case_ check-numbers '
rc check --numbers Vectors/numbers/es-numbers-100k.txt
rc check --numbers - < Vectors/numbers/es-numbers-100k.txt
printf "3ff0000000000000,1\n3ff8000000000000,1.50\nnonsense\n" > n.txt; rc check --numbers n.txt
rc check --numbers no-such-file.txt'

# ---- validate on the vectors --------------------------------------------------------------
for f in $formats_report; do
  case_ "validate-vectors-$f" "
for p in Vectors/logs Vectors/nodes Vectors/exports Vectors/reconstruction Vectors/diff Vectors; do
  echo \"== \$p\"; rc validate \$p --format $f
done"
  case_ "validate-vectors-$f-output" "
rc validate Vectors/logs Vectors/nodes --format $f --output report.$f
rc validate Vectors/logs/valid-life.jsonl --format $f --output valid.$f
rc validate Vectors/logs --format $f --profile local --jobs 1 --output local.$f --protocol-url https://example.org/P.md"
done
case_ validate-options '
rc validate Vectors/logs --quiet; rc validate Vectors/nodes --quiet --profile local
rc validate Vectors/logs/valid-life.jsonl; rc validate Vectors/logs/valid-life.jsonl --quiet
rc validate Vectors/logs --max-records 10; rc validate Vectors/logs --max-records 10 --format json
rc validate Vectors/logs --jobs 1 --format json; rc validate Vectors/nodes/create-valid.json Vectors/nodes/create-valid.json
rc validate Vectors/logs --format html --protocol-url "https://example.org/a?b=<c>&d"'
case_ validate-inputs '
rc validate - --format json < Vectors/logs/broken-branch.jsonl
rc validate - Vectors/logs/valid-life.jsonl < Vectors/exports/array.json
rc validate no-such-file.jsonl Vectors/logs/valid-life.jsonl
: > empty.jsonl; echo "[]" > empty.json; rc validate empty.jsonl; rc validate empty.json
printf "\0binary" > bin.json; rc validate bin.json
printf "{\"a\":1,}\n" > broken.json; rc validate broken.json --format json
mkdir nojson; touch nojson/x.txt; rc validate nojson
for f in Vectors/exports/*.json*; do echo "== $f"; rc validate "$f" --format json; done'
case_ validate-cache '
rc validate Vectors/logs --cache c --format json --output cold.json
rc validate Vectors/logs --cache c --format json --output warm.json
rc verify Vectors/logs --cache c; rc reconstruct Vectors/logs --cache c --at 2025-10-30 > state.json
REDO_CONFORM_CACHE=c2 rc validate Vectors/logs --quiet; REDO_CONFORM_CACHE=c2 rc validate Vectors/logs --quiet
REDO_CONFORM_CACHE=c2 rc validate Vectors/logs --quiet --cache ""
touch cachefile; rc validate Vectors/logs --quiet --cache cachefile
printf "not a cache" > c/signatures-v1.bin; rc validate Vectors/logs --quiet --cache c
ls -l c | sed 1d | awk "{print \$1, \$5, \$NF}"'
case_ validate-shards '
in="Vectors/logs Vectors/reconstruction Vectors/exports Vectors/diff"
for k in 0 1 2; do rc validate $in --shard $k/3 --format json --output shard-$k.json; done
rc validate $in --shard 1/3 --format json
for f in text json junit; do rc merge-reports shard-2.json shard-0.json shard-1.json --format $f; done
rc merge-reports shard-*.json --format junit --output merged.xml; rc merge-reports shard-*.json --quiet
rc merge-reports shard-0.json shard-1.json; rc merge-reports shard-0.json shard-0.json shard-1.json shard-2.json
rc merge-reports shard-*.json --format html; rc merge-reports no-such.json
rc validate Vectors/logs --format json --output whole.json; rc merge-reports whole.json
rc validate Vectors/logs/valid-life.jsonl --shard 0/2 --format json --output valid-0.json
rc validate Vectors/logs/valid-life.jsonl --shard 1/2 --format json --output valid-1.json
rc merge-reports valid-0.json valid-1.json; rc merge-reports valid-0.json shard-1.json
for k in 0 1; do rc validate Vectors/logs Vectors/nodes --shard $k/2 --format json --output input-problem-$k.json; done
rc merge-reports input-problem-*.json --format junit'

# ---- reconstruct, verify --------------------------------------------------------------------
case_ reconstruct-json '
for f in Vectors/reconstruction/*.jsonl Vectors/logs/*.jsonl; do echo "== $f"; rc reconstruct "$f" --at 2025-10-30; echo; done'
case_ reconstruct-text '
for f in Vectors/reconstruction/*.jsonl; do echo "== $f"; rc reconstruct "$f" --format text --at 2025-10-30T12:00:00Z; done'
case_ reconstruct-options "
for t in 2025-01-01 2025-10-27T08:00:00Z 2025-10-27T08:00:00.123Z 2030-06-30; do rc reconstruct Vectors/reconstruction --format text --at \$t; done
rc reconstruct Vectors/logs Vectors/nodes --profile local --jobs 1 --at $at > state.json
rc reconstruct - --format text --at $at < Vectors/reconstruction/snooze-days-and-date.jsonl
rc reconstruct Vectors/exports --at $at; rc reconstruct Vectors/logs --max-records 5 --at $at
rc reconstruct no-such.jsonl --at $at"
case_ verify '
rc verify Vectors/logs; rc verify Vectors/nodes; rc verify Vectors/exports --jobs 1
rc verify - < Vectors/logs/valid-life.jsonl; rc verify Vectors/logs/valid-life.jsonl; rc verify no-such.jsonl'

# ---- keygen, sign, canonicalize, hash -------------------------------------------------------
case_ keygen '
rc keygen --seed-text fixture; rc keygen --seed 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
rc keygen --seed-text fixture --out key.json; rc keygen --seed-text other --out key.json
rc keygen --seed-text other --out key.json --force; ln -s key.json link.json
rc keygen --seed-text third --out link.json --force; mkdir d; rc keygen --out d --force
rc keygen --seed-text x --out no-such-dir/key.json; rc keygen --seed 0G; rc keygen --seed 0001'
case_ keygen-random-shape '
rc keygen --out random.json 2> err.txt; shape err.txt >&2; shape random.json; stat -c "%a" random.json
rm random.json err.txt; rc keygen | shape'
case_ sign '
rc keygen --seed-text signer --out key.json
sed -E "s/\"id\":\"[^\"]*\",//; s/,\"signature\":\"[^\"]*\"//; s/\"author\":\\{[^}]*\\}/\"author\":{\"deviceId\":\"device-a\"}/" \
  Vectors/nodes/create-valid.json > unsigned.json
rc sign unsigned.json --key key.json > signed.json; cat signed.json; rc validate signed.json --profile synced
rc sign - --key key.json < unsigned.json; rc hash signed.json
rc sign Vectors/nodes/create-valid.json --key key.json
echo "[1]" > array.json; rc sign array.json --key key.json
sed "s/\"author\":{[^}]*}/\"author\":7/" unsigned.json > author7.json; rc sign author7.json --key key.json
echo "{}" > badkey.json; rc sign unsigned.json --key badkey.json; rc sign unsigned.json --key no-such-key.json
cp key.json open.json; chmod 644 open.json; rc sign unsigned.json --key open.json
rc sign - --key - < unsigned.json
for f in Vectors/nodes/*.json; do
  echo "== $f"; sed -E "s/\"(publicKey|userId)\":\"[0-9a-f]*\",?//g; s/,}/}/g" "$f" > node.json; rc sign node.json --key key.json
done'
case_ canonicalize '
for f in Vectors/nodes/*.json Vectors/exports/*.json Vectors/platform/*.json Vectors/protocol-tables.json; do
  echo "== $f"; rc canonicalize "$f"; echo
done
printf "{\"z\": 1e21, \"a\": [true, 0.1]}" | rc canonicalize -; echo; printf "[1,\n 2,]" | rc canonicalize
rc canonicalize no-such.json; rc canonicalize Vectors/logs/valid-life.jsonl'
case_ canonicalize-rfc8785 '
for f in external/rfc8785/input/*.json; do echo "== $f"; rc canonicalize "$f"; echo; done' external
case_ hash '
for f in Vectors/nodes/*.json Vectors/exports/*.json; do echo "== $f"; rc hash "$f"; rc hash --raw "$f"; done
echo "[1]" | rc hash; echo "[1]" | rc hash --raw; echo "{" | rc hash; rc hash no-such.json'

# ---- compare (the platform exchange) --------------------------------------------------------
for f in $formats_report; do
  case_ "compare-$f" "
rc compare Vectors/platform/expected.json --format $f
for r in Vectors/platform/recorded/ios-*.json; do
  echo \"== \$r\"; rc compare \"\$r\" --format $f --allow-missing; rc compare \"\$r\" --format $f
done
rc compare Vectors/platform/recorded/ios-*.json Vectors/platform/expected.json --format $f --strict --allow-missing
rc compare Vectors/platform/recorded/ios-app.json --inputs Vectors/platform/inputs.json --format $f --output report.$f --protocol-url https://example.org/P.md --allow-missing"
done
case_ compare-errors '
rc compare Vectors/platform/recorded/expected-drift.json; rc compare no-such.json
rc compare Vectors/platform/expected.json --inputs Vectors/nodes/create-valid.json
rc compare - < Vectors/platform/expected.json; rc compare Vectors/platform/expected.json --strict'
case_ compare-generated-external '
rc vectors generate --external external --out gen
rc compare gen/platform/expected.json --inputs gen/platform/inputs.json --format json
rc compare Vectors/platform/recorded/ios-dictionary.json --inputs gen/platform/inputs.json --allow-missing
rm -rf gen' external

# ---- diff --------------------------------------------------------------------------------------
for f in $formats_report; do
  case_ "diff-vectors-$f" "
for a in Vectors/diff/*.a.*; do
  n=\${a%.a.*}; b=\$(ls \$n.b.*)
  echo \"== \$a \$b\"; rc diff \"\$a\" \"\$b\" --format $f; rc diff \"\$a\" \"\$b\" --format $f --at $at
done
rc diff Vectors/diff/node-missing.a.jsonl Vectors/diff/node-missing.a.jsonl --format $f"
done
case_ diff-options "
for f in text json junit html; do
  rc diff Vectors/diff/todo-difference.a.jsonl Vectors/diff/todo-difference.b.jsonl --format \$f --output todo.\$f --at 2025-10-30 --protocol-url https://example.org/P.md
done
t=\$(grep -o -m1 '\"taskId\":\"[^\"]*\"' Vectors/diff/verdict-difference.a.jsonl | sed 's/.*:\"//; s/\"\$//')
rc diff Vectors/diff/verdict-difference.a.jsonl Vectors/diff/verdict-difference.b.jsonl --task \"\$t\" --format json
rc diff Vectors/diff/verdict-difference.a.jsonl Vectors/diff/verdict-difference.b.jsonl --task no-such-task
rc diff Vectors/diff/node-missing.a.jsonl Vectors/diff/node-missing.b.jsonl --profile local --cache c
rc diff - Vectors/diff/node-missing.b.jsonl < Vectors/diff/node-missing.a.jsonl
rc reconstruct Vectors/diff/shapes.a.jsonl --at $at > state.json; rc diff state.json Vectors/diff/shapes.b.json --format json
rc diff Vectors/logs Vectors/reconstruction --at $at
rc diff Vectors/diff/node-missing.a.jsonl no-such.jsonl; rc diff Vectors/logs/valid-life.jsonl Vectors/diff/field-difference.b.state.json"

# ---- graph ---------------------------------------------------------------------------------------
case_ graph "
for l in Vectors/logs/*.jsonl; do
  t=\$(grep -o -m1 '\"taskId\":\"[^\"]*\"' \"\$l\" | sed 's/.*:\"//; s/\"\$//')
  echo \"== \$l \$t\"; rc graph Vectors/logs --task \"\$t\"; rc graph \"\$l\" --task \"\$t\" --format svg
done
rc graph Vectors/logs/broken-branch.jsonl --task ec661a7b-8122-412e-ba2d-8e122e18ce08 --format svg --output g.svg --profile local --jobs 1 --cache c
rc graph Vectors/logs/broken-branch.jsonl --task ec661a7b-8122-412e-ba2d-8e122e18ce08 --output g.dot --max-records 3
rc graph Vectors/logs --task no-such-task; rc graph no-such.jsonl --task x"

# ---- vectors -------------------------------------------------------------------------------------
case_ vectors-generate 'rc vectors generate --out gen; rc vectors generate --out gen; rc vectors generate --seed other --out other'
case_ vectors-generate-external 'rc vectors generate --external external --out gen; rc vectors generate --external no-such --out gen2' external
case_ vectors-log-shapes '
for s in benign chain fan merge-stack far-merge big-delete repeat mostly-rejected case-variants self-parent shared-prefix faulty; do
  rc vectors log --shape $s --nodes 300 --tasks 40 --delete-length 30 --out $s.jsonl
  rc vectors log --shape $s --nodes 120 --tasks 10 --delete-length 20 --seed other | sha256sum
done
rc vectors log --nodes 50 --tasks 5'
case_ vectors-log-faulty-large "rc vectors log ${large_options[*]} --out large-new.jsonl"

# ---- the large log -------------------------------------------------------------------------------
case_ large-validate-text 'rc validate large.jsonl; rc validate large.jsonl --quiet' large
case_ large-validate-files '
for f in json junit html; do rc validate large.jsonl --quiet --format $f --output report.$f; done
rc validate large.jsonl --format json --profile local --jobs 1 > local.json' large
case_ large-validate-cache '
rc validate large.jsonl --quiet --cache c; rc validate large.jsonl --quiet --cache c
rc verify large.jsonl --cache c; stat -c "%s %a" c/signatures-v1.bin c' large
case_ large-shards '
for k in 0 1; do rc validate large.jsonl --shard $k/2 --format json --output shard-$k.json; done
for f in text json junit; do rc merge-reports shard-1.json shard-0.json --format $f --output merged.$f; done
rc merge-reports shard-0.json shard-1.json --quiet' large
case_ large-reconstruct '
rc reconstruct large.jsonl --at $at > state.json; rc reconstruct large.jsonl --format text --at $at > state.txt' large
case_ large-verify 'rc verify large.jsonl; rc verify large-b.jsonl --jobs 1' large
case_ large-graph '
for t in "$large_task" "$broken_task"; do
  echo "== $t"; rc graph large.jsonl --task "$t"; rc graph large.jsonl --task "$t" --format svg --output "$t.svg"
done' large
case_ large-diff '
rc diff large.jsonl large-b.jsonl; rc diff large.jsonl large-b.jsonl --at $at --format json --output diff.json
rc diff large.jsonl large-b.jsonl --format html --output diff.html
rc diff large.jsonl large-b.jsonl --format junit --task "$broken_task"' large

if [ $differ -eq 0 ] && [ $same -eq 0 ]; then
  echo "no case matched CASES=$only" >&2
  exit 2
fi
if [ $skipped -gt 0 ]; then
  echo "$same same, $differ differ, $skipped skipped"
else
  echo "$same same, $differ differ"
fi
[ $differ -eq 0 ]
