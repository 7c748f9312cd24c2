#!/usr/bin/env bash
# Fuzzing entry point; the targets are the FuzzTesting package (see FuzzTesting/README.md).
#   bash Scripts/fuzz.sh build                           build every target (release, libFuzzer + ASan; log also without ASan)
#   bash Scripts/fuzz.sh run TARGET SECONDS [--jobs N] [flags...]
#                                                        fuzz one target for a bounded time (N processes)
#   bash Scripts/fuzz.sh replay [TARGET...]              run each committed seed once (default: all targets)
#   bash Scripts/fuzz.sh test                            FuzzSupport's own tests (FuzzTesting/Tests), in the replay's build
#   bash Scripts/fuzz.sh differential [DIR...]           redo-conform vs Node on JSON corpora
#   bash Scripts/fuzz.sh corpus [EXTERNAL_DIR]           regenerate the committed seeds (Vectors/, RFC 8785)
#   bash Scripts/fuzz.sh totals                          executions and corpus size per target, over every run here
#   bash Scripts/fuzz.sh minimize [TARGET...]            cut each run corpus to the inputs that add coverage
# TARGET: json | node | log (executables FuzzJSON, FuzzNode, FuzzLog); log-asan is the log
# target from the ASan build (run uses a build without ASan for log, replay the ASan one).
#
# run: one libFuzzer process (--jobs N: N of them side by side, one per core, each with its
# own log), starting from the committed seeds FuzzTesting/Corpus/TARGET/ (read-only) plus
# the corpus of earlier runs FuzzTesting/.build/runs/corpus-TARGET/ (new entries go there,
# never into the committed seeds; processes sharing it pick up each other's finds when they
# reload it); crashes go to FuzzTesting/.build/runs/artifacts-TARGET/. Each process ends with
# a line of its stats with exec/s; with N > 1 a last line adds them up.
# Exit status: libFuzzer's (0 clean, non-zero when it found a crash or a broken invariant;
# with N > 1 the first non-zero one).
# replay: every target over its committed seeds with -runs=0 (no mutation); exit status 1
# when any input crashes or breaks an invariant. Both build first (incremental).
# test: builds FuzzSupportTests with the replay's build (same folder, same flags: only the test
# module is compiled, and the test runner linked, on top of it) and runs them under ASan;
# exit status: the tests'.
set -uo pipefail
cd "$(dirname "$0")/.."
P=FuzzTesting
R=$P/.build/runs
# Every module, the libraries' Swift and C ones included, gets coverage instrumentation and
# ASan. The targets have no main (-parse-as-library): libFuzzer provides it and calls the C
# symbol LLVMFuzzerTestOneInput. --sanitize so that SwiftPM knows about the fuzzer and leaves
# main alone (otherwise it links executables with --defsym main=<Target>_main, and that symbol
# does not exist). But SwiftPM hands swiftc one -sanitize= per sanitizer, in a set's order, and
# swiftc keeps only the last: each Swift module got either coverage or ASan, never both. The
# -Xswiftc list comes after SwiftPM's flags, so it is the one swiftc keeps. Deterministic
# hashing fixes that set's order (and the order of SwiftPM's other set-built flags), so the
# command lines stay the same from one build to the next and rebuilds stay incremental.
BUILD=(env SWIFT_DETERMINISTIC_HASHING=1 swift build -c release --package-path "$P"
    --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
# `run log` fuzzes a build of FuzzLog with libFuzzer's coverage but no ASan, in a scratch
# folder of its own: ASan's allocator and its stack recording on every allocation cost the
# log target, which builds and validates a whole signed log per input, about half its time
# (FuzzTesting/README.md, "Speed of the log target"). The log validator and replay are plain
# Swift (bounds-checked); replay, CI's check, still runs the log seeds under ASan, and so
# does `run log-asan`. Its comparison callbacks are gated off (LLVM's
# -sanitizer-coverage-gated-trace-callbacks, with the gate left at zero): -sanitize=fuzzer puts
# one on every integer comparison, Swift's bounds checks among them, and they took a fifth of
# this target's time. They let libFuzzer solve magic values in raw input; this target's input
# is a program in which every byte is valid, and the values its code compares are ids and
# hashes derived from it. Edge coverage is unchanged.
GATED=(-Xswiftc -Xllvm -Xswiftc -sanitizer-coverage-gated-trace-callbacks
    -Xcc -mllvm -Xcc -sanitizer-coverage-gated-trace-callbacks)
BUILD_LOG=(env SWIFT_DETERMINISTIC_HASHING=1 swift build -c release --package-path "$P"
    --scratch-path "$P/.build-coverage" --product FuzzLog --sanitize=fuzzer -Xswiftc -parse-as-library "${GATED[@]}")
# Set for the fuzz executables only: SwiftPM rebuilds everything when the build's environment
# changes. ASan: no leak check (the targets hold global keys on purpose), abort on the first
# error. No Swift runtime backtracer: libFuzzer prints the stack of a crash, and the backtracer
# reading memory under ASan adds a false "unknown-crash" report. libFuzzer's own leak pass is
# off too (-detect_leaks=0 below): with ASan's off it never reports, it only runs every input
# that leaves memory allocated (a global built once, the log target's caches) a second time.
FUZZ_ENV=(ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:symbolize=1}"
    SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}")

