#!/usr/bin/env bash
# Trains the evaluation from self-play (docs/engine.md, "Training the
# evaluation"): games played and solved by the engine, then rounds of
# labelling by search on the latest weights and fitting every stage.
#
#   scripts/train-eval.sh DIR [GAMES] [ROUNDS] [DEPTH]
#
# DIR keeps everything (data files are large and stay out of the repository);
# GAMES per process (two processes, one a core; default 2500); ROUNDS of
# label + fit (default 2); DEPTH of the labelling search (default 6). Every
# step is seeded and resumable: run the same command again after a stop and
# it goes on where it was (a finished step is skipped). The result is
# DIR/round-ROUNDS.vrdw; copy it to crate/weights/eval.vrdw to ship it.
set -euo pipefail
dir=${1:?usage: scripts/train-eval.sh DIR [GAMES] [ROUNDS] [DEPTH]}
games=${2:-2500}
rounds=${3:-2}
depth=${4:-6}
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$root/target/release/virada
openings=$root/tests/data/xot-openings.txt
cargo build --release -p virada-cli --bin virada --manifest-path "$root/Cargo.toml"
mkdir -p "$dir"
cd "$dir"
[ -f base.vrdw ] || cp "$root/crate/weights/eval.vrdw" base.vrdw

# Games: numbers 0.. and 100000.., solved exactly from 20 empties.
for k in 0 1; do
  "$bin" train gen --out "games-$k.bin" --first $((k * 100000)) --games "$games" \
    --solve-at 20 --openings "$openings" --weights base.vrdw 2> "games-$k.log" &
done
wait
cat games-0.bin games-1.bin > games.bin

weights=base.vrdw
for round in $(seq 1 "$rounds"); do
  if [ ! -f "round-$round.vrdw" ]; then
    "$bin" train label games.bin --out "labels-$round.bin" --weights "$weights" \
      --depth "$depth" --exact 20 --outcome 0.25 --threads 2
    "$bin" train fit "labels-$round.bin" --out "round-$round.vrdw.part" \
      --init "$weights" --compare base.vrdw 2> "fit-$round.log"
    mv "round-$round.vrdw.part" "round-$round.vrdw"
    tail -n 8 "fit-$round.log"
  fi
  weights=round-$round.vrdw
done
echo "trained: $dir/$weights"
