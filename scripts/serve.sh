#!/usr/bin/env bash
# Builds the release bundle and serves the demo; prints the URL (PORT=8080 by default).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh

exec node scripts/static-server.mjs .
