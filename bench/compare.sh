#!/usr/bin/env bash
# Builds the release bundle, installs the peers (SurveyJS, jsPsych) into bench/node_modules,
# and prints the comparison tables. Not part of the tests. Usage: bench/compare.sh [runs=10] [first-screen runs=7]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
[ -d bench/node_modules/survey-core ] || (cd bench && npm ci --no-audit --no-fund --loglevel=error)
scripts/build.sh >/dev/null
node bench/compare.mjs "${1:-10}"
# The first screen on every page `glossa host` writes and on a `mount()` page, beside the
# peers, on loopback and on a phone's network (the chapter's "first screen" table).
node bench/first-screen.mjs "${2:-7}"
