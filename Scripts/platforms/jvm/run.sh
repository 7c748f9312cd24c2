#!/usr/bin/env bash
# Compile the JVM harness (Java 17, standard library only) and run it.
#   bash Scripts/platforms/jvm/run.sh INPUTS.json OUTPUT.json
#   bash Scripts/platforms/jvm/run.sh --check-numbers FILE
# Classes go to .build-jvm/ at the repository root (ignored by git, like .build*/).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
classes="$here/../../../.build-jvm/classes"
mkdir -p "$classes"
javac -encoding UTF-8 -Xlint:all -Werror -d "$classes" "$here"/*.java
exec java -cp "$classes" Harness "$@"
