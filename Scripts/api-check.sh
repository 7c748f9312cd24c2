#!/usr/bin/env bash
# The public API of the libraries an app can embed (RedoJSON, RedoCrypto, RedoCore, and
# RedoScenarios for its tests), of the harness kit (RedoHarnessKit) and of the benchmark
# package's workloads (RedoLiveWorkload), one sorted line per declaration or conformance, in
# api/<Module>.txt.
#
#   Scripts/api-check.sh          rewrites api/*.txt from the sources (a change made on purpose)
#   Scripts/api-check.sh --check  fails, showing the difference, when the sources' public API
#                                 differs from api/*.txt or a public declaration has no doc comment
#   ... --portable                the same for the build without the Libsodium trait
#                                 (`--disable-default-traits`): a module whose API differs there
#                                 has api/<Module>.portable.txt (written only then), the others
#                                 must list exactly api/<Module>.txt. It flips the trait in .build,
#                                 so the package's modules compile again (Scripts/portable-check.sh
#                                 runs it, after its own build without the trait).
#
# Builds the four modules in .build, the ordinary debug build that `swift test` makes (so
# after the tests there is nothing to compile), then reads their symbol graphs
# (swift-symbolgraph-extract, public and open only, no synthesized members) with jq. A line is
# `path | declaration`, members of an extension with constraints add `[where …]`, and a
# conformance is `path : Protocol` (the implicit Copyable, Escapable, SendableMetatype and
# BitwiseCopyable left out). Needs swift and jq. About 7 s when .build is up to date, 20 s
# after a change to the libraries, under 2 minutes from nothing (swift-crypto included).
# The symbol graphs and listings go to .build-api.
#
# A public name that starts with an underscore is public all the same (an app can call it, and
# changing it breaks apps), but symbol graphs leave it out as if it were internal. A second
# extraction, at internal level, finds those declarations (the public ones whose enclosing
# declarations are public too); they are listed in api/*.txt like any other, and each must also
# have a line in api/underscored.txt, `Module.path | why it is public`, written by hand (lines
# starting with # are comments). Both modes fail on a public underscored declaration that
# api/underscored.txt does not list, and on a line there that names none.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=write
traits=()
suffix=
for argument in "$@"; do
  case "$argument" in
    --check) mode=check ;;
    --portable) traits=(--disable-default-traits) suffix=.portable ;;
    *) echo "usage: Scripts/api-check.sh [--check] [--portable]" >&2; exit 2 ;;
  esac
done

modules=(RedoJSON RedoCrypto RedoCore RedoHarnessKit RedoScenarios RedoLiveWorkload)
scratch=.build-api
graphs="$scratch/symbol-graphs"
internal_graphs="$scratch/symbol-graphs-internal"
listing="$scratch/api"
allowed=api/underscored.txt

bash Scripts/ensure-deps.sh jq
mkdir -p "$scratch"
if ! { swift build ${traits[@]+"${traits[@]}"} --target RedoCore \
  && swift build ${traits[@]+"${traits[@]}"} --target RedoScenarios \
  && swift build ${traits[@]+"${traits[@]}"} --target RedoLiveWorkload; } >"$scratch/build.log" 2>&1; then
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

rm -rf "$graphs" "$internal_graphs" "$listing"
mkdir -p "$graphs" "$internal_graphs" "$listing"
for module in "${modules[@]}"; do
  for level in public internal; do
    out=$graphs
    [[ $level == internal ]] && out=$internal_graphs
    swift-symbolgraph-extract -module-name "$module" -I "$bin/Modules" "${flags[@]}" \
      -module-cache-path "$scratch/extract-module-cache" \
      -minimum-access-level "$level" -skip-synthesized-members -skip-inherited-docs \
      -output-dir "$out"
  done
done

