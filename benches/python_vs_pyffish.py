"""qili.is_optional_game_end against pyffish.is_optional_game_end, in one Python process,
on the same cases and the same call (pyffish's: `("xiangqi", fen, uci_moves)`):

- the vectors (../shared/vectors: the Fairy-Stockfish chasing cases, the AXF and CXA
  diagrams), each line as given;
- the 2,514 CCPD games in which a position occurs three times, each cut at the ply where
  Fairy-Stockfish rules (ccpd-fairy-stockfish.jsonl, docs/real-games.md).

Rounds alternate (pyffish over a set, then qili over the same set, ROUNDS times), so that
both meet the same drift of a shared machine; CPU time of this process is the figure (the
GIL is released while qili judges, and nothing else runs). Per case: CPU time of a round
divided by its cases; the figure is the median round. Also prints how often the two agree
(qili under AXF, the value's sign).

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

VECTORS = ["fairy-stockfish-xiangqi-chasing.jsonl", "axf-diagrams.jsonl", "cxa-diagrams.jsonl"]


def uci(m):
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def shared_dir():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for c in [os.environ.get("QILI_SHARED", "")] + [
            os.path.join(root, *[".."] * k, "shared") for k in (1, 2, 3)]:
        if c and os.path.isdir(os.path.join(c, "vectors")):
            return c
    sys.exit("../shared is absent (set QILI_SHARED)")


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


def one_round(fn, cases):
    t = time.process_time()
    for fen, moves in cases:
        fn("xiangqi", fen, moves)
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
    print(f"{'cases':18}{'n':>6}{'pyffish us/case':>17}{'qili us/case':>14}{'ratio':>9}")
    for name, cases in sets.items():
        py, ql = [], []
        for _ in range(args.rounds):
            py.append(one_round(pyffish.is_optional_game_end, cases))
            ql.append(one_round(qili.is_optional_game_end, cases))
        p, q = statistics.median(py) * 1e6, statistics.median(ql) * 1e6
        print(f"{name:18}{len(cases):6}{p:17.1f}{q:14.1f}{p / q:8.1f}x")


if __name__ == "__main__":
    main()
