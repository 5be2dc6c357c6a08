"""Writes a fixed set of `qili judge --cases` lines (JSON Lines, no `rules`: the command's
`--rules` decides) for the speed measurements of benches/judge_before_after.sh and for
callgrind runs:

- every case of the vectors (../shared/vectors: the Fairy-Stockfish chasing cases, the AXF
  and the CXA diagrams), as given;
- N of the 2,514 CCPD games in which a position occurs three times, cut at the ply where
  Fairy-Stockfish rules (ccpd-fairy-stockfish.jsonl, docs/real-games.md), taken evenly
  spread over the list (the k-th of N is line k * 2514 // N), their moves from
  games/ccpd/index_unique_games.jsonl.gz.

    python3 benches/judge_cases.py [--ccpd 200] > cases.jsonl

The shared folder is QILI_SHARED, else ../shared beside the repository.
"""

import argparse
import gzip
import json
import os
import sys

VECTORS = ["fairy-stockfish-xiangqi-chasing.jsonl", "axf-diagrams.jsonl", "cxa-diagrams.jsonl"]


def shared_dir():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for c in [os.environ.get("QILI_SHARED", "")] + [
            os.path.join(root, *[".."] * k, "shared") for k in (1, 2, 3)]:
        if c and os.path.isdir(os.path.join(c, "vectors")):
            return c
    sys.exit("../shared is absent (set QILI_SHARED)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ccpd", type=int, default=200, help="CCPD threefold cases (0 to 2514)")
    args = ap.parse_args()
    shared = shared_dir()
    out = sys.stdout
    for name in VECTORS:
        with open(os.path.join(shared, "vectors", name), encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    v = json.loads(line)
                    case = {"id": v.get("id"), "fen": v["fen"], "moves": v["moves"]}
                    out.write(json.dumps(case, ensure_ascii=False) + "\n")
    with open(os.path.join(shared, "vectors", "ccpd-fairy-stockfish.jsonl"),
              encoding="utf-8") as f:
        threefold = [json.loads(l) for l in f if l.strip()]
    n = max(0, min(args.ccpd, len(threefold)))
    picked = [threefold[k * len(threefold) // n] for k in range(n)] if n else []
    wanted = {v["file"].removeprefix("games/ccpd/") for v in picked}
    games = {}
    with gzip.open(os.path.join(shared, "games", "ccpd", "index_unique_games.jsonl.gz"),
                   "rt", encoding="utf-8") as f:
        for line in f:
            g = json.loads(line)
            for p in [g["file"]] + g.get("duplicate_paths", []):
                if p in wanted:
                    games[p] = g
    for v in picked:
        g = games.get(v["file"].removeprefix("games/ccpd/"))
        if g is None:
            sys.exit(f"{v['file']}: not in the CCPD index")
        moves = g["iccs"].split()[: v["ply"]]
        case = {"id": v["file"], "fen": g["fen"], "moves": moves}
        out.write(json.dumps(case, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
