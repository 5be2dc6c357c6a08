#!/bin/sh
# Regenerates the tables of docs/real-games.md, "The two CXA editions on CCPD" (issue 32):
# the CCPD audit under cxa (2011/2020) and cxa1999 side by side, every game whose ruling
# differs attributed to the switch that decides it, and the games the labeller fixes of
# CXA2020.md §3 changed against the code before issue 32 (commit eb382f5).
#
#   sh benches/ccpd_editions.sh          # tables in target/ccpd-editions.md
#
# The binary before issue 32 is built once in a worktree beside this one (QILI_OLD_TREE,
# default ../old) and its audit kept (QILI_OLD_AUDIT, default
# target/ccpd-audit-eb382f5.jsonl): delete that file to audit again. One audit runs at a
# time; QILI_JOBS bounds the threads of each. Skips cleanly without ../shared.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
shared=${QILI_SHARED:-$repo/../shared}
old=${QILI_OLD_TREE:-$repo/../old}
audit=${QILI_OLD_AUDIT:-$repo/target/ccpd-audit-eb382f5.jsonl}
if [ ! -d "$shared/games/ccpd/Dataset" ]; then
    echo "note: $shared/games/ccpd/Dataset is absent, skipping" >&2
    exit 0
fi
if [ ! -s "$audit" ]; then
    [ -d "$old" ] || git -C "$repo" worktree add --detach "$old" eb382f5
    (cd "$old" && cargo build --release -p qili --bin qili)
    jobs=""
    [ -n "${QILI_JOBS:-}" ] && jobs="--jobs $QILI_JOBS"
    # Exit code 1: some game disagrees with its record or could not be read (expected).
    "$old/target/release/qili" audit "$shared/games/ccpd/Dataset" --json --rules cxa $jobs \
        > "$audit.tmp" || [ $? -eq 1 ]
    mv "$audit.tmp" "$audit"
fi
cd "$repo"
QILI_SHARED="$shared" QILI_OLD_AUDIT="$audit" \
    cargo test --release -p qili-analyzer --test ccpd_editions -- --ignored --nocapture
