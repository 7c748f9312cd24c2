#!/usr/bin/env bash
# Builds libFuzzer targets into .build-fuzz/: bash Scripts/fuzz/build.sh [json|node|log|all]...
#
# How: RedoCrypto and RedoCore are compiled straight from Sources/ (no SwiftPM) as two
# static libraries with their .swiftmodule files, instrumented for libFuzzer and ASan
# (-sanitize=fuzzer,address). Each target is one file of Scripts/fuzz/targets/ compiled
# against those modules with -parse-as-library (its entry point is the C symbol
# LLVMFuzzerTestOneInput; libFuzzer provides main). Every target compiles in
# RedoConformKit's SplitMix64.swift, and the log target its fixture helpers too
# (NodeFactory.swift, OrderedJSONWriter.swift); they only import RedoCrypto and RedoCore.
# The one C module of our own, CSHA256Accel, is compiled by clang with the same
# instrumentation into libCSHA256Accel.a. A module is rebuilt when one of its inputs is newer.
set -euo pipefail
cd "$(dirname "$0")/../.."
B=.build-fuzz
mkdir -p "$B/mods" "$B/lib" "$B/bin"
FLAGS=(-O -g -use-ld=lld -swift-version 6 -sanitize=fuzzer,address -parse-as-library -I Sources/CSodium -I Sources/CSHA256Accel/include -I "$B/mods")

# newer OUTPUT INPUT...: true when OUTPUT is missing or older than an input.
stale() {
    local out=$1; shift
    [ -e "$out" ] || return 0
    [ -n "$(find "$@" -newer "$out" -print -quit 2>/dev/null)" ]
}

module() { # NAME SOURCE_DIR DEPENDENCY_ARCHIVES...
    local name=$1 dir=$2; shift 2
    local sources; mapfile -t sources < <(find "$dir" -name '*.swift' | sort)
    if stale "$B/lib/lib$name.a" "${sources[@]}" "$@" Scripts/fuzz/build.sh; then
        echo "building module $name (${#sources[@]} files)" >&2
        swiftc "${FLAGS[@]}" -wmo -module-name "$name" -emit-module -emit-module-path "$B/mods/$name.swiftmodule" \
            -emit-library -static -o "$B/lib/lib$name.a" "${sources[@]}"
    fi
}

target() { # NAME EXTRA_SOURCES...
    local name=$1; shift
    local main=Scripts/fuzz/targets/${name}.swift
    local out=$B/bin/fuzz-$name
    if stale "$out" "$main" Scripts/fuzz/targets/FuzzSupport.swift Sources/RedoConformKit/Fixtures/SplitMix64.swift "$@" "$B/lib/libCSHA256Accel.a" "$B/lib/libRedoCrypto.a" "$B/lib/libRedoCore.a"; then
        echo "building target $name" >&2
        swiftc "${FLAGS[@]}" -module-name "Fuzz_$name" "$main" Scripts/fuzz/targets/FuzzSupport.swift Sources/RedoConformKit/Fixtures/SplitMix64.swift "$@" \
            -L "$B/lib" -lRedoCore -lRedoCrypto -lCSHA256Accel -lsodium -o "$out"
    fi
}

c_module() { # NAME SOURCE_DIR: a C target of Sources/, as a static library
    local name=$1 dir=$2
    if stale "$B/lib/lib$name.a" "$dir" Scripts/fuzz/build.sh; then
        echo "building C module $name" >&2
        clang -O2 -g -fsanitize=fuzzer-no-link,address -I "$dir/include" -c "$dir"/*.c -o "$B/lib/$name.o"
        ar rcs "$B/lib/lib$name.a" "$B/lib/$name.o"
    fi
}

c_module CSHA256Accel Sources/CSHA256Accel
module RedoCrypto Sources/RedoCrypto "$B/lib/libCSHA256Accel.a"
module RedoCore Sources/RedoCore "$B/lib/libRedoCrypto.a"

[ $# -gt 0 ] || set -- all
for t in "$@"; do
    case $t in
        json) target json ;;
        node) target node ;;
        log) target log Sources/RedoConformKit/Fixtures/NodeFactory.swift Sources/RedoConformKit/Fixtures/OrderedJSONWriter.swift ;;
        all) "$0" json node log ;;
        *) echo "unknown target $t (json, node, log, all)" >&2; exit 2 ;;
    esac
done
