#!/usr/bin/env bash
# Byte-identity of every reference output between two qili binaries (a refactoring that must
# not change a word): `judge --cases` over the shared vectors and the corpus (with and without
# `--explain`, `--json`), every corpus case and game record as text (zh/en, with and without `--detail`), JSON
# and HTML, and `audit corpus` as text (zh/en), JSON Lines and HTML pages, under cxa, cxa1999
# and axf. Only the audit's timing lines (秒, 局/秒, seconds, games/s) are dropped,
# and the `seconds` and `games_per_second` of the audit's JSON summary.
#
# Usage: benches/outputs_identical.sh BASE_QILI NEW_QILI [SHARED]
#   e.g. cp target/debug/qili /tmp/base-qili   (before the change)
#        benches/outputs_identical.sh /tmp/base-qili target/debug/qili /work/shared
# Exits 1 and lists the differing outputs when any differs.
set -euo pipefail
base=$1
new=$2
shared=${3:-${QILI_SHARED:-../shared}}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The corpus cases as JSON Lines cases (as tests/cli_cases.rs builds them).
python3 - "$repo/corpus/cases" >"$work/corpus.jsonl" <<'PY'
import json, pathlib, sys, tomllib
for p in sorted(pathlib.Path(sys.argv[1]).glob("*.toml")):
    c = tomllib.loads(p.read_text())
    print(json.dumps({"id": c["id"], "fen": c["fen"], "moves": c["moves"]}, ensure_ascii=False))
PY

untimed() {
  { grep -v -E '^(秒|局/秒|seconds|games/s)[[:space:]]' || true; } |
    sed -E 's/"(seconds|games_per_second)":[0-9.e+-]+/"\1":_/g'
}

# run SIDE NAME ARGS…: the output of one command (stdout, stderr and exit code) under side.
run() {
  local side=$1 name=$2
  shift 2
  local bin=$base
  [ "$side" = new ] && bin=$new
  mkdir -p "$work/$side"
  { "$bin" "$@" 2>&1 || echo "exit $?"; } | untimed >"$work/$side/$name"
}

both() {
  run base "$@"
  run new "$@"
}

cases=("$work/corpus.jsonl")
for f in "$shared"/vectors/*.jsonl; do
  [ -e "$f" ] && cases+=("$f")
done
[ ${#cases[@]} -gt 1 ] || echo "note: no vectors under $shared/vectors (only the corpus is compared)"

for rules in cxa cxa1999 axf; do
  for f in "${cases[@]}"; do
    n=$(basename "$f" .jsonl)
    both "cases-$n-$rules" judge --cases "$f" --rules "$rules"
    both "cases-$n-$rules-explain" judge --cases "$f" --rules "$rules" --explain
    both "cases-$n-$rules-explain-en-json" judge --cases "$f" --rules "$rules" --explain --lang en --format json
  done
  for c in "$repo"/corpus/cases/*.toml; do
    n=$(basename "$c" .toml)
    for lang in zh en; do
      both "case-$n-$rules-$lang" judge "$c" --rules "$rules" --lang "$lang"
      both "case-$n-$rules-$lang-detail" judge "$c" --rules "$rules" --lang "$lang" --detail --all-cycles
      both "case-$n-$rules-$lang-html" judge "$c" --rules "$rules" --lang "$lang" --format html
    done
    both "case-$n-$rules-json" judge "$c" --rules "$rules" --format json
  done
  for g in "$repo"/corpus/games/* "$repo"/tests/data/*.pgn; do
    [ -f "$g" ] || continue
    n=$(basename "$g")
    for lang in zh en; do
      both "game-$n-$rules-$lang" judge "$g" --rules "$rules" --lang "$lang"
      both "game-$n-$rules-$lang-detail" judge "$g" --rules "$rules" --lang "$lang" --detail --all-cycles
    done
  done
  for lang in zh en; do
    both "audit-$rules-$lang" audit "$repo/corpus" --rules "$rules" --lang "$lang" --list --jobs 1
  done
  both "audit-$rules-json" audit "$repo/corpus" --rules "$rules" --json --jobs 1
  for side in base new; do
    bin=$base
    [ "$side" = new ] && bin=$new
    mkdir -p "$work/$side/html-$rules"
    "$bin" audit "$repo/corpus" --rules "$rules" --jobs 1 --html "$work/$side/html-$rules" >/dev/null 2>&1 || true
  done
done

count=$(find "$work/base" -type f | wc -l)
if diff -r "$work/base" "$work/new" >"$work/diff"; then
  echo "identical: $count outputs"
else
  grep -E '^(diff|Only)' "$work/diff" | sed "s|$work/||g" | head -50
  echo "DIFFERENT (of $count outputs)"
  exit 1
fi
