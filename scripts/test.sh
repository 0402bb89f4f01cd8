#!/usr/bin/env bash
# Runs every test: native (core + CLI), in-browser components (wasm-bindgen-test in headless
# Chromium), and end to end (Playwright over the served release bundle).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test

echo "== native: core and CLI (cargo test --no-default-features)"
cargo test --no-default-features --quiet

echo "== browser: components (wasm-bindgen-test, headless Chromium)"
CHROMEDRIVER=/usr/bin/chromedriver WASM_BINDGEN_TEST_TIMEOUT=120 \
  cargo test --target wasm32-unknown-unknown --test browser

echo "== end to end: Playwright over the release bundle"
scripts/build.sh
(cd tests/e2e && node --test --test-reporter=spec --test-concurrency=1 *.test.mjs)
