#!/usr/bin/env bash
# Prints raw and gzip (-9) bytes of each file of the bundle, and the total.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(find www/pkg -type f \( -name '*.wasm' -o -name '*.js' \) | sort; echo www/glossa.js; echo www/glossa.css)
printf '%-58s %10s %10s\n' file raw gzip
raw_total=0; gz_total=0
for f in "${files[@]}"; do
  raw=$(wc -c <"$f"); gz=$(gzip -9c "$f" | wc -c)
  raw_total=$((raw_total + raw)); gz_total=$((gz_total + gz))
  printf '%-58s %10d %10d\n' "$f" "$raw" "$gz"
done
printf '%-58s %10d %10d\n' total "$raw_total" "$gz_total"
