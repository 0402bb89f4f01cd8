#!/usr/bin/env bash
# Benchmark (not a test): JSON text against serde-wasm-bindgen (JS objects) at the JS boundary.
# Builds the `full` build with the bench-only functions of src/host/boundary_bench.rs into
# target/bench/boundary/, then times reading a spec and an item and handing a document back
# both ways, and prints the bytes serde-wasm-bindgen adds. Usage: bench/boundary.sh [runs=200]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
scripts/build.sh boundary >/dev/null
[ -f www/pkg/full/glossa_bg.wasm ] || scripts/build.sh full >/dev/null
node bench/boundary.mjs "${1:-200}"
