#!/usr/bin/env python3
"""Look at one CCPD AXF disagreement with Fairy-Stockfish (docs/real-games.md), for a hand review.

Cuts the game after PLY (the ply at which the other engine rules), judges the cut game with qili
(`--rules axf`, text with --detail, or --json), and asks Fairy-Stockfish (pyffish,
`is_optional_game_end`) for its ruling at the plies around PLY, with the plies since the last
capture (its chess-style 50-move counter) and the occurrence plies of the final position. These
are pointers: the reviewer reads the board and rules by AXF.md.

    python3 benches/review_ccpd_disagreement.py FILE PLY [--json] [--lang en] [--qili target/release/qili]
    python3 benches/review_ccpd_disagreement.py --all /tmp/dis.tsv     # one line per disagreement
    python3 benches/review_ccpd_disagreement.py FILE PLY --probe FIRST # the other engine's ruling with
        # the move counter reset to 0 and the history started at ply FIRST-3 .. FIRST (the ply of the
        # first occurrence): a ruling that changes with the counter is its 50-move rule; one that
        # changes with the start is a move counted into the cycle from before the first occurrence

FILE may be given relative to shared/ (as in the .jsonl and the TSV of ccpd_compare).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

import pyffish

V = "xiangqi"
SHARED = os.environ.get("QILI_SHARED", "../shared")


def i2u(m):
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def read(qili, path):
    if not os.path.exists(path):
        path = os.path.join(SHARED, path)
    out = subprocess.run([qili, "convert", path, "--to", "json"], capture_output=True, text=True).stdout
    g = json.loads(out.splitlines()[0])
    return g["fen"], g["moves"]


def fsf(fen, moves, ply):
    end, value = pyffish.is_optional_game_end(V, fen, [i2u(m) for m in moves[:ply]])
    if not end:
        return "none"
    if value == 0:
        return "draw"
    # value is from the point of view of the side to move after the cut.
    red_to_move = (ply % 2 == 0) == (fen.split()[1] == "w")
    red_wins = (value > 0) == red_to_move
    return "red_wins" if red_wins else "black_wins"


def fsf_from(fen, moves, start, ply):
    """The other engine's ruling after PLY when the game starts at ply START, counter 0."""
    f = pyffish.get_fen(V, fen, [i2u(m) for m in moves[:start]])
    parts = f.split()
    parts[4] = "0"
    return fsf(" ".join(parts), moves[start:], ply - start)


def since_capture(fen, moves, ply):
    n = 0
    f = fen
    for i, m in enumerate(moves[:ply]):
        before = pyffish.get_fen(V, f, [])
        count = sum(ch.isalpha() for ch in before.split()[0])
        f2 = pyffish.get_fen(V, f, [i2u(m)])
        after = sum(ch.isalpha() for ch in f2.split()[0])
        n = 0 if after < count else n + 1
        f = f2
    return n


def occurrences(fen, moves, ply):
    keys = []
    f = fen
    keys.append(" ".join(f.split()[:2]))
    for m in moves[:ply]:
        f = pyffish.get_fen(V, f, [i2u(m)])
        keys.append(" ".join(f.split()[:2]))
    last = keys[ply]
    return [i for i, k in enumerate(keys) if k == last], f


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", nargs="?")
    ap.add_argument("ply", nargs="?", type=int)
    ap.add_argument("--qili", default="target/release/qili")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--all", metavar="TSV")
    ap.add_argument("--probe", type=int, metavar="FIRST", help="ply of the first occurrence")
    a = ap.parse_args()
    if a.all:
        for line in open(a.all, encoding="utf-8"):
            if line.startswith("file\t"):
                continue
            file, ply = line.split("\t")[:2]
            fen, moves = read(a.qili, file)
            ply = int(ply)
            around = {p: fsf(fen, moves, p) for p in range(ply - 2, min(ply + 3, len(moves) + 1))}
            occ, _ = occurrences(fen, moves, ply)
            print(f"{file.split('對局/')[-1]}\tply {ply}\tfsf {around}\tsince capture {since_capture(fen, moves, ply)}"
                  f"\tfinal position at {occ}\tgame length {len(moves)}")
        return
    fen, moves = read(a.qili, a.file)
    ply = a.ply
    if a.probe is not None:
        for start in range(max(0, a.probe - 3), a.probe + 1):
            print(f"history from ply {start}, move counter 0: {fsf_from(fen, moves, start, ply)}")
        return
    occ, last = occurrences(fen, moves, ply)
    print(f"start {fen}\nplies {len(moves)}; cut after ply {ply}; final position {last} occurs after plies {occ}")
    print(f"plies since the last capture at the cut: {since_capture(fen, moves, ply)}")
    print("Fairy-Stockfish is_optional_game_end: " +
          ", ".join(f"{p}: {fsf(fen, moves, p)}" for p in range(ply - 4, min(ply + 5, len(moves) + 1))))
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as t:
        t.write(fen + "\n" + " ".join(moves[:ply]) + "\n")
    cmd = [a.qili, "judge", t.name, "--rules", "axf", "--lang", a.lang]
    cmd += ["--format", "json"] if a.json else ["--detail"]
    sys.stdout.write(subprocess.run(cmd, capture_output=True, text=True).stdout)
    os.unlink(t.name)


if __name__ == "__main__":
    sys.exit(main())
