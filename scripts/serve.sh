#!/usr/bin/env bash
# Builds the release bundle and serves the demo; prints the URL (PORT=8080 by default).
#
# The demo answers as soon as the `media` build (every kind, and the players) is made: until the
# others are, the server stands `media` in for them (scripts/static-server.mjs --stand-in). The other
# builds, the report and studio pages' and then the book finish in the background, logged to
# target/serve.log. A second run finds every build up to date and answers in seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
export GLOSSA_NO_BOOK=1
scripts/build.sh media
mkdir -p target
(
  scripts/build.sh choice number grid labels rating listen full relations report prerender studio
  unset GLOSSA_NO_BOOK
  scripts/setup.sh build
  echo "serve: every build and the book are made"
) >target/serve.log 2>&1 &
echo "serve: the other builds and the book finish in the background (target/serve.log)"
exec node scripts/static-server.mjs . --stand-in
