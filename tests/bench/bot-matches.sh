#!/bin/sh
# The bot's level ladder as reported in docs/engine.md (Matches): each level against
# the one below, and the top level against the greedy and mobility players;
# 200 games each over the first 100 XOT openings, both colours each. Levels
# 1–9 play as in the browser (6–9 on their own node budgets); level 10, which
# the browser gives 1 s a move, plays on 1,000,000 nodes a move (about 0.62 s
# of WebAssembly in Node on the machine measured, see tests/bench/wasm-bot.mjs),
# and on 20,000 against greedy and mobility. Every match is deterministic.
# Prints each match's result and, from `virada match`'s standard error, each
# engine's nodes and time a move.
# Usage: tests/bench/bot-matches.sh [path/to/virada]
set -e
V=${1:-target/release/virada}
run() { "$V" match "$1" "$2" --games 200 2>&1 | grep -v ' games: '; }
run level:1 greedy
run level:2 level:1
run level:3 level:2
run level:4 level:3
run level:5 level:4
run level:6 level:5
run level:7 level:6
run level:8 level:7
run level:9 level:8
run level:10@1000000 level:9
run level:10@20000 greedy
run level:10@20000 mobility
