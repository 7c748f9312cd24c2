#!/usr/bin/env bash
# The public API of the libraries an app can embed (RedoJSON, RedoCrypto, RedoCore), one sorted
# line per declaration or conformance, in api/<Module>.txt.
#
#   Scripts/api-check.sh          rewrites api/*.txt from the sources (a change made on purpose)
#   Scripts/api-check.sh --check  fails, showing the difference, when the sources' public API
#                                 differs from api/*.txt or a public declaration has no doc comment
#
# Builds the three modules in .build, the ordinary debug build that `swift test` makes (so
# after the tests there is nothing to compile), then reads their symbol graphs
# (swift-symbolgraph-extract, public and open only, no synthesized members) with jq. A line is
# `path | declaration`, members of an extension with constraints add `[where …]`, and a
# conformance is `path : Protocol` (the implicit Copyable, Escapable, SendableMetatype and
# BitwiseCopyable left out). Needs swift and jq. About 5 s when .build is up to date, 20 s
# after a change to the libraries, under 2 minutes from nothing (swift-crypto included).
# The symbol graphs and listings go to .build-api.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=write
case "${1:-}" in
  "") ;;
  --check) mode=check ;;
  *) echo "usage: Scripts/api-check.sh [--check]" >&2; exit 2 ;;
esac

modules=(RedoJSON RedoCrypto RedoCore)
scratch=.build-api
graphs="$scratch/symbol-graphs"
listing="$scratch/api"

bash Scripts/ensure-deps.sh jq
mkdir -p "$scratch"
if ! swift build --target RedoCore >"$scratch/build.log" 2>&1; then
  cat "$scratch/build.log" >&2
  echo "api-check: the build failed" >&2
  exit 1
fi
bin=$(swift build --show-bin-path)

# The target, SDK and C module flags SwiftPM compiled RedoCore with (it imports the other two).
flags=()
while IFS= read -r flag; do flags+=("$flag"); done < <(jq -r '.swiftCommands[]
  | select(.moduleName == "RedoCore") | .otherArguments
  | reduce .[] as $arg ({out: [], take: false};
      if .take then .out += [$arg] | .take = false
      elif $arg | IN("-target", "-sdk", "-I", "-F", "-Xcc") then .out += [$arg] | .take = true
      else . end)
  | .out[]' "$bin/description.json")

rm -rf "$graphs" "$listing"
mkdir -p "$graphs" "$listing"
for module in "${modules[@]}"; do
  swift-symbolgraph-extract -module-name "$module" -I "$bin/Modules" "${flags[@]}" \
    -module-cache-path "$scratch/extract-module-cache" \
    -minimum-access-level public -skip-synthesized-members -skip-inherited-docs \
    -output-dir "$graphs"
done

# One line per public symbol and per conformance of a public type; `undocumented` lists the
# public symbols written in the source (not synthesized, such as a raw-value enum's
# `init(rawValue:)`) without a doc comment of their own.
reduce='
  def text: [.declarationFragments[]?.spelling] | join("");
  def constraint: .lhs + (if .kind == "sameType" then " == " else ": " end) + .rhs;
  def implicit: . == "Swift.Copyable" or . == "Swift.Escapable"
    or . == "Swift.SendableMetatype" or . == "Swift.BitwiseCopyable";
  [.[].symbols[]] as $symbols
  | ($symbols | map({key: .identifier.precise, value: (.pathComponents | join("."))}) | from_entries) as $paths
  | if $mode == "undocumented" then
      $symbols[] | select(.docComment == null and .location != null)
        | (.pathComponents | join(".")) + " | " + text
    else
      ($symbols[]
        | (.pathComponents | join(".")) + " | " + text
          + ((.swiftExtension.constraints // []) | if length > 0 then " [where "
              + (map(constraint) | join(", ")) + "]" else "" end)),
      ([.[].relationships[]?] | .[]
        | select(.kind == "conformsTo" or .kind == "inheritsFrom")
        | select($paths[.source] != null)
        | ($paths[.target] // .targetFallback // .target) as $target
        | select($target | implicit | not)
        | $paths[.source] + " : " + $target
          + ((.swiftConstraints // []) | if length > 0 then " [where "
              + (map(constraint) | join(", ")) + "]" else "" end))
    end'

status=0
for module in "${modules[@]}"; do
  files=("$graphs/$module.symbols.json")
  for extra in "$graphs/$module@"*.symbols.json; do [[ -f "$extra" ]] && files+=("$extra"); done
  jq -rs --arg mode listing "$reduce" "${files[@]}" | LC_ALL=C sort -u >"$listing/$module.txt"
  jq -rs --arg mode undocumented "$reduce" "${files[@]}" | LC_ALL=C sort -u >"$listing/$module.undocumented"
  if [[ -s "$listing/$module.undocumented" ]]; then
    echo "api-check: public declarations of $module without a doc comment:" >&2
    sed 's/^/  /' "$listing/$module.undocumented" >&2
    status=1
  fi
  if [[ $mode == write ]]; then
    cp "$listing/$module.txt" "api/$module.txt"
  elif ! diff -u "api/$module.txt" "$listing/$module.txt" >&2; then
    echo "api-check: the public API of $module is not api/$module.txt (run Scripts/api-check.sh" \
      "and commit api/ if the change is on purpose)" >&2
    status=1
  fi
done
if [[ $mode == write ]]; then echo "api-check: wrote api/RedoJSON.txt, api/RedoCrypto.txt, api/RedoCore.txt" >&2; fi
exit $status
