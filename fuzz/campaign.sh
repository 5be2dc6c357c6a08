#!/usr/bin/env bash
# Runs fuzz targets one after another, each until it has executed RUNS inputs (default
# 10 million) or MAX seconds have passed (default 3600), at the lowest CPU priority.
# Logs go to fuzz/logs/TARGET.log; the last lines of each log hold libFuzzer's final stats
# (stat::number_of_executed_units, stat::peak_rss_mb, …). libFuzzer's per-input timeout is
# wall-clock time, which at the lowest priority measures the machine's load rather than the
# input: it is 600 s here (FUZZ_TIMEOUT overrides it), still a bound on hangs.
#   bash fuzz/campaign.sh [RUNS] [MAX] TARGET...
set -uo pipefail
cd "$(dirname "$0")"
runs="${1:-10000000}"; max="${2:-3600}"; shift 2
mkdir -p logs
# Lowest priority for the whole session: under Linux autogroups `nice` alone only ranks
# processes within one session, so lower the session's group too (when allowed).
echo 19 > /proc/self/autogroup 2>/dev/null || true
for t in "$@"; do
    echo "$(date -u +%FT%TZ) start $t" >> logs/campaign.log
    FUZZ_TIMEOUT="${FUZZ_TIMEOUT:-600}" nice -n 19 bash run.sh "$t" "$max" -runs="$runs" > "logs/$t.log" 2>&1
    rc=$?
    echo "$(date -u +%FT%TZ) end $t rc=$rc $(grep -h 'stat::number_of_executed_units' "logs/$t.log" | tail -1)" >> logs/campaign.log
done
