#!/usr/bin/env bash
# Benchmark (not a test): from `pip install glossa-annotate` to the first page answering, as a
# new user has it — a fresh virtual environment, the wheel installed from a file (no index), an
# example copied, `glossa serve` started, and its pilot page fetched until it answers. Prints
# each step's seconds. Uses target/wheels/ (scripts/package.sh; built when missing).
# Usage: bench/install.sh [wheel]
set -euo pipefail
cd "$(dirname "$0")/.."
wheel=${1:-$(ls target/wheels/glossa_annotate-*.whl 2>/dev/null | head -1)}
[ -n "$wheel" ] || { scripts/package.sh >/dev/null; wheel=$(ls target/wheels/glossa_annotate-*.whl | head -1); }
wheel=$(realpath "$wheel")
home=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$home"' EXIT
server=
now() { date +%s.%N; }
t0=$(now)
python3 -m venv "$home/venv"
t1=$(now)
"$home/venv/bin/pip" install --quiet --no-index --disable-pip-version-check "$wheel"
t2=$(now)
cd "$home"
PATH="$home/venv/bin:/usr/bin:/bin" glossa examples it-implicit --out study >/dev/null
PATH="$home/venv/bin:/usr/bin:/bin" glossa serve study --port 0 >serve.out 2>&1 &
server=$!
until grep -q 'http://' serve.out 2>/dev/null; do sleep 0.05; done
url=$(grep -o 'http://[^ ]*' serve.out | head -1)
until curl -fsL -o /dev/null "$url"; do sleep 0.05; done
t3=$(now)
s() { awk "BEGIN { printf \"%.1f\", $1 - $2 }"; }
printf '%-46s %6s s\n' "a fresh virtual environment" "$(s "$t1" "$t0")" \
  "pip install (the wheel: $(du -m "$wheel" | cut -f1) MB)" "$(s "$t2" "$t1")" \
  "an example copied, served, the page answering" "$(s "$t3" "$t2")" \
  "pip install to the first page answering" "$(s "$t3" "$t1")" \
  "all of it, the environment included" "$(s "$t3" "$t0")"
echo "($(nproc) cores)"