usage() { sed -n '2,13p' "$0" | sed 's/^# //' >&2; exit 2; }

# `run log` allocates with jemalloc (Debian's libjemalloc2, installed when missing) through
# LD_PRELOAD: each execution builds and validates a log six times, about four thousand small
# allocations, and glibc's allocator took about a tenth of its time (jemalloc: about 12%
# more executions a second, measured side by side on the same corpus). Only the build
# without ASan: ASan brings its own allocator. REDO_FUZZ_MALLOC=system keeps glibc's.
JEMALLOC=libjemalloc.so.2
jemalloc() { # prints the library's path, installing it first when it is missing
    [ "${REDO_FUZZ_MALLOC:-jemalloc}" = system ] && return 1
    local found; found=$(ldconfig -p 2>/dev/null | awk -v lib="$JEMALLOC" '$1 == lib { print $NF; exit }')
    if [ -z "$found" ]; then
        local sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
        echo "fuzz: installing libjemalloc2 (Debian package) for the log target..." >&2
        { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libjemalloc2; } \
            >/dev/null 2>&1
        found=$(ldconfig -p 2>/dev/null | awk -v lib="$JEMALLOC" '$1 == lib { print $NF; exit }')
    fi
    [ -n "$found" ] || { echo "fuzz: no $JEMALLOC, the log target allocates with glibc's malloc" >&2; return 1; }
    echo "$found"
}

executable() { # TARGET -> the product name
    case $1 in
        json) echo FuzzJSON ;;
        node) echo FuzzNode ;;
        log | log-asan) echo FuzzLog ;;
        *) echo "unknown target $1 (json, node, log, log-asan)" >&2; return 2 ;;
    esac
}

build() { # [asan|log|tests]: one build (default asan), setting BIN; both with no argument from the command line
    local started=$SECONDS which=${1:-asan} command products tests=()
    if [ "$which" = log ]; then
        command=("${BUILD_LOG[@]}") products=FuzzLog
    else
        command=("${BUILD[@]}") products={FuzzJSON,FuzzNode,FuzzLog}
    fi
    # The tests are the asan build plus the test target: the same command with --build-tests,
    # which compiles nothing else again, so its digest below is the asan build's.
    [ "$which" = tests ] && tests=(--build-tests) products={FuzzJSON,FuzzNode,FuzzLog,FuzzTestingPackageTests.xctest}
    # SwiftPM keeps its build plan (release.yaml) for the main package, a path dependency
    # here, when source files are added to it or removed, and the build then fails with
    # "cannot find ... in scope" for a type in a new file. So the plan is dropped whenever
    # the list of source files differs from the last successful build's.
    local scratch=$P/.build files flags
    [ "$which" = log ] && scratch=$P/.build-coverage
    # SwiftPM rebuilds a module when its sources change, not when the -Xswiftc/-Xcc flags
    # do: a build made with other flags would keep old objects beside new ones. So the
    # build starts again from nothing whenever the build command differs from the last
    # one's (the runs' corpora and logs, $R, stay).
    flags=$(printf '%s\n' "${command[@]}" | sha256sum | cut -c1-64)
    if [ -d "$scratch" ] && [ "$(cat "$scratch/build-command.sha256" 2>/dev/null)" != "$flags" ]; then
        echo "fuzz build flags changed since the last build in $scratch: building it again from nothing" >&2
        find "$scratch" -mindepth 1 -maxdepth 1 ! -name runs -exec rm -rf {} +
    fi
    files=$(find Sources "$P/Sources" "$P/Tests" -name '*.swift' | LC_ALL=C sort | sha256sum | cut -c1-64)
    if [ -f "$scratch/source-files.sha256" ] && [ "$(cat "$scratch/source-files.sha256")" != "$files" ]; then
        echo "source files added or removed since the last fuzz build: planning it again" >&2
        rm -f "$scratch/release.yaml"
    fi
    # The linker's warnings about the sanitizer runtimes are noise; errors still show.
    "${command[@]}" "${tests[@]}" 2>&1 | grep -v -E '^\[[0-9]+/[0-9]+\]|^/usr/bin/ld(\.gold)?: warning' >&2
    local status=${PIPESTATUS[0]}
    [ "$status" -eq 0 ] || { echo "fuzz build failed (status $status)" >&2; exit 2; }
    echo "$files" >"$scratch/source-files.sha256"
    echo "$flags" >"$scratch/build-command.sha256"
    BIN=$("${command[@]}" --show-bin-path)
    echo "built in $((SECONDS - started)) s: $BIN/$products" >&2
}

