#!/usr/bin/env bash
# The judge bench's ratio to replay, before and after, in one run (issue 32): builds
# `cargo bench -p qili-analyzer --bench judge` at revision BEFORE (in a worktree beside this
# one, kept for a second run) and from this tree as it is, then runs the two bench binaries
# alternately, ROUNDS times each (before, after, before, after, …), and prints each round's
# judge/replay ratios and their medians:
#
# - criterion: the point estimate of `judge/judge-cases` over that of
#   `judge/replay-baseline` (the bench's one group);
# - summary: the bench's own summary line (20 rounds of each, timed one after the other);
# - depth 5, depth 6: the summary's ratios with deeper mate searches everywhere (benches
#   that have them).
#
#   bash benches/judge_ratio.sh BEFORE [ROUNDS]          (default 3 rounds)
#
# Both benches judge the same cases: the Fairy-Stockfish vectors (QILI_SHARED, default
# ../shared) and this tree's corpus cases, copied into the worktree of BEFORE (its own
# corpus is older; the bench reads `corpus/cases` beside its crate). Env: QILI_BASE_TREE (the
# worktree, default ../<this tree>-base; remove it with `git worktree remove --force`),
# CARGO_TARGET_DIR (default target/bench-ratio; the two trees build in its `before/` and `after/`:
# cargo names a workspace's path crates alike in any folder, so one target folder for both
# would mix their artifacts), BENCH_ARGS (criterion's arguments, e.g. "--sample-size 10").
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rev="${1:?usage: judge_ratio.sh BEFORE [ROUNDS]}"
rounds="${2:-3}"
export QILI_SHARED="${QILI_SHARED:-$root/../shared}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target/bench-ratio}"
base="${QILI_BASE_TREE:-$root/../$(basename "$root")-base}"
commit="$(git -C "$root" rev-parse --verify "$rev^{commit}")"
if [ ! -d "$base" ]; then
    git -C "$root" worktree add --detach --quiet "$base" "$commit"
fi
[ "$(git -C "$base" rev-parse HEAD)" = "$commit" ] || { echo "$base is not at $rev" >&2; exit 2; }
rm -rf "$base/corpus/cases"
cp -r "$root/corpus/cases" "$base/corpus/cases"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# The bench executable of a tree (cargo's JSON messages name it).
build() {
    CARGO_TARGET_DIR="$CARGO_TARGET_DIR/$2" \
        cargo bench --manifest-path "$1/Cargo.toml" -p qili-analyzer --bench judge --no-run \
        --message-format=json 2>/dev/null | python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "judge" \
            and m.get("executable"):
        print(m["executable"])'
}
cp "$(build "$base" before)" "$tmp/before"
cp "$(build "$root" after)" "$tmp/after"
echo "before: $rev ($(git -C "$root" log -1 --format='%h %s' "$commit" | cut -c1-60))"
echo "after:  this tree ($(git -C "$root" log -1 --format='%h' HEAD), with its uncommitted changes)"
for r in $(seq 1 "$rounds"); do
    for side in before after; do
        # shellcheck disable=SC2086
        (cd "$tmp" && "./$side" --bench ${BENCH_ARGS:-}) > "$tmp/$side.$r.txt" 2>&1
        echo "round $r $side done" >&2
    done
done
python3 - "$tmp" "$rounds" <<'PY'
import re, statistics, sys
tmp, rounds = sys.argv[1], int(sys.argv[2])
unit = {"ps": 1e-12, "ns": 1e-9, "µs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0}
def figures(text):
    out = {}
    est = {}
    for name, value, u in re.findall(
            r"judge/(judge-cases|replay-baseline)\s+time:\s+\[\S+ \S+ (\S+) (\S+) ", text):
        est[name] = float(value) * unit[u]
    if len(est) == 2:
        out["criterion"] = est["judge-cases"] / est["replay-baseline"]
    m = re.search(r"judge/replay time ratio ([\d.]+)\n", text)
    if m:
        out["summary"] = float(m.group(1))
    for d, ratio in re.findall(r"mate depth (\d) everywhere: judge/replay time ratio ([\d.]+)", text):
        out[f"depth {d}"] = float(ratio)
    m = re.search(r"summary: (\d+) cases", text)
    out["cases"] = int(m.group(1)) if m else None
    return out
runs = {s: [figures(open(f"{tmp}/{s}.{r}.txt", encoding="utf-8").read())
            for r in range(1, rounds + 1)] for s in ("before", "after")}
keys = ["criterion", "summary", "depth 5", "depth 6"]
print("| bench | figure | " + " | ".join(f"round {r}" for r in range(1, rounds + 1))
      + " | median |")
print("|---|---|" + "---:|" * (rounds + 1))
for s in ("before", "after"):
    for k in keys:
        vals = [f.get(k) for f in runs[s]]
        if all(v is None for v in vals):
            continue
        got = [v for v in vals if v is not None]
        print(f"| {s} | {k} | " + " | ".join("—" if v is None else f"{v:.1f}" for v in vals)
              + f" | {statistics.median(got):.1f} |")
print("cases judged:", {s: sorted({f['cases'] for f in runs[s]}, key=str) for s in runs})
for k in ("criterion", "summary"):
    b = [f[k] for f in runs["before"] if k in f]
    a = [f[k] for f in runs["after"] if k in f]
    if a and b:
        print(f"{k}: median after/before {statistics.median(a) / statistics.median(b):.3f}")
PY
