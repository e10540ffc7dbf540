#!/usr/bin/env bash
# The `layoutlint` pre-commit hook (language: swift) for real: `pre-commit try-repo` builds layoutlint from this
# repository's sources (a release build with swift-syntax: about 16 min alone on 2 cores, BENCHMARKS.md "Build
# cost") and runs it on a scratch repository with a staged bad document.
# Needs Swift, libjson-c-dev and swift-argument-parser reachable (network or a git mirror). See run-precommit.sh.
exec env LAYOUTLINT_PRECOMMIT_SWIFT=only "$(dirname "$0")/run-precommit.sh" "$@"
