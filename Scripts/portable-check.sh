#!/usr/bin/env bash
# RedoCrypto and RedoCore as an app without libsodium gets them: the package built without its
# default Libsodium trait (`--disable-default-traits`), where Ed25519 verification is the strict
# swift-crypto verifier's and no system library is linked (docs/portable-build.md). Builds
# every target that way (the tests of every module must compile), then runs the tests of
# RedoCrypto and of RedoCore's validation, identity and live log, and checks the public API of
# that build against api/ (`Scripts/api-check.sh --check --portable`).
#
# The trait flip recompiles the package's own modules in .build (swift-crypto and the other
# dependencies are not rebuilt), and the next default build recompiles them again: CI runs
# this step last.
#
#   bash Scripts/portable-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --disable-default-traits --build-tests
swift test --skip-build --disable-default-traits \
  --filter 'RedoCryptoTests|RedoCoreTests\.(NodeValidatorTests|NodeIDTests|SpecSampleNodeTests|GettingStartedArticleTests|LiveLogArticleTests|TapeTreeParityTests)'
bash Scripts/api-check.sh --check --portable
