#!/usr/bin/env bash
# Byte-identity of the outputs that outputs_identical.sh and seam_identical.sh leave out:
# `qili label` (text, zh and en) and `qili moves` (text zh/en and ucci, at 2 and 3
# occurrences, at the end of each record and after each of its last 8 plies) over every
# corpus case and game record, and the text audit (zh/en, `--list`) and HTML pages of
# records that fail or warn (tests/data/fuzz, and the shared cchess-formats, playok and
# wukong games), under cxa, cxa1999 and axf. For a change of words that must not change a
# byte (issue 36, point 2). Reads the shared games from QILI_SHARED (default ../shared).
#
#   bash benches/reports_identical.sh BEFORE_QILI [AFTER_QILI]
#
# Prints one line per difference and a count; exits 1 on any difference.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
before="${1:?usage: reports_identical.sh BEFORE_QILI [AFTER_QILI]}"
after="${2:-$root/target/debug/qili}"
shared="${QILI_SHARED:-$root/../shared}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
compared=0
differ=0

# Timings differ from run to run: the audit's lines of seconds and games per second go.
untimed() {
    grep -v -E '^[[:space:]]*(秒|局/秒|seconds|games/s)[[:space:]]' || true
}

# Runs `qili ARGS…` with both binaries; compares stdout, stderr and exit code.
same() {
    "$before" "$@" 2>"$work/be" | untimed >"$work/b"
    local rb=${PIPESTATUS[0]}
    "$after" "$@" 2>"$work/ae" | untimed >"$work/a"
    local ra=${PIPESTATUS[0]}
    compared=$((compared + 1))
    if [ "$rb" != "$ra" ] || ! cmp -s "$work/b" "$work/a" || ! cmp -s "$work/be" "$work/ae"; then
        differ=$((differ + 1))
        echo "DIFFERS: qili $* (exit $rb / $ra)"
    fi
}

for rules in cxa cxa1999 axf; do
    for f in "$root"/corpus/cases/*.toml "$root"/corpus/games/*; do
        [ -f "$f" ] || continue
        for lang in zh en; do
            same label --rules "$rules" --lang "$lang" "$f"
            for reps in 2 3; do
                same moves --rules "$rules" --repetitions "$reps" --lang "$lang" "$f"
            done
        done
        same moves --rules "$rules" --format ucci "$f"
    done
    # Positions before the end of each case: the moves that would complete a cycle.
    for f in "$root"/corpus/cases/*.toml; do
        fen=$(python3 -c 'import sys, tomllib; print(tomllib.load(open(sys.argv[1], "rb"))["fen"])' "$f")
        moves=$(python3 -c 'import sys, tomllib; print(" ".join(tomllib.load(open(sys.argv[1], "rb"))["moves"]))' "$f")
        read -r -a all <<<"$moves"
        n=${#all[@]}
        for cut in $(seq $((n > 8 ? n - 8 : 0)) $((n - 1))); do
            printf 'position fen %s moves %s\n' "$fen" "${all[*]:0:cut}" >"$work/pos"
            for lang in zh en; do
                same moves --rules "$rules" --lang "$lang" "$work/pos"
            done
        done
    done
    # The text audit and the pages of records that fail or warn.
    for d in "$root"/tests/data/fuzz "$shared"/games/cchess-formats "$shared"/games/playok "$shared"/games/wukong; do
        [ -d "$d" ] || continue
        for lang in zh en; do
            same audit "$d" --rules "$rules" --lang "$lang" --list --jobs 1
        done
        rm -rf "$work/hb" "$work/ha"
        "$before" audit "$d" --rules "$rules" --jobs 1 --html "$work/hb" >/dev/null 2>&1
        "$after" audit "$d" --rules "$rules" --jobs 1 --html "$work/ha" >/dev/null 2>&1
        compared=$((compared + 1))
        if ! diff -r "$work/hb" "$work/ha" >/dev/null; then
            differ=$((differ + 1))
            echo "DIFFERS: qili audit $d --rules $rules --html DIR"
        fi
    done
done
echo "compared $compared outputs, $differ differing"
[ "$differ" -eq 0 ]
