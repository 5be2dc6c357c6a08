#!/usr/bin/env bash
# Runs one fuzz target for SECONDS (default 300), seeded with the saved regression inputs and
# (when ../shared is present) the sample records of that format. See README.md.
#   bash fuzz/run.sh TARGET [SECONDS] [extra libFuzzer flags...]
set -euo pipefail
cd "$(dirname "$0")"
t="$1"; secs="${2:-300}"; shift; [ $# -gt 0 ] && shift
mkdir -p "corpus/$t" "artifacts/$t"
seeds=("../tests/data/fuzz/$t")
samples=""
for d in "${QILI_SHARED:-}" ../../shared ../../../shared; do
    [ -n "$d" ] && [ -d "$d/games/cchess-formats/data" ] && { samples="$d/games/cchess-formats/data"; break; }
done
declare -A ext=([pgn]=pgn [xqf]=xqf [cbr]="cbr cbl" [cbf]=cbf [dhtmlxq]=txt [text]=txt [any]="pgn xqf cbr cbl cbf txt")
if [ -n "$samples" ] && [ -n "${ext[$t]:-}" ]; then
    mkdir -p "corpus/$t-samples"
    for e in ${ext[$t]}; do
        find "$samples" -maxdepth 1 -iname "*.$e" -size -256k -exec cp -n {} "corpus/$t-samples/" \;
    done
    seeds+=("corpus/$t-samples")
fi
# Record inputs are capped at 4 KiB (longer seeds are truncated): the readers' cost grows
# with the input, and small inputs reach the same code far more often.
declare -A maxlen=([pgn]=4096 [xqf]=4096 [cbr]=4096 [cbf]=4096 [dhtmlxq]=4096 [text]=4096 [any]=4096 [large]=4096)
lenflag=()
[ -n "${maxlen[$t]:-}" ] && lenflag=("-max_len=${maxlen[$t]}")
# The targets whose bytes only pick moves by index (judge, movegen) gain nothing from
# comparison tracing, which took two thirds of their time: they are built without it, in a
# target directory of their own so that switching targets does not rebuild everything.
# So is `large`, whose subject is the size of a file (lengths, thresholds, streaming): the
# comparisons of the readers it runs are traced by the per-format targets, and tracing
# took 65% of its time (perf, issue 14).
build=(-a -s none)
case "$t" in
    judge|movegen|large) build+=(--no-trace-compares); export CARGO_TARGET_DIR=target-notrace ;;
esac
# No sanitizer (-s none): the crates have no `unsafe`; -a keeps overflow checks. The
# per-input timeout is wall-clock time: FUZZ_TIMEOUT (seconds, default 10) raises it where the
# fuzzer runs at the lowest priority on a loaded machine (campaign.sh).
RUSTC_BOOTSTRAP=1 cargo fuzz run "${build[@]}" "$t" "corpus/$t" "${seeds[@]}" -- \
    -max_total_time="$secs" -rss_limit_mb=2048 -malloc_limit_mb=1024 -timeout="${FUZZ_TIMEOUT:-10}" \
    -print_final_stats=1 "${lenflag[@]}" "$@"
