#!/usr/bin/env bash
# Holds the bench peers to redo-conform's verdicts, record by record, on every node and
# log vector (Peers/peer-parity.mjs): the Node peer (Peers/web/validate-peer.mjs, Node
# built-ins only) and the Python peer (Peers/python/validate_peer.py, whose PyPI packages
# this script installs into .build-bench/venv from Peers/python/requirements.txt).
#
#   bash Scripts/peer-parity.sh [node|python|all] [PEER-PARITY OPTIONS...]    (default all)
#
# PEER-PARITY OPTIONS go to Peers/peer-parity.mjs, e.g. `--log FILE.jsonl --redo
# .build/release/redo-conform` to compare every record of FILE with redo-conform's own
# report as well. Exit status: 0 every verdict agrees, 1 some verdict differs, 2 a peer
# could not be run (e.g. the Python packages could not be installed).
set -euo pipefail
cd "$(dirname "$0")/.."
which="${1:-all}"
case "$which" in
  node|python|all) if [[ $# -gt 0 ]]; then shift; fi ;;
  -*) which=all ;;
  *) echo "usage: peer-parity.sh [node|python|all] [PEER-PARITY OPTIONS...]" >&2; exit 2 ;;
esac

status=0
run() { # run LABEL PEER-COMMAND...
  local label="$1"; shift
  echo "== $label peer"
  node Peers/peer-parity.mjs "${options[@]+"${options[@]}"}" -- "$@" || status=$(( $? > status ? $? : status ))
}
options=("$@")

if [[ "$which" != python ]]; then
  run node node Peers/web/validate-peer.mjs
fi
if [[ "$which" != node ]]; then
  venv=.build-bench/venv
  python="$venv/bin/python"
  if ! "$python" -c 'import rfc8785, nacl.signing' 2> /dev/null; then
    echo "+ python3 -m venv $venv && $python -m pip install -q -r Peers/python/requirements.txt"
    if ! { python3 -m venv "$venv" && "$python" -m pip install -q -r Peers/python/requirements.txt; }; then
      echo "peer-parity.sh: could not install the Python peer's packages into $venv" >&2
      exit 2
    fi
  fi
  run python "$python" Peers/python/validate_peer.py
fi
exit $status