# One line per public symbol and per conformance of a public type; `undocumented` lists the
# public symbols written in the source (not synthesized, such as a raw-value enum's
# `init(rawValue:)`) without a doc comment of their own; `paths` lists the symbols' paths.
# On an internal-level graph ($graph == "internal") only the public underscored symbols count:
# those with a path component that starts with `_`, public or open, and in no declaration of
# the graph that is less than public.
reduce='
  def text: [.declarationFragments[]?.spelling] | join("");
  def constraint: .lhs + (if .kind == "sameType" then " == " else ": " end) + .rhs;
  def implicit: . == "Swift.Copyable" or . == "Swift.Escapable"
    or . == "Swift.SendableMetatype" or . == "Swift.BitwiseCopyable";
  def ispublic: IN("public", "open");
  . as $graphs
  | [.[].symbols[]] as $all
  | if $graph == "internal" then
      ($all | map({key: (.pathComponents | join(".")), value: .accessLevel}) | from_entries) as $access
      | [$all[] | select(.accessLevel | ispublic) | select(any(.pathComponents[]; startswith("_")))
          | select(.pathComponents as $path | all(range(1; $path | length);
              $access[$path[:.] | join(".")] // "public" | ispublic))]
    else $all end
  | . as $symbols
  | ($symbols | map({key: .identifier.precise, value: (.pathComponents | join("."))}) | from_entries) as $paths
  | if $mode == "undocumented" then
      $symbols[] | select(.docComment == null and .location != null)
        | (.pathComponents | join(".")) + " | " + text
    elif $mode == "paths" then
      $symbols[] | .pathComponents | join(".")
    else
      ($symbols[]
        | (.pathComponents | join(".")) + " | " + text
          + ((.swiftExtension.constraints // []) | if length > 0 then " [where "
              + (map(constraint) | join(", ")) + "]" else "" end)),
      (if $graph == "internal" then empty else [$graphs[].relationships[]?] end | .[]
        | select(.kind == "conformsTo" or .kind == "inheritsFrom")
        | select($paths[.source] != null)
        | ($paths[.target] // .targetFallback // .target) as $target
        | select($target | implicit | not)
        | $paths[.source] + " : " + $target
          + ((.swiftConstraints // []) | if length > 0 then " [where "
              + (map(constraint) | join(", ")) + "]" else "" end))
    end'

status=0

# api/underscored.txt's entries, without comments and blank lines: `Module.path | reason`.
grep -v -e '^#' -e '^[[:space:]]*$' "$allowed" >"$listing/underscored.entries" || true
if grep -v -E '^[A-Za-z0-9_]+\.[^ ]+ \| .*[^ ]' "$listing/underscored.entries" \
  >"$listing/underscored.malformed"; then
  echo "api-check: lines of $allowed that are not \`Module.path | why it is public\`:" >&2
  sed 's/^/  /' "$listing/underscored.malformed" >&2
  status=1
fi
sed 's/ | .*//' "$listing/underscored.entries" | LC_ALL=C sort -u >"$listing/underscored.allowed"
: >"$listing/underscored.found"

for module in "${modules[@]}"; do
  files=("$graphs/$module.symbols.json")
  for extra in "$graphs/$module@"*.symbols.json; do [[ -f "$extra" ]] && files+=("$extra"); done
  internal=("$internal_graphs/$module.symbols.json")
  for extra in "$internal_graphs/$module@"*.symbols.json; do
    [[ -f "$extra" ]] && internal+=("$extra")
  done
  {
    jq -rs --arg graph public --arg mode listing "$reduce" "${files[@]}"
    jq -rs --arg graph internal --arg mode listing "$reduce" "${internal[@]}"
  } | LC_ALL=C sort -u >"$listing/$module.txt"
  {
    jq -rs --arg graph public --arg mode undocumented "$reduce" "${files[@]}"
    jq -rs --arg graph internal --arg mode undocumented "$reduce" "${internal[@]}"
  } | LC_ALL=C sort -u >"$listing/$module.undocumented"
  jq -rs --arg graph internal --arg mode paths "$reduce" "${internal[@]}" | sed "s/^/$module./" \
    >>"$listing/underscored.found"
  if [[ -s "$listing/$module.undocumented" ]]; then
    echo "api-check: public declarations of $module without a doc comment:" >&2
    sed 's/^/  /' "$listing/$module.undocumented" >&2
    status=1
  fi
  expected=api/$module.txt
  if [[ -n $suffix && -f api/$module$suffix.txt ]]; then expected=api/$module$suffix.txt; fi
  if [[ $mode == write && -z $suffix ]]; then
    cp "$listing/$module.txt" "api/$module.txt"
  elif [[ $mode == write ]]; then
    # Without the trait: a listing of its own only where the API differs.
    if cmp -s "$listing/$module.txt" "api/$module.txt"; then
      rm -f "api/$module$suffix.txt"
    else
      cp "$listing/$module.txt" "api/$module$suffix.txt"
    fi
  elif ! diff -u "$expected" "$listing/$module.txt" >&2; then
    echo "api-check: the public API of $module is not $expected (run Scripts/api-check.sh${suffix:+ --portable}" \
      "and commit api/ if the change is on purpose)" >&2
    status=1
  fi
done

LC_ALL=C sort -u -o "$listing/underscored.found" "$listing/underscored.found"
if LC_ALL=C comm -23 "$listing/underscored.found" "$listing/underscored.allowed" \
  | grep . >"$listing/underscored.unlisted"; then
  echo "api-check: public declarations whose names start with an underscore, not in $allowed" \
    "(make them internal, rename them, or add \`Module.path | why it is public\` there):" >&2
  sed 's/^/  /' "$listing/underscored.unlisted" >&2
  status=1
fi
if LC_ALL=C comm -13 "$listing/underscored.found" "$listing/underscored.allowed" \
  | grep . >"$listing/underscored.stale"; then
  echo "api-check: lines of $allowed that name no public declaration:" >&2
  sed 's/^/  /' "$listing/underscored.stale" >&2
  status=1
fi
if [[ $mode == write ]]; then echo "api-check: wrote api/ for the build${suffix:+ without the Libsodium trait}" >&2; fi
exit $status
