#!/usr/bin/env bash
# The library (crate/, package `virada`) stays a library: none of the server's
# or the command line's crates among its normal dependencies, for any target
# (tokio, axum, hyper, tower, rusqlite, redis, clap, tracing, and their `-…`
# companions such as hyper-util or tower-http). Those belong to server/ and
# cli/. Run by `make lint`; says nothing when the library is clean.
set -euo pipefail
cd "$(dirname "$0")/.."

forbidden='tokio|axum|hyper|tower|rusqlite|redis|clap|tracing'
tree=$(cargo tree -q -p virada -e normal --target all --prefix none --format '{p}')
found=$(awk '{print $1}' <<<"$tree" | grep -E "^(${forbidden})(-|$)" | sort -u || true)
if [ -n "$found" ]; then
  echo "library-deps: the virada library depends on crates it must not (see cargo tree -p virada -e normal -i NAME):" >&2
  sed 's/^/  /' <<<"$found" >&2
  exit 1
fi
