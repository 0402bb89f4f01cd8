#!/usr/bin/env bash
# Builds the release bundle and serves the demo; prints the URL (PORT=8080 by default).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
command -v node >/dev/null || { sudo_=""; [ "$(id -u)" -eq 0 ] || sudo_=sudo; $sudo_ apt-get update -qq && $sudo_ apt-get install -y -qq nodejs >/dev/null; }
exec node scripts/static-server.mjs .
