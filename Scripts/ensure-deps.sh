#!/usr/bin/env bash
# Installs what redo-conform needs from the system when it is missing: libsodium
# (Debian's libsodium-dev) and pkg-config, through which SwiftPM finds it.
# Safe to run again: it does nothing when both are present.
set -euo pipefail

if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libsodium; then
  exit 0
fi

echo "redo-conform: installing libsodium-dev and pkg-config (Debian packages)..." >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libsodium-dev pkg-config >/dev/null
pkg-config --exists libsodium || { echo "redo-conform: libsodium still not found by pkg-config" >&2; exit 2; }
