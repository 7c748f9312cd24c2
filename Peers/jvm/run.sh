#!/usr/bin/env bash
# Compile the JVM harness (compile.sh) and run it.
#   bash Peers/jvm/run.sh INPUTS.json OUTPUT.json
#   bash Peers/jvm/run.sh --check-numbers FILE
#   bash Peers/jvm/run.sh --verdicts LOG.jsonl
#   bash Peers/jvm/run.sh --state LOG.jsonl [--verdicts-from REPORT.json]
#   bash Peers/jvm/run.sh --tables
set -euo pipefail
classes="$(bash "$(dirname "$0")/compile.sh")"
exec java -cp "$classes" Harness "$@"
