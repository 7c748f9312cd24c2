#!/usr/bin/env bash
# Compile the JVM harness and the Java harness kit it runs on (Java 17, standard library
# only, warnings are errors) into .build-jvm/classes at the repository root (ignored by
# git, like .build*/), and print that folder. run.sh and check-log.sh call it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
classes="$(cd "$here/../.." && pwd)/.build-jvm/classes"
mkdir -p "$classes"
javac -encoding UTF-8 -Xlint:all -Werror -d "$classes" "$here"/*.java "$here/../kits/java/RedoHarness.java"
echo "$classes"
