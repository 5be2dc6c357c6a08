"""Draws the games of the hand check of issue 32 (docs/real-games.md, "Ten differing games
by hand"): from the games whose ruling differs between `cxa` and `cxa1999`, listed by the
switch that decides each in the tables of analyzer/tests/ccpd_editions.rs
(`target/ccpd-editions.md`, or the file given), one game of every row decided by one switch
alone, then the rest of the N at random from all the games not yet drawn. Seeded
(`random.Random(SEED)`), so the draw is reproduced from the same tables.

    python3 benches/hand_check_draw.py [TABLES] [--seed 32] [-n 10]
"""

import argparse
import random
import re


def rows(path):
    """Switch row -> its games, from the section "cxa1999 → cxa" of the tables."""
    out, row, inside = {}, None, False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("## "):
                inside = line.startswith("## cxa1999 → cxa")
                continue
            if not inside:
                continue
            m = re.match(r"#### (.*) \((\d+) games\)$", line.rstrip("\n"))
            if m:
                row = m.group(1)
                out[row] = []
            elif row and line.startswith("| ") and not line.startswith("| game "):
                out[row].append(line.split("|")[1].strip())
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tables", nargs="?", default="target/ccpd-editions.md")
    ap.add_argument("--seed", type=int, default=32)
    ap.add_argument("-n", type=int, default=10)
    args = ap.parse_args()
    table = rows(args.tables)
    rng = random.Random(args.seed)
    picked = []
    # One game of every row that one switch decides alone (a row of several switches is
    # named "… together: …" or "any one of: …"), in the rows' order.
    for row, games in table.items():
        if " together" not in row and not row.startswith(("any one of", "no switch")):
            picked.append((rng.choice(sorted(games)), row))
    rest = sorted(g for games in table.values() for g in games if g not in dict(picked))
    for g in rng.sample(rest, max(0, args.n - len(picked))):
        picked.append((g, next(r for r, gs in table.items() if g in gs)))
    for g, row in picked:
        print(f"{g}\t{row}")


if __name__ == "__main__":
    main()
