"""qili.is_optional_game_end against pyffish.is_optional_game_end, in one Python process,
on the same cases and the same call (pyffish's: `("xiangqi", fen, uci_moves)`):

- the vectors (../shared/vectors: the Fairy-Stockfish chasing cases, the AXF and CXA
  diagrams), each line as given;
- the 2,514 CCPD games in which a position occurs three times, each cut at the ply where
  Fairy-Stockfish rules (ccpd-fairy-stockfish.jsonl, docs/real-games.md).

Rounds alternate (pyffish over a set, then qili over the same set, ROUNDS times), so that
both meet the same drift of a shared machine. Two figures per set and side:

- round: CPU time of this process over a round divided by its cases (the GIL is released
  while qili judges, and nothing else runs), the median round;
- per case: each case's least wall time over the rounds (the least disturbed by other
  processes, as benches/pyffish_compare.py measures), the mean and the median over the cases.

Also prints how often the two give the same ruling (qili under AXF; the value's sign).

    pip install ./python pyffish
    python benches/python_vs_pyffish.py [--rounds 5]
"""

import argparse
import json
import os
import statistics
import sys
import time

import pyffish

import qili

# The vector files and the shared/ lookup, as the judge benches read them.
from judge_cases import VECTORS, shared_dir



def uci(m):
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def load(shared):
    vectors = []
    for name in VECTORS:
        with open(os.path.join(shared, "vectors", name), encoding="utf-8") as f:
            vectors += [json.loads(l) for l in f if l.strip()]
    vectors = [(v["fen"], [uci(m) for m in v["moves"]]) for v in vectors]
    ccpd = []
    with open(os.path.join(shared, "vectors", "ccpd-fairy-stockfish.jsonl"), encoding="utf-8") as f:
        for line in f:
            v = json.loads(line)
            g = next(iter(qili.read_games(os.path.join(shared, v["file"]))))
            ccpd.append((g["fen"], [uci(m) for m in g["moves"][: v["ply"]]]))
    return {"vectors": vectors, "ccpd threefold": ccpd}


def one_round(fn, cases, best):
    """CPU time per case of a round; `best[k]`: case k's least wall time so far."""
    clock = time.perf_counter
    t = time.process_time()
    for k, (fen, moves) in enumerate(cases):
        s = clock()
        fn("xiangqi", fen, moves)
        best[k] = min(best[k], clock() - s)
    return (time.process_time() - t) / len(cases)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    sets = load(shared_dir())
    def ruling(end):  # pyffish's value means nothing when the game does not end
        ended, value = end
        return (ended, (value > 0) - (value < 0)) if ended else (False,)

    for name, cases in sets.items():  # warm-up, and the agreement
        agree = sum(ruling(pyffish.is_optional_game_end("xiangqi", f, m))
                    == ruling(qili.is_optional_game_end("xiangqi", f, m)) for f, m in cases)
        print(f"{name}: {len(cases)} cases, the same ruling from both on {agree}")
    print(f"qili {qili.__version__}, pyffish {pyffish.version()}, {args.rounds} alternating rounds")
    print(f"{'us per case':48}{'pyffish':>10}{'qili':>10}{'ratio':>9}")
    for name, cases in sets.items():
        py, ql = [], []
        py_best, ql_best = [float("inf")] * len(cases), [float("inf")] * len(cases)
        for _ in range(args.rounds):
            py.append(one_round(pyffish.is_optional_game_end, cases, py_best))
            ql.append(one_round(qili.is_optional_game_end, cases, ql_best))
        rows = [
            ("round CPU, median round", statistics.median(py), statistics.median(ql)),
            ("per case least, mean", statistics.mean(py_best), statistics.mean(ql_best)),
            ("per case least, median", statistics.median(py_best), statistics.median(ql_best)),
        ]
        for what, p, q in rows:
            print(f"{name + ' (' + str(len(cases)) + '), ' + what:48}"
                  f"{p * 1e6:10.1f}{q * 1e6:10.1f}{p / q:8.1f}x")


if __name__ == "__main__":
    main()
