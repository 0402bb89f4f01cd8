#!/usr/bin/env bash
# Prints raw and gzip (-9) bytes of what a host page loads for each participant build (its wasm,
# its wasm-bindgen glue and snippet, glossa.js, its stylesheet, the UI strings of one language:
# counted as the largest of them; the builds with media also load that language's media strings,
# www/strings/media/, and those with relations its relations strings, www/strings/relations/),
# and each build's total.
set -euo pipefail
cd "$(dirname "$0")/.."
row() { printf '%-58s %10s %10s\n' "$@"; }
row file raw gzip
strings=$(for f in www/strings/*.json; do echo "$(gzip -9c "$f" | wc -c) $f"; done | sort -n | tail -1 | cut -d' ' -f2)
for dir in www/pkg/choice www/pkg/number www/pkg/grid www/pkg/labels www/pkg/rating www/pkg/listen www/pkg/full www/pkg/relations www/pkg/media; do
  [ -d "$dir" ] || continue
  css=www/glossa.css; [ -f "$dir/glossa.css" ] && css="$dir/glossa.css"
  more=(); case "$dir" in */listen|*/media) more+=("www/strings/media/$(basename "$strings")") ;; esac
  case "$dir" in */relations|*/media) more+=("www/strings/relations/$(basename "$strings")") ;; esac
  mapfile -t files < <(find "$dir" -type f \( -name '*.wasm' -o -name '*.js' \) | sort; echo www/glossa.js; echo "$css"; echo "$strings"; printf '%s\n' "${more[@]}" | grep .)
  raw_total=0; gz_total=0
  for f in "${files[@]}"; do
    raw=$(wc -c <"$f"); gz=$(gzip -9c "$f" | wc -c)
    raw_total=$((raw_total + raw)); gz_total=$((gz_total + gz))
    row "$f" "$raw" "$gz"
  done
  row "total ${dir#www/pkg/}" "$raw_total" "$gz_total"
  echo
done
