#!/usr/bin/env bash
# Builds the release bundle, installs the peers (SurveyJS, jsPsych) into bench/node_modules,
# and prints the comparison table. Not part of the tests. Usage: bench/compare.sh [runs=10]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
[ -d bench/node_modules/survey-core ] || (cd bench && npm ci --no-audit --no-fund --loglevel=error)
scripts/build.sh >/dev/null
node bench/compare.mjs "${1:-10}"
