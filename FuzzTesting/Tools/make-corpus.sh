#!/usr/bin/env bash
# Regenerates the committed seed corpora FuzzTesting/Corpus/{json,node,log}/ from Vectors/
# and a few hand-made inputs:
#   bash Scripts/fuzz.sh corpus
# Deterministic; run it after the vectors change. The RFC 8785 inputs are third-party
# data: Scripts/fuzz.sh reads them from ../shared/external-vectors at run time as extra
# json seeds, and they are never copied here.
set -euo pipefail
cd "$(dirname "$0")/../.."
C=FuzzTesting/Corpus
rm -rf "$C"; mkdir -p "$C/json" "$C/node" "$C/log"

# json: the platform canonicalization cases, hand-made edge cases.
node -e '
const fs = require("fs");
const inputs = JSON.parse(fs.readFileSync("Vectors/platform/inputs.json", "utf8"));
for (const c of inputs.canonicalization) fs.writeFileSync(`'"$C"'/json/platform-${c.id}.json`, c.json);
'
hand() { printf "$2" > "$C/json/hand-$1.json"; }
hand dup-key '{"a":1,"a":2}'
hand dup-key-escaped '{"a":1,"\\u0061":2}'
hand lone-high '"\\ud800"'
hand lone-low-raw '"\355\240\200"'
hand pair '"\\ud83d\\ude00\\u00e9\\u20ac"'
hand out-of-range '[1e400]'
hand numbers '[-0,0.1,1e21,1e-7,5e-324,1.7976931348623157e308,9007199254740993,1.0e+2,-1E-2,123456789012345678901234567890,4.35,0.000001]'
hand controls '"\\u0000\\u001f\\u007f\\u2028\\u2029\\/\\b\\f\\n\\r\\t"'
hand key-order '{"\\u20ac":1,"\\r":2,"\\ud83d\\ude00":3,"\\ufb33":4,"":5,"a":{"b":[],"a":{}}}'
hand deep '[[[[[[[[[[{"a":[[[[1]]]]}]]]]]]]]]]'
hand bom '\357\273\277{}'
hand trailing-comma '[1,]'
hand comment '/*c*/1'
hand whitespace ' \t\n\r {"a" : [ 1 , true , false , null ] } \n'
hand leading-zero '01'
hand nan '[NaN,Infinity]'
hand bad-utf8 '"\303\050"'
hand overlong '"\300\257"'
hand above-max '{"k":"\364\220\200\200"}'
hand truncated '{"a":[1,2'
hand trailing '{} x'
hand escapes '"\\x"'
hand empty-key '{"":{"":[]}}'

# node: every node vector but the 1 MiB one (the size limit is not a fuzzing matter).
for f in Vectors/nodes/*.json; do
    case $(basename "$f") in manifest.json|payload-too-large.json) ;; *) cp "$f" "$C/node/$(basename "$f")" ;; esac
done
# ...and the first record of each log vector.
for f in Vectors/logs/*.jsonl; do head -n 1 "$f" > "$C/node/log-$(basename "$f" .jsonl).json"; done

# log: programs for the structure-aware target (see FuzzTesting/Sources/FuzzLog: one op
# byte, low nibble = operation, high nibble = modifiers, then the operation's own bytes).
prog() { printf "$2" > "$C/log/$1.bin"; }
prog life          '\000\000\000\001\000\001\003\000\001\001\004\000\300\001\005\000\002\006\000\007\000\001\000\001'
prog todo-chain    '\000\000\000\003\000\000\005\004\000\300\005\003\000\001\005\005\000\100\002\004\000\300\001'
prog delete-exact  '\000\000\000\001\000\001\001\000\001\010\000\000\001\000\002'
prog delete-modes  '\000\000\000\001\000\001\010\000\012\010\001\013\010\002\014\010\003\015\010\000\016\010\000\017'
prog merge-2       '\000\000\021\001\000\005\000\003\001\001\006\000\002\011\000\001\000\000\000\001'
prog merge-policy  '\000\000\021\001\001\005\001\001\001\001\006\002\011\000\001\000\000\041\002\043\001\010\011\001\000\001\000\071\046\065'
prog merge-todos   '\000\000\001\003\000\001\004\000\300\001\005\000\002\012\001\000\001\000\000\050\040\012'
prog merge-10      '\000\000\001\000\001\001\001\000\001\001\000\001\001\001\000\001\001\001\000\001\001\001\000\001\001\001\000\001\001\001\000\001\001\001\000\001\001\011\010\000\001\002\003\004\005\006\007\010\011\012\013\000\000'
prog tamper        '\000\000\000\001\000\001\001\000\001\013\001\033\001\053\001\073\002\113\001\133\000\233\002'
prog duplicates    '\000\000\000\001\000\001\014\000\034\001\054\001\016\002'
prog two-tasks     '\000\000\000\000\001\000\001\000\001\001\001\000\001\015\000\007\035\001\001'
prog dup-create    '\000\000\000\000\000\002\000\000\001\001\000\001\001\002\000\001\017\000\017'
prog lamport-wall  '\000\000\000\361\000\001\002\000\002\000\001\217\000\017\001\001\000\001'
prog todo-is-task  '\000\000\000\003\000\377\000\004\000\000\000'
