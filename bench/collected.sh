#!/usr/bin/env bash
# After collection at scale: 100,000 results (1,000 items × 100 simulated annotators of the
# English–German MQM study: labelled error spans with a severity each) made by the widget's own
# simulated annotators and result builder (examples/bench_results.rs), then `glossa validate`,
# `export csv`, `agreement` and `report` on them, each timed with its peak memory.
# Not part of the tests. Usage: bench/collected.sh [items=1000] [annotators=100]
set -euo pipefail
cd "$(dirname "$0")/.."
items=${1:-1000}
annotators=${2:-100}
out=${TMPDIR:-/tmp}/glossa-collected-$items-$annotators
spec=www/examples/en-de-mqm/spec.json
command -v /usr/bin/time >/dev/null || apt-get install -y time >/dev/null
cargo build --quiet --release --no-default-features --bin glossa --example bench_results
[ -s "$out/results.jsonl" ] || target/release/examples/bench_results "$spec" www/examples/en-de-mqm/items.json "$out" "$items" "$annotators"
echo "$(wc -l < "$out/results.jsonl") results, $(du -m "$out/results.jsonl" | cut -f1) MB ($(nproc) cores)"
printf '%-12s %9s %12s\n' command seconds "peak MB"
run() {
  local name=$1; shift
  /usr/bin/time -f "%e %M" -o "$out/time" target/release/glossa "$@" > /dev/null 2> "$out/stderr" || true
  read -r secs kb < "$out/time"
  printf '%-12s %9s %12s\n' "$name" "$secs" "$((kb / 1024))"
}
run validate validate "$spec" "$out/items.jsonl" "$out/results.jsonl"
run "export csv" export csv "$spec" "$out/results.jsonl"
run agreement agreement "$spec" "$out/results.jsonl" --items "$out/items.jsonl"
run report report "$spec" "$out/items.jsonl" "$out/results.jsonl" --out "$out/report.html"
