#!/usr/bin/env bash
# Times Fairy-Stockfish (pyffish.is_optional_game_end) against `qili judge --cases` on the
# same repetition cases: the Fairy-Stockfish Xiangqi chasing vectors and the AXF diagrams
# (../shared/vectors) plus the corpus cases (corpus/cases/*.toml), qili under both rule sets,
# by default and with --explain. Prints the whole-run CPU times and ratios, per-case p50,
# p99 and maximum (qili's from --timings), and the slowest cases. The rounds run in 10
# alternating blocks (pyffish, then qili), so that both meet the same machine conditions;
# qili's answers go to a file (a pipe read while qili writes inflates its CPU time).
#
#   bash benches/pyffish_compare.sh [ROUNDS]     (default 200 passes over the case set)
#
# Creates a virtualenv under target/pyffish-venv (pip install pyffish from PyPI) and builds
# qili in release mode.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/target/pyffish-venv"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet pyffish
fi
cargo build --release --quiet --manifest-path "$root/Cargo.toml" --bin qili
exec "$venv/bin/python" "$root/benches/pyffish_compare.py" \
    --qili "$root/target/release/qili" --root "$root" --rounds "${1:-200}"
