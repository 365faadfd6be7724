#!/bin/sh
# The bot's level ladder: each level against the one below, and the top level
# against the greedy and mobility players; 200 games each over XOT openings,
# both colours each. Levels 6–10 get a node budget a move (doubling by level)
# so the run is reproducible and finishes on a shared machine.
# Usage: tests/bench/bot-matches.sh [path/to/virada] [lane]   (lane: 1, 2 or all)
set -e
V=${1:-target/release/virada}
LANE=${2:-all}
cap() { case $1 in 6) echo level:6@12000;; 7) echo level:7@25000;; 8) echo level:8@50000;;
  9) echo level:9@100000;; 10) echo level:10@200000;; *) echo level:$1;; esac; }
run() { "$V" match "$1" "$2" --games 200 2>/dev/null; }
if [ "$LANE" = 1 ] || [ "$LANE" = all ]; then
  run "$(cap 1)" greedy
  for n in 2 3 4 5 6 7 8; do run "$(cap $n)" "$(cap $((n - 1)))"; done
  run "$(cap 10)" greedy
fi
if [ "$LANE" = 2 ] || [ "$LANE" = all ]; then
  run "$(cap 10)" mobility
  run "$(cap 9)" "$(cap 8)"
  run "$(cap 10)" "$(cap 9)"
fi
