#!/usr/bin/env bash
# Trains the evaluation from self-play (docs/training.md): games played by
# the engine and solved exactly near the end, each position labelled by the
# playing search blended with the game's result (round 1), then rounds of
# relabelling by search on the latest weights and fitting every stage.
#
#   scripts/train-eval.sh DIR [GAMES] [ROUNDS] [DEPTH] [STAGES]
#
# DIR keeps everything (data files are large and stay out of the repository);
# GAMES per process (two processes, one a core; default 48000, about 2.5
# million positions each); ROUNDS of fitting (default 1: the labels `gen`
# writes); DEPTH of the playing and labelling search (default 6); STAGES the
# game is cut into (default 12). Every step is seeded and resumable: run the
# same command again after a stop and it goes on where it was (a finished
# step is skipped). The result is DIR/round-ROUNDS.vrdw; copy it to
# crate/weights/eval.vrdw to ship it.
set -euo pipefail
dir=${1:?usage: scripts/train-eval.sh DIR [GAMES] [ROUNDS] [DEPTH] [STAGES]}
games=${2:-48000}
rounds=${3:-1}
depth=${4:-6}
stages=${5:-12}
solve_at=16
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$root/target/release/virada
openings=$root/tests/data/xot-openings.txt
cargo build --release -p virada-cli --bin virada --manifest-path "$root/Cargo.toml"
mkdir -p "$dir"
cd "$dir"
[ -f base.vrdw ] || cp "$root/crate/weights/eval.vrdw" base.vrdw

# Games: numbers 1000000.. and 2000000.., solved exactly from 16 empties;
# labels-1 holds round 1's labels (the playing search, a quarter result).
if [ ! -f games.bin ]; then
  pids=()
  for k in 1 2; do
    "$bin" train gen --out "games-$k.bin" --labels "labels-1-$k.bin" \
      --first $((k * 1000000)) --games "$games" --depth "$depth" \
      --solve-at "$solve_at" --openings "$openings" --weights base.vrdw 2> "games-$k.log" &
    pids+=($!)
  done
  # Each process's own status: a failed one stops the script (see its log).
  for pid in "${pids[@]}"; do wait "$pid"; done
  cat labels-1-1.bin labels-1-2.bin > labels-1.bin
  cat games-1.bin games-2.bin > games.bin.part
  mv games.bin.part games.bin
fi

weights=base.vrdw
for round in $(seq 1 "$rounds"); do
  if [ ! -f "round-$round.vrdw" ]; then
    if [ "$round" -gt 1 ]; then
      "$bin" train label games.bin --out "labels-$round.bin" --weights "$weights" \
        --depth "$depth" --exact "$solve_at" --outcome 0.25 --threads 2
    fi
    "$bin" train fit "labels-$round.bin" --out "round-$round.vrdw.part" --stages "$stages" \
      --init "$weights" --compare base.vrdw --threads 2 2> "fit-$round.log"
    mv "round-$round.vrdw.part" "round-$round.vrdw"
    tail -n "$((stages + 4))" "fit-$round.log"
  fi
  weights=round-$round.vrdw
done
echo "trained: $dir/$weights"
