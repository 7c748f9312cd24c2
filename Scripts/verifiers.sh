#!/usr/bin/env bash
# libsodium's Ed25519 verifier and the strict swift-crypto one (RedoCrypto's Ed25519Verifier,
# the only verifier of a build without the Libsodium trait) must give equal verdicts: checks it
# on random and mutated signatures of every kind VerifierDifferential draws (valid ones, random
# bytes, bit flips in R, S, A and the message, S + nL, small-order, mixed-order and
# non-canonical points), through the release build of redo-bench, on every core. Prints the
# counts: equal verdicts, both accepting, both rejecting; a difference prints the cases and fails.
#
#   bash Scripts/verifiers.sh [--count N] [--seed S] [--jobs N]   (default 1,000,000 from seed 1)
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/ensure-deps.sh
swift build -c release --product redo-bench > /dev/null
case " $* " in
  *" --count "*) exec .build/release/redo-bench verifiers "$@" ;;
  *) exec .build/release/redo-bench verifiers --count 1000000 "$@" ;;
esac
