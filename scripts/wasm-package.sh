#!/usr/bin/env bash
# scripts/wasm-package.sh WASM OUT_DIR [--strip] [WASM_OPT_FLAG…]: makes a
# wasm-bindgen package in OUT_DIR from cargo's WASM (for the web), strips
# the glue's comments if asked (scripts/strip-glue-comments.mjs), then
# optimizes it with wasm-opt and these flags.
#
# Skipped when OUT_DIR was made from this very WASM with these arguments:
# a stamp in target/wasm-stamps/ keeps the arguments, and is newer than
# the WASM it was made from. `make wasm` then costs cargo's own check only
# (about 15 s of the warm `make test` went to remaking all five).
set -euo pipefail
cd "$(dirname "$0")/.."
wasm=$1 out=$2
shift 2
strip=0
if [ "${1:-}" = --strip ]; then strip=1; shift; fi
stamp=target/wasm-stamps/$(basename "$out")
said="$wasm $out $strip $* $(wasm-bindgen --version)"
if [ -e "$stamp" ] && [ -e "$out/virada_bg.wasm" ] && [ "$(cat "$stamp")" = "$said" ] \
  && [ ! "$wasm" -nt "$stamp" ] && [ ! "$0" -nt "$stamp" ]; then
  exit 0
fi
rm -f "$stamp"
wasm-bindgen --target web --out-dir "$out" "$wasm"
if [ $strip = 1 ]; then node scripts/strip-glue-comments.mjs "$out/virada.js"; fi
node_modules/.bin/wasm-opt "$@" "$out/virada_bg.wasm" -o "$out/virada_bg.wasm"
mkdir -p target/wasm-stamps
printf '%s' "$said" >"$stamp"
