#!/usr/bin/env bash
# Installs what building and testing Glossa needs, skipping whatever is already present.
# Usage: scripts/setup.sh [build|test]   (build: Rust side only; test: also the three browser
# engines and their drivers, the e2e npm packages, and the Python reference for agreement)
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-test}
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
say() { echo "setup: $*"; }

# The wasm-bindgen version pinned in Cargo.toml (`wasm-bindgen = { version = "=X.Y.Z" ...`).
WB_VERSION=$(sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p' Cargo.toml)

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WB_VERSION" ]; then
  say "installing wasm-bindgen-cli $WB_VERSION"
  cargo install wasm-bindgen-cli --version "$WB_VERSION" --force
fi

apt_missing=()
command -v wasm-opt >/dev/null || apt_missing+=(binaryen)
command -v python3 >/dev/null || apt_missing+=(python3)
command -v node >/dev/null || apt_missing+=(nodejs)
command -v npm >/dev/null || apt_missing+=(npm)
if [ "$what" = test ]; then
  [ -x /usr/bin/chromium ] || apt_missing+=(chromium)
  [ -x /usr/bin/chromedriver ] || apt_missing+=(chromium-driver)
  # The other two engines: Firefox ESR, and WebKitGTK's WebDriver (MiniBrowser) under Xvfb.
  command -v firefox-esr >/dev/null || apt_missing+=(firefox-esr)
  command -v WebKitWebDriver >/dev/null || apt_missing+=(webkit2gtk-driver)
  command -v xvfb-run >/dev/null || apt_missing+=(xvfb xauth)
fi
if [ ${#apt_missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${apt_missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${apt_missing[@]}" >/dev/null
fi

# The documentation is an mdBook (docs/): built here, served by the demo at /book/.
# The book (GLOSSA_NO_BOOK=1: scripts/serve.sh makes it after the demo is up).
if [ -z "${GLOSSA_NO_BOOK:-}" ]; then
  if ! mdbook --version 2>/dev/null | grep -q ' v0\.5\.'; then
    say "installing mdbook 0.5 (the book; a few minutes, once)"
    cargo install mdbook --version "^0.5" --locked
  fi
  mdbook build docs >/dev/null 2>&1 || mdbook build docs
fi

# The build minifies the generated wasm-bindgen glue (terser, pinned in scripts/minify).
if [ ! -x scripts/minify/node_modules/.bin/terser ]; then
  say "installing the build's minifier (scripts/minify)"
  (cd scripts/minify && npm ci --no-audit --no-fund --loglevel=error)
fi
# The studio's code editor, bundled at build time (CodeMirror and esbuild, pinned in scripts/studio).
if [ ! -x scripts/studio/node_modules/.bin/esbuild ]; then
  say "installing the studio's editor (scripts/studio: CodeMirror and esbuild)"
  (cd scripts/studio && npm ci --no-audit --no-fund --loglevel=error)
fi

if [ "$what" = test ] && ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
  say "installing python3-venv (for the agreement reference test)"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-venv >/dev/null
fi
if [ "$what" = test ] && ! tests/.venv/bin/python -c 'import krippendorff' 2>/dev/null; then
  say "installing the PyPI krippendorff package into tests/.venv (the reference for tests/alpha.rs)"
  rm -rf tests/.venv
  python3 -m venv tests/.venv
  tests/.venv/bin/pip install --quiet --disable-pip-version-check krippendorff==0.9.0
fi
if [ "$what" = test ] && ! tests/.venv/bin/python -c 'import scipy' 2>/dev/null; then
  say "installing the PyPI scipy package into tests/.venv (the reference for rating statistics: z-scores)"
  tests/.venv/bin/pip install --quiet --disable-pip-version-check scipy==1.17.1
fi
if [ "$what" = test ] && ! tests/.venv/bin/python -c 'import statsmodels, choix' 2>/dev/null; then
  say "installing the PyPI statsmodels and choix packages into tests/.venv (the references for kappa and Bradley-Terry)"
  tests/.venv/bin/pip install --quiet --disable-pip-version-check statsmodels==0.15.0 choix==0.4.1
fi
if [ "$what" = test ] && ! tests/.venv/bin/python -c 'import sklearn' 2>/dev/null; then
  say "installing the PyPI scikit-learn package into tests/.venv (the reference for a model's precision, recall and F1)"
  tests/.venv/bin/pip install --quiet --disable-pip-version-check scikit-learn==1.9.1
fi
if [ "$what" = test ] && ! tests/.venv/bin/python -c 'import scorch.scores' 2>/dev/null; then
  say "installing the PyPI scorch package into tests/.venv (the reference for coreference scores)"
  # (Its own requirements are numpy and scipy, already here, and a command line's: not needed.)
  tests/.venv/bin/pip install --quiet --disable-pip-version-check --no-deps scorch==0.2.0
fi
if [ "$what" = test ] && ! tests/.venv/bin/python -c 'import crowdkit' 2>/dev/null; then
  say "installing the PyPI crowd-kit package into tests/.venv (the reference for Dawid-Skene and MACE)"
  tests/.venv/bin/pip install --quiet --disable-pip-version-check crowd-kit==1.4.2
fi
if [ "$what" = test ] && ! tests/.venv/bin/python -c 'import qualtrics' 2>/dev/null; then
  say "installing the PyPI qualtrics package into tests/.venv (the independent reader of generated .qsf surveys)"
  tests/.venv/bin/pip install --quiet --disable-pip-version-check qualtrics==0.4.2
fi

if [ "$what" = test ] && ! tests/.venv/bin/python -c 'import datasets, huggingface_hub, pyarrow, pandas' 2>/dev/null; then
  say "installing the PyPI datasets package (with pyarrow, pandas and huggingface_hub) into tests/.venv (the readers of exported datasets)"
  tests/.venv/bin/pip install --quiet --disable-pip-version-check datasets==5.2.0 huggingface_hub==2.4.0
fi

if [ "$what" = test ] && ! command -v geckodriver >/dev/null; then
  say "installing geckodriver (Firefox's WebDriver)"
  cargo install geckodriver --locked
fi

if [ "$what" = test ]; then
  # Every package the lock file names must be there (a stale node_modules gets refreshed).
  missing_npm=$(node -e 'const l=require("./tests/e2e/package-lock.json");const fs=require("fs");
    console.log(Object.keys(l.packages).filter(p=>p&&!fs.existsSync("tests/e2e/"+p)).length)')
  if [ "$missing_npm" != 0 ]; then
    say "installing the end-to-end test's npm packages"
    (cd tests/e2e && npm ci --no-audit --no-fund --loglevel=error)
  fi
fi
