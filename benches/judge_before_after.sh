#!/usr/bin/env bash
# Judging speed before and after a change: builds `qili` at revision REV (default HEAD, the
# last commit) in a temporary git worktree and from this tree as it is (with its uncommitted
# changes), writes a fixed case file (benches/judge_cases.py: the vectors and 200 CCPD
# threefold cases) and times both binaries on it in alternating rounds under cxa, cxa1999
# and axf (benches/judge_before_after.py): CPU us per case and the ratio after/before, and
# whether the answers differ.
#
#   bash benches/judge_before_after.sh [REV] [ROUNDS]      (default HEAD, 10 rounds)
#
# Env: QILI_SHARED (default ../shared), CCPD (CCPD cases, default 200). REV's build goes to
# target/before-after (kept, so that a second run builds only what changed).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rev="${1:-HEAD}"
rounds="${2:-10}"
export QILI_SHARED="${QILI_SHARED:-$root/../shared}"
commit="$(git -C "$root" rev-parse --verify "$rev^{commit}")"
tmp="$(mktemp -d)"
trap 'git -C "$root" worktree remove --force "$tmp/src" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git -C "$root" worktree add --detach --quiet "$tmp/src" "$commit"
echo "before: $rev ($(git -C "$root" log -1 --format='%h %s' "$commit" | cut -c1-70))"
echo "after:  this tree"
if [ ! -d "$root/target/before-after/release" ] && [ -d "$root/target/release" ]; then
    # A first run starts from this tree's release build: the dependencies are not built again.
    mkdir -p "$root/target/before-after"
    cp -a "$root/target/release" "$root/target/before-after/release"
fi
CARGO_TARGET_DIR="$root/target/before-after" \
    cargo build --release --quiet --manifest-path "$tmp/src/Cargo.toml" --bin qili
cp "$root/target/before-after/release/qili" "$tmp/qili-before"
cargo build --release --quiet --manifest-path "$root/Cargo.toml" --bin qili
cp "$root/target/release/qili" "$tmp/qili-after"
python3 "$root/benches/judge_cases.py" --ccpd "${CCPD:-200}" > "$tmp/cases.jsonl"
python3 "$root/benches/judge_before_after.py" --before "$tmp/qili-before" \
    --after "$tmp/qili-after" --cases "$tmp/cases.jsonl" --rounds "$rounds"
