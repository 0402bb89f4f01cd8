#!/usr/bin/env bash
# Builds the Python wheel `glossa-annotate` (target/wheels/): the `glossa` command line and the
# built site it serves and copies — the participant builds, the pilot, report, review and studio
# pages, the hosts' pages, strings, schemas, the examples with their media, the book, and
# jsPsych's browser build for `glossa host jspsych` — so that `pip install` is all a user needs.
#
# Usage: scripts/package.sh [--profile release|dev] [--out DIR]
#   release (default): the CLI as `cargo install` makes it (optimised, stripped; the wheel to
#   publish). dev: the CLI the test command already compiled, for the packaging test.
# The site comes from the same builds `scripts/serve.sh` makes (scripts/build.sh keeps those
# that are up to date). The wheel is reproducible: its files' times are the last commit's
# (SOURCE_DATE_EPOCH), its platform tag the lowest manylinux the binary's glibc symbols allow
# (maturin's audit), and it prints its size by part.
set -euo pipefail
cd "$(dirname "$0")/.."
profile=release
out=target/wheels
while [ $# -gt 0 ]; do
  case "$1" in
    --profile) profile=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h | --help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "package: unknown argument $1 (--profile release|dev, --out DIR)" >&2; exit 2 ;;
  esac
done
say() { echo "package: $*" >&2; }

# The site: every build, the studio's editor and the book (kept when up to date).
scripts/setup.sh build >&2
scripts/build.sh >&2
[ -f book/index.html ] || { say "no book/index.html after the build"; exit 1; }
if [ ! -f scripts/package/node_modules/jspsych/dist/index.browser.min.js ]; then
  say "installing jsPsych for the wheel (scripts/package)"
  (cd scripts/package && npm ci --no-audit --no-fund --loglevel=error)
fi
# maturin (pinned), in a virtual environment of its own.
venv=target/package-venv
if ! "$venv/bin/maturin" --version 2>/dev/null | grep -q '^maturin 1\.16\.'; then
  say "installing maturin 1.16 (target/package-venv)"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'maturin>=1.16,<1.17'
fi

# The wheel's data: <prefix>/share/glossa-annotate/site once installed (src/bin/glossa/site_dir.rs).
data=target/package/glossa_annotate.data
site=$data/data/share/glossa-annotate/site
rm -rf target/package
mkdir -p "$site/www" "$site/vendor/jspsych"
cp index.html glossa-offline.js "$site/"
# All of www/ but the npm package's own files (the npm package is published on its own).
(cd www && find . -type f ! -name package.json ! -name '*.map' ! -name '*.tmp' -print0) |
  (cd www && xargs -0 cp --parents -t "../$site/www")
cp -r book "$site/book"
cp scripts/package/node_modules/jspsych/dist/index.browser.min.js "$site/vendor/jspsych/"
cp scripts/package/node_modules/jspsych/css/jspsych.css "$site/vendor/jspsych/"
python3 - "$site/vendor/jspsych/NOTICE" <<'PY'
import json, sys
p = json.load(open('scripts/package/node_modules/jspsych/package.json'))
open(sys.argv[1], 'w').write(f"jsPsych {p['version']} ({p.get('homepage', 'https://www.jspsych.org')}), {p['license']} license: index.browser.min.js and jspsych.css, unchanged from npm.\n")
PY

# Every file's time is the last commit's, so two builds of one commit give the same wheel.
epoch=$(git log -1 --format=%ct 2>/dev/null || echo 315532800)
find "$site" -exec touch -h -d "@$epoch" {} +
# The command line alone (no browser layers: `--no-default-features`, as the test command
# builds it, so a dev wheel compiles nothing again); the release one stripped.
flags=(--out "$out" --profile "$profile" --no-default-features --quiet)
[ "$profile" = release ] && flags+=(--strip)
rm -f "$out"/glossa_annotate-*.whl
SOURCE_DATE_EPOCH=$epoch "$venv/bin/maturin" build "${flags[@]}" >&2
wheel=$(ls "$out"/glossa_annotate-*.whl)
python3 - "$wheel" <<'PY'
import sys, zipfile, collections
w = zipfile.ZipFile(sys.argv[1])
parts = collections.OrderedDict()
def part(name):
    if '/site/www/pkg/' in name: return 'participant builds (www/pkg)'
    if '/site/www/examples/' in name: return 'examples and their media'
    if '/site/book/' in name: return 'the book'
    if '/site/www/report-pkg/' in name or '/site/www/prerender-pkg/' in name: return 'report and studio builds'
    if '/site/' in name: return 'pages, hosts, strings, schemas, jsPsych'
    if '.data/scripts/' in name: return 'the glossa program'
    return 'Python module and metadata'
for i in w.infolist():
    k = part(i.filename)
    a = parts.setdefault(k, [0, 0, 0])
    a[0] += 1; a[1] += i.file_size; a[2] += i.compress_size
import os
print(f"{os.path.basename(sys.argv[1])}: {os.path.getsize(sys.argv[1]):,} bytes")
for k, (n, size, packed) in sorted(parts.items(), key=lambda kv: -kv[1][2]):
    print(f"  {k:42} {n:5} files {size:>12,} bytes {packed:>12,} packed")
PY
echo "$wheel"