run() {
    [ $# -ge 2 ] || usage
    local target=$1 seconds=$2 jobs=1; shift 2
    if [ "${1:-}" = --jobs ]; then
        jobs=${2:-}; shift 2 || usage
        [[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "--jobs wants a positive number, not '$jobs'" >&2; exit 2; }
    fi
    local name; name=$(executable "$target") || exit 2
    local maxlen extra=() which=asan
    case $target in
        json) maxlen=4096 ;;
        node) maxlen=8192 ;;
        log) maxlen=512 extra=(-len_control=0) which=log ;;
        log-asan) maxlen=512 extra=(-len_control=0) ;;
    esac
    build "$which"
    local preload
    if [ "$which" = log ] && preload=$(jemalloc); then
        FUZZ_ENV+=(LD_PRELOAD="$preload")
        echo "fuzz: allocating with $preload (REDO_FUZZ_MALLOC=system for glibc's malloc)" >&2
    fi
    # log-asan shares the log target's corpus, artifacts and totals.
    local base=${target%-asan}
    local corpus=$R/corpus-$base artifacts=$R/artifacts-$base
    mkdir -p "$corpus" "$artifacts" "$R/logs"
    local dict=(); [ -f "$P/Dictionaries/$base.dict" ] && dict=(-dict="$P/Dictionaries/$base.dict")
    FUZZ_COMMAND=("$BIN/$name" "$corpus" "$P/Corpus/$base" $(external_seeds "$base") "${dict[@]}"
        -max_total_time="$seconds" -max_len="$maxlen" -timeout=20 -rss_limit_mb=2048 -detect_leaks=0
        -print_final_stats=1 -artifact_prefix="$artifacts/" "${extra[@]}" "$@")
    FUZZ_TARGET=$target FUZZ_CORPUS=$corpus
    exec 3>&1  # progress lines, while each job's last line is collected
    if [ "$jobs" -eq 1 ]; then
        fuzz_job ""
        exit $?
    fi
    # Several processes, each started a second after the previous one (their logs are named by
    # time and process id); their progress lines are prefixed with the job's number.
    local k pids=() summaries=()
    for ((k = 1; k <= jobs; k++)); do
        summaries+=("$(mktemp)")
        fuzz_job "[job $k] " >"${summaries[-1]}" &
        pids+=($!)
        [ "$k" -lt "$jobs" ] && sleep 1
    done
    local first=0 status
    for k in "${!pids[@]}"; do
        wait "${pids[$k]}"; status=$?
        [ "$first" -eq 0 ] && first=$status
    done
    cat "${summaries[@]}"
    # The sum over the processes, from their final lines.
    awk -v target="$target" -v jobs="$jobs" -v status="$first" '
        / runs=/ { for (i = 1; i <= NF; i++) { split($i, kv, "=")
            if (kv[1] == "runs") { if (kv[2] ~ /^[0-9]+$/) runs += kv[2]; else unknown = 1 }
            if (kv[1] == "exec/s") { if (kv[2] ~ /^[0-9]+$/) rate += kv[2]; else unknown = 1 } } }
        END { printf "target=%s jobs=%d runs=%s exec/s=%s (the jobs together) status=%d\n", target, jobs,
            unknown ? "?" : runs, unknown ? "?" : rate, status }
    ' "${summaries[@]}"
    rm -f "${summaries[@]}"
    exit "$first"
}

