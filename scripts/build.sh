#!/usr/bin/env bash
# Builds the participant bundle into www/pkg/, one build per need (glossa.js picks the smallest
# build that has every control and block kind of the spec), and the report page's build into
# www/report-pkg/: size-optimised wasm (profile `wasm`) -> wasm-bindgen (--target web) -> wasm-opt -Oz.
# The builds (choice, number, grid, labels, rating, full), the families each compiles (its
# cargo features) and the kinds each has are www/kinds.json's, made from the declaration of the
# kinds (src/kinds/mod.rs); each build also has strings-data (the UI strings are loaded per
# language from www/strings/, not compiled in), and full the simulated annotators.
# Usage: scripts/build.sh [BUILD ...]   (default: all four and the report)
#
# A build whose inputs (the crate's sources, manifests, these scripts, the stylesheet, the
# tools' versions and its features) have not changed since it was last made is kept as it is:
# a no-op build or `scripts/serve.sh` takes seconds. The four feature sets share one target
# directory (dependencies compile once), so after an edit every build is made again; name the
# one you work on (`scripts/build.sh full`) to make only that. GLOSSA_REBUILD=1 makes all anew.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build

# Debian's wasm-opt 108 cannot parse the table instructions that reference types bring, so the
# bundle is built without them (wasm-bindgen then keeps its JS-side heap of objects).
export RUSTFLAGS="-C target-feature=-reference-types"
# --converge repeats the passes while they still shrink the module (the choice wasm 0.6 KB gzip
# smaller than one -Oz round, for a few seconds per build).
# --low-memory-unused folds a pointer's constant offsets into its loads and stores (the choice
# wasm 3.4 KB, 1.8 KB gzip smaller): Rust's wasm puts the stack first, 1 MB of it growing down to
# address 0, and the data above, so the first 1024 bytes are never addressed (an overflow that
# deep would have failed before).
OPT=(-Oz --converge --low-memory-unused --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
  --enable-mutable-globals --enable-reference-types --enable-multivalue --strip-debug --strip-producers)
WASM=target/wasm32-unknown-unknown/wasm/glossa.wasm

# What every build reads, hashed once per run (see the top of this file).
# (Not src/bin: the command line is no part of a wasm build.)
INPUTS=$( { find src build.rs Cargo.toml Cargo.lock .cargo scripts/build.sh scripts/strip_target_features.py \
    scripts/css_for_build.py scripts/minify/package-lock.json www/glossa.css www/kinds.json -type f -not -path 'src/bin/*' -print0 | sort -z | xargs -0 sha256sum
  rustc --version; wasm-bindgen --version; wasm-opt --version; echo "$RUSTFLAGS"; } | sha256sum | cut -c1-16)
mkdir -p target/build-keys

# replace FILE COMMAND...: FILE becomes COMMAND's output, written beside it and renamed into
# place, and only when it differs (an interrupted build never leaves a file empty or half made).
replace() {
  local file="$1" tmp="$1.tmp.$$"
  shift
  "$@" >"$tmp"
  if cmp -s "$tmp" "$file"; then rm -f "$tmp"; else mv -f "$tmp" "$file"; fi
}

# build OUT_DIR OUT_NAME FEATURES [CSS_BUILD]: with CSS_BUILD, the build's stylesheet is made
# too, before the build is stamped as made.
build() {
  local key="$INPUTS-$(echo "$1 $2 $3" | sha256sum | cut -c1-16)"
  local stamp="target/build-keys/$(echo "$1" | tr / _)"
  if [ -z "${GLOSSA_REBUILD:-}" ] && [ -f "$1/$2_bg.wasm" ] && { [ -z "${4:-}" ] || [ -s "$1/glossa.css" ]; } \
    && [ "$(cat "$stamp" 2>/dev/null)" = "$key" ]; then
    echo "build: $1 is up to date" >&2
    return
  fi
  rm -f "$stamp"
  cargo build --profile wasm --lib --target wasm32-unknown-unknown --no-default-features --features "$3" --quiet
  rm -rf "$1"
  python3 scripts/strip_target_features.py "$WASM"
  wasm-bindgen --target web --no-typescript --out-dir "$1" --out-name "$2" "$WASM"
  wasm-opt "${OPT[@]}" -o "$1/$2_bg.wasm" "$1/$2_bg.wasm"
  # wasm-bindgen writes every inline JS snippet of the crate; a build whose glue imports none
  # (the span painter is the full build's) does not ship them.
  grep -Eq "from ?[\"']\./snippets/" "$1/$2.js" || rm -rf "$1/snippets"
  # The generated glue, minified (names of exports and of the wasm's imports are kept).
  scripts/minify/node_modules/.bin/terser "$1/$2.js" --module --compress --mangle -o "$1/$2.js"
  # The stylesheet's rules for the kinds this build has (media, the last, uses www/glossa.css
  # whole).
  [ -z "${4:-}" ] || replace "$1/glossa.css" python3 scripts/css_for_build.py "$4"
  echo "$key" >"$stamp"
}

