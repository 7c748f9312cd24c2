#!/usr/bin/env bash
# Protocol tables drift check: every peer (Peers/web, Peers/jvm, Peers/python) prints the
# tables its own checks use — codes and precedence, actions and parent counts, reserved
# names, field lists, MERGE names, limits — and Peers/tables-check.mjs compares each
# section with Vectors/protocol-tables.json, which redo-conform writes from its rule
# catalog. Needs node, java 17 (javac) and python3 (standard library only).
#
#   bash Scripts/peer-tables.sh [--tables FILE] [--peer web|jvm|python]...
#
# Exit status: 0 every printed section agrees; 1 a section differs or a peer cannot print
# its tables; 2 usage or an unreadable tables file.
set -euo pipefail
cd "$(dirname "$0")/.."
exec node Peers/tables-check.mjs "$@"