# One libFuzzer process of FUZZ_COMMAND with its own log; prints its progress lines (each
# prefixed with $1) to descriptor 3 and a line of stats to standard output; returns
# libFuzzer's status.
fuzz_job() {
    local prefix=$1 log
    # The process id keeps apart the logs of runs started in the same second.
    log=$R/logs/run-${FUZZ_TARGET%-asan}-$(date +%Y%m%dT%H%M%S)-$BASHPID.txt
    env "${FUZZ_ENV[@]}" "${FUZZ_COMMAND[@]}" 2>&1 | tee "$log" |
        grep -E '^(#[0-9]+.*(INITED|DONE|pulse)|INVARIANT|==[0-9]+==|SUMMARY|stat::|Test unit written|artifact_prefix)' |
        sed "s/^/$prefix/" >&3
    local status=${PIPESTATUS[0]}
    local runs secs commit
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    commit=$(git rev-parse --short HEAD 2>/dev/null)
    git diff --quiet HEAD -- Sources "$P/Sources" 2>/dev/null || commit+=+dirty
    # libFuzzer's own average; a run stopped with SIGINT has it but no "Done" line.
    local rate; rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    [ -z "$rate" ] && [ -n "$runs" ] && [ -n "$secs" ] && [ "$secs" -gt 0 ] && rate=$((runs / secs))
    [ -z "$secs" ] && [ -n "$runs" ] && [ -n "$rate" ] && [ "$rate" -gt 0 ] && secs=$((runs / rate))
    rate=${rate:-?}
    local corp; corp=$(sed -n 's/.*DONE .* corp: \([0-9]*\/[0-9a-zA-Z]*\) .*/\1/p' "$log" | tail -1)
    echo "${prefix}target=$FUZZ_TARGET commit=$commit seconds=${secs:-?} runs=${runs:-?} exec/s=$rate corpus=$corp" \
        "(libFuzzer's, inputs/bytes; $(ls "$FUZZ_CORPUS" | wc -l) files in $FUZZ_CORPUS) status=$status log=$log"
    return "$status"
}

# Seeds read in place beside the committed ones: the RFC 8785 inputs of the external test
# data (third-party files, never copied into the repository), when that folder is there.
external_seeds() {
    local rfc=../shared/external-vectors/rfc8785/input
    if [ "$1" = json ] && [ -d "$rfc" ]; then echo "$rfc"; fi
}

replay() {
    local failed=0 target name log status started out
    [ $# -gt 0 ] || set -- json node log
    for target in "$@"; do
        case $target in json | node | log) ;; *) echo "replay: unknown target $target (json, node, log)" >&2; exit 2 ;; esac
    done
    build asan  # every target, log included, under ASan
    mkdir -p "$R/logs"
    for target in "$@"; do
        name=$(executable "$target") || exit 2
        log=$R/logs/replay-$target.txt started=$SECONDS
        # An empty output corpus first: libFuzzer writes nothing into the committed seeds.
        out=$(mktemp -d)
        # REDO_FUZZ_CACHE=0: the log target keeps nothing across inputs, so every seed is
        # checked in full, each of its signatures verified by libsodium.
        env "${FUZZ_ENV[@]}" REDO_FUZZ_CACHE=0 "$BIN/$name" -runs=0 -timeout=20 -rss_limit_mb=2048 -detect_leaks=0 -print_final_stats=1 \
            -artifact_prefix="$R/replay-$target-" "$out" "$P/Corpus/$target" $(external_seeds "$target") > "$log" 2>&1
        status=$?
        rm -rf "$out"
        local units; units=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
        echo "replay $target: $(ls "$P/Corpus/$target" | wc -l) seeds, ${units:-?} executions," \
            "$((SECONDS - started)) s, status $status"
        if [ "$status" -ne 0 ]; then
            failed=1
            grep -E 'INVARIANT|==[0-9]+==ERROR|SUMMARY|deadly signal|Test unit written' "$log" | head -n 20
            echo "  full output: $log"
        fi
    done
    exit "$failed"
}