# A build's cargo features: strings-data and its families' (www/kinds.json).
features_of() {
  python3 -c 'import json, sys
b = next(b for b in json.load(open("www/kinds.json"))["builds"] if b["name"] == sys.argv[1])
# (The simulated annotators: in full, and in the last build, which has every family.)
print(",".join(["strings-data"] + b["features"] + (["simulate"] if b["controls"] is None or b["name"] == "full" else [])))' "$1"
}
wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=(choice number grid labels rating listen full relations media report prerender studio)
for b in "${wanted[@]}"; do
  case "$b" in
    choice | number | grid | labels | rating | listen | full | relations)
      build "www/pkg/$b" glossa "$(features_of "$b")" "$b" ;;
    media) build www/pkg/media glossa "$(features_of media)" ;;
    # The researcher's report page (www/report.html): the report code alone, without the UI;
    # participants never download it.
    report) build www/report-pkg report report-web ;;
    # The studio's renderer of first screens (the widget's components rendered to HTML, as
    # `glossa host` does natively): loaded when the studio makes a folder, never by participants.
    prerender) build www/prerender-pkg prerender prerender-web ;;
    # The studio's code editor (www/studio.html): CodeMirror 6 from npm (pinned in
    # scripts/studio), bundled by esbuild into www/vendor/, rebuilt when its sources change.
    studio)
      studio_key=$(cat scripts/studio/editor.js scripts/studio/package-lock.json | sha256sum | cut -c1-16)
      if [ -f www/vendor/codemirror.js ] && [ "$(cat target/build-keys/studio 2>/dev/null)" = "$studio_key" ]; then
        echo "build: www/vendor/codemirror.js is up to date" >&2
      else
        scripts/studio/node_modules/.bin/esbuild scripts/studio/editor.js --bundle --format=esm --minify \
          --legal-comments=eof --log-level=warning --outfile=www/vendor/codemirror.js
        echo "$studio_key" >target/build-keys/studio
      fi ;;
    # Benchmark only (bench/boundary.sh): the full build with the JS-boundary probes; never in www.
    boundary) build target/bench/boundary glossa strings-data,bench-boundary,numbers,grids,marking,labels,ratings ;;
    *) echo "unknown build: $b (choice, number, grid, labels, rating, listen, full, relations, media, report, studio, boundary)" >&2; exit 2 ;;
  esac
done
# Builds from before the split (www/pkg/glossa.js) would be served stale: remove them.
rm -rf www/pkg/glossa.js www/pkg/glossa_bg.wasm www/pkg/snippets
# The site's files as the studio's host folders take them (what `glossa host` copies from a
# folder, listed for a browser that cannot list one).
python3 - <<'PY'
import json, os
files = [p for p in ('index.html', 'glossa-offline.js', 'www/glossa.js', 'www/glossa.css', 'www/first-screen.js', 'www/first-paint.js') if os.path.isfile(p)]
for d in ('www/pkg', 'www/strings', 'www/hosts', 'www/report-pkg'):
    for root, _, names in os.walk(d):
        files += [os.path.join(root, n).replace(os.sep, '/') for n in names]
# (Written beside it and renamed into place, and only when the list changed.)
text = json.dumps(sorted(files), indent=0)
try:
    same = open('www/site-files.json').read() == text
except OSError:
    same = False
if not same:
    with open('www/site-files.json.tmp', 'w') as f:
        f.write(text)
    os.replace('www/site-files.json.tmp', 'www/site-files.json')
PY

scripts/size.sh
