#!/usr/bin/env bash
# Load figure of `qili serve`: /judge requests per second (wrk, keep-alive connections)
# beside `qili judge --cases` cases per second on the same cases, in the same run: the
# public vectors (../shared/vectors: the Fairy-Stockfish chasing cases and the AXF diagram
# cases, 136 lines). Repeats the whole comparison ROUNDS times, alternating, and prints each
# round's figures and ratios (the machine may be shared: compare ratios, not rates).
#
#   bash benches/serve_load.sh [ROUNDS] [SECONDS]     (default 3 rounds of 10 s per figure)
#
# Needs wrk (apt-get install wrk) and ../shared (or QILI_SHARED); builds qili in release mode.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${QILI_SHARED:-$root/../shared}"
rounds="${1:-3}"
secs="${2:-10}"
cargo build --release --quiet --manifest-path "$root/Cargo.toml" --bin qili
qili="$root/target/release/qili"
work="$(mktemp -d)"
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
cat "$shared/vectors/fairy-stockfish-xiangqi-chasing.jsonl" "$shared/vectors/axf-diagrams.jsonl" \
    | grep -v '^\s*$' > "$work/cases.jsonl"
n=$(wc -l < "$work/cases.jsonl")
# The CLI batch: the cases 20 times over, in one process (the --cases loop is sequential).
for _ in $(seq 20); do cat "$work/cases.jsonl"; done > "$work/batch.jsonl"
batch=$(wc -l < "$work/batch.jsonl")

"$qili" serve --addr 127.0.0.1:0 > "$work/serve.out" &
server=$!
for _ in $(seq 50); do grep -q listening "$work/serve.out" 2>/dev/null && break; sleep 0.1; done
url=$(grep -o 'http://[0-9.:]*' "$work/serve.out")
echo "cases: $n (vectors); CLI batch: $batch cases; server: $url; cores: $(nproc)"

# Two figures each: per second of wall-clock time, and per CPU-second of the process(es)
# doing the work (user + system), which depends much less on what else the machine runs.
cli_rate() { # $1 = parallel processes; prints "wall_rate cpu_rate"
    local t
    t=$( { TIMEFORMAT='%R %U %S'; time (
        for _ in $(seq "$1"); do "$qili" judge --cases "$work/batch.jsonl" > /dev/null & done
        wait
    ); } 2>&1 )
    python3 -c "r, u, s = map(float, '$t'.split()); n = $1 * $batch; print(f'{n / r:.1f} {n / (u + s):.1f}')"
}
cpu_ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }
http_rate() { # $1 = wrk threads, $2 = connections; prints wrk's figures and the CPU rate
    local before after out
    # (the leading space lets `field rps` find rps= and not cpu_rps=)
    before=$(cpu_ticks)
    out=$(CASES="$work/cases.jsonl" wrk -t"$1" -c"$2" -d"${secs}s" -s "$root/benches/serve_load.lua" "$url" \
        | grep '^RESULT' | sed 's/^RESULT //')
    after=$(cpu_ticks)
    local n=${out#requests=}; n=${n%% *}
    python3 -c "print(f' $out cpu_rps={$n / (($after - $before) / $(getconf CLK_TCK)):.1f}')"
}
field() { sed "s/.*[ ]$1=\([0-9.]*\).*/\1/" <<< "$2"; }

for r in $(seq "$rounds"); do
    read -r cli1 cpu1 <<< "$(cli_rate 1)"
    h1=$(http_rate 1 1)
    read -r cli2 cpu2 <<< "$(cli_rate 2)"
    h8=$(http_rate 2 8)
    echo "round $r: CLI --cases, 1 process: $cli1 cases/s, $cpu1 cases/CPU-s; 2 processes: $cli2 cases/s, $cpu2 cases/CPU-s"
    echo "round $r: /judge, 1 connection: $h1"
    echo "round $r: /judge, 8 connections (2 wrk threads): $h8"
    python3 -c "
w1, c1, w2, c2 = $cli1, $cpu1, $cli2, $cpu2
h1, hc1 = $(field rps "$h1"), $(field cpu_rps "$h1")
h8, hc8 = $(field rps "$h8"), $(field cpu_rps "$h8")
print(f'round $r: ratios  wall: /judge 1 conn / CLI 1 proc = {h1 / w1:.2f}, /judge 8 conn / CLI 2 procs = {h8 / w2:.2f};'
      f'  per CPU-s: /judge 1 conn / CLI = {hc1 / c1:.2f}, /judge 8 conn / CLI = {hc8 / c1:.2f}')"
done
