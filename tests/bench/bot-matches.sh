#!/bin/sh
# The bot's level ladder as reported in README.md (the bot): each level against
# the one below, and the top level against the greedy and mobility players;
# 200 games each over XOT openings, both colours each. Levels 6–10 play with a
# node budget a move (`level:N@NODES`) so that the run is reproducible and
# finishes on a shared machine.
# Usage: tests/bench/bot-matches.sh [path/to/virada]
set -e
V=${1:-target/release/virada}
run() { "$V" match "$1" "$2" --games 200 2>/dev/null; }
run level:1 greedy
run level:2 level:1
run level:3 level:2
run level:4 level:3
run level:5 level:4
run level:6@12000 level:5
run level:7@25000 level:6@12000
run level:8@50000 level:7@25000
run level:9@20000 level:8@10000
run level:10@40000 level:9@20000
run level:10@20000 greedy
run level:10@20000 mobility
