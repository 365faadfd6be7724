#!/usr/bin/env bash
# The server's work a move in instructions, which the machine's other work
# does not move (docs/load.md, "Where a game clock's move went"): starts
# BIN's `virada serve` under Valgrind's callgrind on a scratch folder, loads
# it with `virada load` (20 tables at 2 moves a second for 20 s by default)
# at CLOCK, stops it, and prints the instructions a move of the table's
# actor, its state frame, the store's thread and SHA-256. With SIDE `client`
# the server runs as it is and the load generator runs under callgrind: its
# instructions a move in all, and those reading the frames (serde_json).
#
#   scripts/load-instructions.sh target/release/virada 180+2 [TABLES] [SECONDS] [server|client]
set -euo pipefail
BIN=$(realpath "$1")
CLOCK=$2
TABLES=${3:-20}
SECONDS_OF_MOVES=${4:-20}
SIDE=${5:-server}
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
mkdir -p "$DIR/root"
SERVE_UNDER=(valgrind --tool=callgrind --callgrind-out-file="$DIR/out.cg")
LOAD_UNDER=()
if [ "$SIDE" = client ]; then LOAD_UNDER=("${SERVE_UNDER[@]}"); SERVE_UNDER=(); fi
"${SERVE_UNDER[@]}" "$BIN" serve --port 0 --host 127.0.0.1 \
  --no-site --root "$DIR/root" --data "$DIR/data" --tables-per-address 0 --max-connections 10000 >"$DIR/serve.txt" 2>&1 &
SERVER=$!
for _ in $(seq 600); do grep -q Serving "$DIR/serve.txt" && break; sleep 0.2; done
URL=$(grep -o 'http://127.0.0.1:[0-9]*' "$DIR/serve.txt" | head -1)
"${LOAD_UNDER[@]}" "$BIN" load --url "$URL" --tables "$TABLES" --rate 2 --duration "$SECONDS_OF_MOVES" --timeout 30 --clock "$CLOCK" >"$DIR/load.txt" 2>&1
kill -INT "$SERVER"
for _ in $(seq 100); do kill -0 "$SERVER" 2>/dev/null || break; sleep 0.2; done
kill "$SERVER" 2>/dev/null || true
wait "$SERVER" || true
MOVES=$(grep -o '[0-9]* seen by both' "$DIR/load.txt" | head -1 | cut -d' ' -f1)
grep 'moves:' "$DIR/load.txt"
if [ "$SIDE" = client ]; then
  TOTAL=$(callgrind_annotate "$DIR/out.cg" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
  echo "$TOTAL $MOVES" | awk '{ printf "%-40s %8.1f k instructions a move\n", "the load generator, in all", $1 / $2 / 1000 }'
  callgrind_annotate --inclusive=yes "$DIR/out.cg" 2>/dev/null | awk -v moves="$MOVES" '
    function show(name) { printf "%-40s %8.1f k instructions a move\n", name, $1 / moves / 1000 }
    { gsub(",", "", $1) }
    /serde_json::de::from_str.*\[/ && !json { json = 1; show("reading frames (serde_json::from_str)") }'
  exit 0
fi
callgrind_annotate --inclusive=yes "$DIR/out.cg" 2>/dev/null | awk -v moves="$MOVES" '
  function show(name) { printf "%-40s %8.1f k instructions a move\n", name, $1 / moves / 1000 }
  { gsub(",", "", $1) }
  /Actor::on_command::\{\{closure\}\} \[/ { show("the table'\''s actor (Actor::on_command)") }
  /show::.*state_frame \[/ { show("the state frame") }
  /sqlite::apply \[/ { show("the store'\''s thread (sqlite::apply)") }
  /sha256::compress256 \[/ { show("SHA-256 (compress256)") }'
