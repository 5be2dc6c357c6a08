#!/usr/bin/env python3
"""Check `natural_limit` audit findings independently (docs/audit-findings.md).

For every sampled `natural_limit` finding (the `--json` output of benches/sample_findings.py),
replays the game's moves (as `qili label --format json` reads them) with Fairy-Stockfish's move
generator (pyffish), finds the captures and checks itself, and tests the finding against CXA
4.2.4 / 23.3 (RULES.md §6): at the finding's ply, 60 moves (120 plies) have passed since the last
capture, and a claim holds for at least one side — its moves, with its checks counted for at
most 10, reach 60, and the other side has made 60 moves.

    python3 benches/sample_findings.py AUDIT.jsonl --json --kind natural_limit > /tmp/nl.jsonl
    python3 benches/check_natural_limit.py /tmp/nl.jsonl [--qili target/release/qili]
"""

import argparse
import json
import subprocess
import sys

import pyffish

V = "xiangqi"


def i2u(m):
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def pieces(fen):
    return sum(1 for ch in fen.split()[0] if ch.isalpha())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("samples")
    ap.add_argument("--qili", default="target/release/qili")
    ap.add_argument("--limit", type=int, default=60)
    ap.add_argument("--check-cap", type=int, default=10)
    a = ap.parse_args()
    held = total = 0
    for line in open(a.samples, encoding="utf-8"):
        s = json.loads(line)
        if s["kind"] != "natural_limit":
            continue
        total += 1
        out = subprocess.run(
            [a.qili, "label", s["file"], "--format", "json", "--game", str(s["game"])],
            capture_output=True,
            text=True,
        ).stdout
        lab = json.loads(out)
        fen = lab["start_fen"]
        red_first = fen.split()[1] == "w"
        caps, checks, cur = [], [], fen
        for i, m in enumerate(lab["moves"], 1):
            u = i2u(m["iccs"])
            checks.append(bool(pyffish.gives_check(V, cur, [u])))
            nxt = pyffish.get_fen(V, cur, [u])
            if pieces(nxt) < pieces(cur):
                caps.append(i)
            cur = nxt
        ply = s["finding"]["ply"]
        last = max([c for c in caps if c <= ply], default=0)

        def side(p):
            return "red" if (p % 2 == 1) == red_first else "black"

        moves = {"red": 0, "black": 0}
        chk = {"red": 0, "black": 0}
        for p in range(last + 1, ply + 1):
            moves[side(p)] += 1
            chk[side(p)] += checks[p - 1]
        claims = {}
        for sd, other in (("red", "black"), ("black", "red")):
            counted = moves[sd] - max(0, chk[sd] - a.check_cap)
            claims[sd] = counted >= a.limit and moves[other] >= a.limit
        ok = ply - last == 2 * a.limit and any(claims.values())
        held += ok
        print(
            f"{s['sample']:2}. {s['file']} #{s['game']}: ply {ply}, last capture {last} "
            f"({ply - last} plies), moves red {moves['red']} (checks {chk['red']}) black {moves['black']} "
            f"(checks {chk['black']}); claim holds: red {claims['red']}, black {claims['black']} -> "
            f"{'holds' if ok else 'DOES NOT HOLD'}"
        )
    print(f"natural_limit: {held}/{total} hold")


if __name__ == "__main__":
    sys.exit(main())
