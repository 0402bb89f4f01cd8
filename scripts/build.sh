#!/usr/bin/env bash
# Builds the release bundle into www/: release wasm -> wasm-bindgen (--target web) -> wasm-opt -Oz.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build
# Debian's wasm-opt 108 cannot parse the table instructions that reference types bring, so the
# bundle is built without them (wasm-bindgen then keeps its JS-side heap of objects).
RUSTFLAGS="-C target-feature=-reference-types" \
  cargo build --release --lib --target wasm32-unknown-unknown --quiet
rm -rf www/pkg
python3 scripts/strip_target_features.py target/wasm32-unknown-unknown/release/glossa.wasm
wasm-bindgen --target web --no-typescript --out-dir www/pkg \
  target/wasm32-unknown-unknown/release/glossa.wasm
wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types --enable-multivalue --strip-debug --strip-producers \
  -o www/pkg/glossa_bg.wasm www/pkg/glossa_bg.wasm
# The researcher's report page (www/report.html) has a build of its own, without the UI:
# participants never download it.
RUSTFLAGS="-C target-feature=-reference-types" \
  cargo build --release --lib --target wasm32-unknown-unknown --no-default-features --features report-web --quiet
rm -rf www/report-pkg
python3 scripts/strip_target_features.py target/wasm32-unknown-unknown/release/glossa.wasm
wasm-bindgen --target web --no-typescript --out-dir www/report-pkg --out-name report \
  target/wasm32-unknown-unknown/release/glossa.wasm
wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types --enable-multivalue --strip-debug --strip-producers \
  -o www/report-pkg/report_bg.wasm www/report-pkg/report_bg.wasm

scripts/size.sh
