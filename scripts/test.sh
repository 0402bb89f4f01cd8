#!/usr/bin/env bash
# Runs every test: native (core + CLI), in-browser components (wasm-bindgen-test in Chromium,
# Firefox and WebKit), end to end (Playwright in Chromium over the served release bundle), and
# the cross-engine tier (every family in Firefox and WebKit over WebDriver, compared with
# Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
# A test run starts from a clean clone: incremental compilation's caches would only take disk.
export CARGO_INCREMENTAL=0

echo "== native: core and CLI (cargo test --no-default-features)"
cargo test --no-default-features --quiet

echo "== native: the test suite's own kind, declared and made in its folder alone (--features test-kind)"
cargo test --no-default-features --features test-kind --quiet --test test_kind

echo "== browser: components (wasm-bindgen-test, headless Chromium)"
CHROMEDRIVER=/usr/bin/chromedriver WASM_BINDGEN_TEST_TIMEOUT=120 \
  cargo test --target wasm32-unknown-unknown --test browser

echo "== browser: components in Firefox (geckodriver, headless)"
GECKODRIVER=$(command -v geckodriver) WASM_BINDGEN_TEST_TIMEOUT=120 \
  cargo test --target wasm32-unknown-unknown --test browser

echo "== browser: components in WebKit (WebKitWebDriver + MiniBrowser under Xvfb)"
SAFARIDRIVER=$(command -v WebKitWebDriver) WASM_BINDGEN_TEST_TIMEOUT=120 WEBKIT_SKIA_CPU_PAINTING_THREADS=0 \
  xvfb-run -a -s "-screen 0 1280x1024x24" cargo test --target wasm32-unknown-unknown --test browser

echo "== end to end: Playwright over the release bundle"
scripts/build.sh
# The Python wheel of those builds and the CLI the native step compiled (tests/e2e/wheel.test.mjs).
scripts/package.sh --profile dev --out target/wheels-test
(cd tests/e2e && node --test --test-reporter=spec --test-concurrency=1 *.test.mjs)

echo "== cross-engine: every family in Firefox and WebKit, compared with Chromium"
(cd tests/engines && node --test --test-reporter=spec --test-concurrency=1 *.test.mjs)
