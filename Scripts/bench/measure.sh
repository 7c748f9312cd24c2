# Sourced by the benchmark scripts that time whole runs of the binary.
# Needs: OUT (a folder for the figures) and REDO (the binary); `show` prints a command;
# generated-log.sh sourced before it.
. Scripts/bench/ceiling.sh

# build_unless_given: builds redo-conform (release) into REDO unless REDO_CONFORM names a
# binary; exits 2 when the build fails.
build_unless_given() {
  [ -z "${REDO_CONFORM:-}" ] || return 0
  show swift build -c release --product redo-conform
  swift build -c release --product redo-conform > "$OUT/build.log" 2>&1 || { tail -20 "$OUT/build.log"; exit 2; }
}

# generate FILE ARGS...: the log `REDO vectors log ARGS` writes, made unless FILE already
# holds it (generated-log.sh); exits 2 when it cannot be made.
generate() {
  show ensure_generated_log "$REDO" "$@"
  ensure_generated_log "$REDO" "$@" || exit 2
}
#
# timed NAME ARGS...: runs "$REDO" ARGS under /usr/bin/time -v, its stdout thrown away,
# and appends "NAME wall-s cpu-s peak-MB status" to $OUT/figures ($OUT/NAME.time keeps
# its stderr, the time report included).
timed() {
  local name="$1"
  shift
  show "$REDO" "$@"
  /usr/bin/time -v "$REDO" "$@" 2> "$OUT/$name.time" > /dev/null
  local status=$?
  local wall user sys rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$OUT/$name.time" \
    | awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }')
  user=$(awk -F': ' '/User time/ {print $2}' "$OUT/$name.time")
  sys=$(awk -F': ' '/System time/ {print $2}' "$OUT/$name.time")
  rss=$(awk -F': ' '/Maximum resident/ {print $2}' "$OUT/$name.time")
  printf '%s %s %s %s %s\n' "$name" "$wall" "$(echo "$user + $sys" | bc)" "$((rss / 1024))" "$status" >> "$OUT/figures"
}

# print_figures: the table of $OUT/figures.
print_figures() {
  printf '%-8s %10s %10s %10s %7s\n' run "wall s" "CPU s" "peak MB" status
  while read -r name wall cpu rss status; do
    printf '%-8s %10.2f %10.2f %10d %7d\n' "$name" "$wall" "$cpu" "$rss" "$status"
  done < "$OUT/figures"
}

# c_ceiling LOG: libsodium's Ed25519 verify rate on this machine, now, over distinct
# signatures on messages of LOG's mean canonical-body size (see validate-bench.sh),
# times the cores: the most nodes per second any validator of LOG can reach here.
# Prints "ceiling NODES_PER_S"; builds .build-bench/sodium-bench when missing.
c_ceiling() {
  local log="$1" sodium=.build-bench/sodium-bench
  [ -x "$sodium" ] || cc -O2 -o "$sodium" Peers/c/sodium-bench.c -lsodium || return 1
  local nodes bytes body
  nodes=$(wc -l < "$log")
  bytes=$(stat -c %s "$log")
  body=$(( bytes / nodes - 223 ))
  [ "$body" -ge 1 ] || body=300
  show "$sodium" 2 "$body" "# the best of ${CEILING_SAMPLES:-3} runs" >&2
  local best
  best=$(sodium_best "$sodium" "$body" "$OUT/ceiling")
  awk -v r="$best" -v c="$(nproc)" 'BEGIN { printf "ceiling %.0f\n", r * c }'
}
