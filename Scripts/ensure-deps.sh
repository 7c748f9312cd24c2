#!/usr/bin/env bash
# Installs what redo-conform needs from the system when it is missing: libsodium
# (Debian's libsodium-dev) and pkg-config, through which SwiftPM finds it. Scripts that
# need more name the commands: `ensure-deps.sh jq` also installs jq when it is missing.
# Safe to run again: it does nothing when everything is present.
set -euo pipefail

missing=()
if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libsodium; then
  missing+=(libsodium-dev pkg-config)
fi
for tool in "$@"; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "redo-conform: installing ${missing[*]} (Debian packages)..." >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
pkg-config --exists libsodium || { echo "redo-conform: libsodium still not found by pkg-config" >&2; exit 2; }
for tool in "$@"; do
  command -v "$tool" >/dev/null 2>&1 || { echo "redo-conform: $tool still not found" >&2; exit 2; }
done