# FuzzSupport's tests (FuzzTesting/Tests/FuzzSupportTests): XCTest, run from the replay's
# build rather than a debug build of their own, which would compile swift-crypto and the
# libraries once more (221 s from nothing, against 21 s for the test module and its runner
# on top of the replay's build; FuzzTesting/README.md, "FuzzSupport's tests"). The runner is
# linked without libFuzzer's runtime, whose main would take the place of XCTest's (the test
# target's linker setting in FuzzTesting/Package.swift); ASan's runtime provides the
# coverage callbacks. Only the lines that are not a passing test are printed.
tests() {
    [ $# -eq 0 ] || usage
    build tests
    local status
    env "${FUZZ_ENV[@]}" "$BIN/FuzzTestingPackageTests.xctest" 2>&1 |
        grep -v -E "^Test Case '.*' (started at|passed \()"
    status=${PIPESTATUS[0]}
    [ "$status" -eq 0 ] || echo "fuzz support tests failed (status $status)" >&2
    exit "$status"
}

# Every run's log keeps its executions (the final stats, or the last status line of a run
# still going or killed), so the totals add up across every run on this machine.
totals() {
    local target log runs total count
    for target in json node log; do
        runs=0 total=0
        for log in "$R"/logs/run-"$target"-*.txt; do
            [ -f "$log" ] || continue
            count=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
            [ -n "$count" ] || count=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
            runs=$((runs + 1)) total=$((total + ${count:-0}))
        done
        echo "$target: $total executions in $runs runs; corpus $(ls "$R/corpus-$target" 2>/dev/null | wc -l) inputs" \
            "(+ $(ls "$P/Corpus/$target" | wc -l) committed seeds)"
    done
}

# The run corpus of a target grows with every input that once added coverage, and each run
# reads all of it first (the log target, about 30 s for 16,000 inputs). libFuzzer's -merge=1
# keeps the inputs that together cover what the whole does, into a new folder that then
# takes the old one's place. The log target runs without its caches (REDO_FUZZ_CACHE=0), so
# that each input shows all the coverage it reaches, not only what is new to the process.
# Executions counted by `totals` stay: they come from the run logs.
minimize() {
    [ $# -gt 0 ] || set -- json node log
    local target name corpus fresh before status
    for target in "$@"; do
        case $target in json | node | log) ;; *) echo "minimize: unknown target $target (json, node, log)" >&2; exit 2 ;; esac
        corpus=$R/corpus-$target
        if pgrep -f -- "$corpus( |\$)" >/dev/null; then
            echo "minimize: a run of $target is using $corpus; stop it first" >&2
            exit 2
        fi
    done
    for target in "$@"; do
        name=$(executable "$target") || exit 2
        corpus=$R/corpus-$target
        [ -d "$corpus" ] || { echo "minimize $target: no run corpus yet"; continue; }
        if [ "$target" = log ]; then build log; else build asan; fi
        before=$(ls "$corpus" | wc -l)
        fresh=$(mktemp -d "$R/corpus-$target.minimizing.XXXXXX")
        env "${FUZZ_ENV[@]}" REDO_FUZZ_CACHE=0 "$BIN/$name" -merge=1 -timeout=20 -rss_limit_mb=2048 -detect_leaks=0 \
            "$fresh" "$corpus" >"$R/logs/minimize-$target.txt" 2>&1
        status=$?
        if [ "$status" -ne 0 ]; then
            rm -rf "$fresh"
            echo "minimize $target: libFuzzer's merge failed (status $status), corpus left as it was; see $R/logs/minimize-$target.txt" >&2
            exit 1
        fi
        rm -rf "$corpus.old" && mv "$corpus" "$corpus.old" && mv "$fresh" "$corpus" && rm -rf "$corpus.old"
        echo "minimize $target: $before inputs -> $(ls "$corpus" | wc -l)"
    done
}

[ $# -ge 1 ] || usage
command=$1; shift
case $command in
    build) build asan; build log ;;
    run) run "$@" ;;
    replay) replay "$@" ;;
    test) tests "$@" ;;
    differential) exec bash "$P/Tools/differential-node.sh" "$@" ;;
    corpus) exec bash "$P/Tools/make-corpus.sh" "$@" ;;
    totals) totals ;;
    minimize) minimize "$@" ;;
    *) usage ;;
esac
