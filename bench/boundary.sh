#!/usr/bin/env bash
# Benchmark (not a test): JSON text against serde-wasm-bindgen (JS objects) at the JS boundary.
# Builds the `full` build with the bench-only functions of src/host/boundary_bench.rs into
# target/bench/boundary/, then times reading a spec and an item and handing a document back
# both ways, and prints the bytes serde-wasm-bindgen adds. Usage: bench/boundary.sh [runs=200]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
export RUSTFLAGS="-C target-feature=-reference-types"
OPT=(-Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
  --enable-mutable-globals --enable-reference-types --enable-multivalue --strip-debug --strip-producers)
out=target/bench/boundary
cargo build --release --lib --target wasm32-unknown-unknown --no-default-features --features bench-boundary,numbers,grids,marking --quiet
rm -rf "$out"
python3 scripts/strip_target_features.py target/wasm32-unknown-unknown/release/glossa.wasm
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name glossa target/wasm32-unknown-unknown/release/glossa.wasm
wasm-opt "${OPT[@]}" -o "$out/glossa_bg.wasm" "$out/glossa_bg.wasm"
[ -f www/pkg/full/glossa_bg.wasm ] || scripts/build.sh full >/dev/null
node bench/boundary.mjs "${1:-200}"
