#!/usr/bin/env bash
# Abuse figures of `qili serve` before and after (issue 37): 2,000 idle connections,
# slowloris, 8 hung-up heavy requests (and 8 hung-up 16 MiB uploads), 200 partial uploads,
# /judge throughput — the server's peak RSS, how many /health and trivial /judge probes went
# unanswered within 1 s in each phase, and whether the server is alive at the end.
#
#   bash benches/serve_abuse.sh [BEFORE_QILI] [SECONDS]
#
# BEFORE_QILI: a qili binary to compare with (e.g. main's: `git worktree add /tmp/srv-before
# main && cargo build --release --manifest-path /tmp/srv-before/Cargo.toml`); without it
# only this tree's binary is measured. Builds qili in release mode, unless QILI_AFTER names
# the binary to measure as "after" (e.g. target/debug/qili, to compare two builds of the
# same profile without the long release build); Linux (reads /proc).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
before="${1:-}"
secs="${2:-15}"
after="${QILI_AFTER:-}"
if [ -z "$after" ]; then
    cargo build --release --quiet --manifest-path "$root/Cargo.toml" --bin qili
    after="$root/target/release/qili"
fi
echo "cores: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "$before" ]; then
    python3 "$root/benches/serve_abuse.py" "$before" --label before --seconds "$secs"
    # Again with room for the 2,000 connections, so that the later phases are measured
    # even when the first one kills it.
    python3 "$root/benches/serve_abuse.py" "$before" --label before --seconds "$secs" --nofile 8192
fi
python3 "$root/benches/serve_abuse.py" "$after" --label after --seconds "$secs"
