#!/usr/bin/env bash
# scripts/phase.sh NAME COMMAND…: runs COMMAND and appends its wall time to
# target/test-times/phases.tsv (NAME, seconds, exit status, start and end
# in Unix seconds), for the summary
# `make test` prints at its end (scripts/test-times.mjs). Exits as COMMAND did.
set -uo pipefail
name=$1; shift
dir=${TEST_TIMES:-target/test-times}
mkdir -p "$dir"
start=$(date +%s.%N)
"$@"
status=$?
end=$(date +%s.%N)
awk -v n="$name" -v s="$start" -v e="$end" -v r="$status" \
  'BEGIN { printf "%s\t%.1f\t%d\t%.1f\t%.1f\n", n, e - s, r, s, e }' >>"$dir/phases.tsv"
exit "$status"
