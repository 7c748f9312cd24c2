# Sourced by the bench scripts: a generated log is reused only while the generator that
# made it is unchanged. Every log carries a stamp (FILE.generator) holding a fingerprint
# of the generator's sources; a log without one, or with another, is made again. (A fix
# to `vectors log` once left months-old logs of the wrong length in the cache.)
#
#   ensure_generated_log BINARY FILE ARGS...   (ARGS go to `BINARY vectors log`)

generator_fingerprint() {
  cat Sources/RedoConformKit/Fixtures/*.swift | sha256sum | cut -c1-16
}

ensure_generated_log() {
  local bin="$1" file="$2"
  shift 2
  local stamp
  stamp=$(generator_fingerprint)
  if [ -s "$file" ] && [ "$(cat "$file.generator" 2>/dev/null)" = "$stamp" ]; then
    return 0
  fi
  rm -f "$file" "$file.generator"
  "$bin" vectors log "$@" --out "$file.tmp" && mv "$file.tmp" "$file" && echo "$stamp" > "$file.generator"
}
