#!/usr/bin/env bash
# The crates have no `unsafe`, so no sanitizer (-s none): 3-10x more executions.
# Runs one fuzz target for SECONDS (default 300) with the saved regression inputs as seeds.
#   bash fuzz/run.sh TARGET [SECONDS] [extra libFuzzer flags...]
set -euo pipefail
cd "$(dirname "$0")"
t="$1"; secs="${2:-300}"; shift; [ $# -gt 0 ] && shift
mkdir -p "corpus/$t" "artifacts/$t"
seeds="../tests/data/fuzz/$t"
RUSTC_BOOTSTRAP=1 cargo fuzz run -a -s none "$t" "corpus/$t" "$seeds" -- \
    -max_total_time="$secs" -rss_limit_mb=2048 -malloc_limit_mb=1024 -timeout=10 \
    -print_final_stats=1 "$@"
