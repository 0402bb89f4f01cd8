#!/usr/bin/env bash
# Prints raw and gzip (-9) bytes of each file of the bundle, and the total.
set -euo pipefail
cd "$(dirname "$0")/.."
files=(www/pkg/glossa_bg.wasm www/pkg/glossa.js www/glossa.js www/glossa.css)
printf '%-26s %10s %10s\n' file raw gzip
raw_total=0; gz_total=0
for f in "${files[@]}"; do
  raw=$(wc -c <"$f"); gz=$(gzip -9c "$f" | wc -c)
  raw_total=$((raw_total + raw)); gz_total=$((gz_total + gz))
  printf '%-26s %10d %10d\n' "$f" "$raw" "$gz"
done
printf '%-26s %10d %10d\n' total "$raw_total" "$gz_total"
