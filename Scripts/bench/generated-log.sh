# Sourced by the bench scripts: a generated log is reused only while the generator that
# made it is unchanged. Every log carries a stamp (FILE.generator) holding a fingerprint
# of the generator's sources; a log without one, or with another, is made again.
#
#   ensure_generated_log BINARY FILE ARGS...   (ARGS go to `BINARY vectors log`)

generator_fingerprint() {
  # Every source the log generator builds on: the fixtures and the JSON, crypto and core
  # code that writes, hashes and signs the records.
  find Sources/RedoFixtures Sources/RedoJSON Sources/RedoCrypto Sources/RedoCore -name '*.swift' | sort \
    | xargs cat | sha256sum | cut -c1-16
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
