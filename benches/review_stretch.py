#!/usr/bin/env python3
"""Print a judged stretch move by move, for a hand review (docs/audit-findings.md).

For one game and one cycle it runs `qili judge --format json`, and for every move from the first
counted occurrence of the repeated position to the occurrence that puts the ruling in force
(RULES.md §1) it prints the board after the move, qili's labels with their evidence, and
independent facts from Fairy-Stockfish's move generator (pyffish, `pip install pyffish`):
whether the move checks, and, letting the mover move again (the opponent "passes"), each capture
of material it could make, whether the opponent could legally recapture, whether the same
attacker could already capture the same target before the move, and whether the capture lets
the opponent mate in one. These are a first screen, not a ruling: the reviewer reads the board.

    python3 benches/review_stretch.py FILE [--game N] [--cycle I] [--qili target/release/qili]
"""

import argparse
import json
import subprocess
import sys

import pyffish

V = "xiangqi"
VALUE = {"r": 9, "n": 4, "c": 4, "a": 2, "b": 2, "p": 2, "k": 1000}
NAME = {"r": "R", "n": "N", "c": "C", "a": "A", "b": "B", "p": "P", "k": "K"}


def u2i(m):
    """pyffish UCI (ranks 1-10) -> ICCS (ranks 0-9)."""
    import re

    a, b, c, d = re.match(r"([a-i])(\d+)([a-i])(\d+)", m).groups()
    return f"{a}{int(b) - 1}{c}{int(d) - 1}"


def i2u(m):
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def board(fen):
    rows = fen.split()[0].split("/")
    grid = {}
    for r, row in enumerate(rows):
        rank = 9 - r
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                grid["abcdefghi"[f] + str(rank)] = ch
                f += 1
    return grid


def show(fen):
    g = board(fen)
    lines = []
    for rank in range(9, -1, -1):
        lines.append(f"  {rank} " + " ".join(g.get(f + str(rank), ".") for f in "abcdefghi"))
    lines.append("    a b c d e f g h i")
    return "\n".join(lines)


def flip(fen):
    p = fen.split()
    p[1] = "b" if p[1] == "w" else "w"
    return " ".join(p[:2] + ["-", "-", "0", "1"])


def is_material(ch, sq):
    k = ch.lower()
    if k == "k":
        return False
    if k == "p":
        rank = int(sq[1:])
        return rank >= 5 if ch.isupper() else rank <= 4
    return True


def captures(fen):
    """Legal captures of material for the side to move: {(from, to): (attacker, target)}."""
    g = board(fen)
    out = {}
    for m in pyffish.legal_moves(V, fen, []):
        i = u2i(m)
        fr, to = i[:2], i[2:]
        if to in g and is_material(g[to], to):
            out[(fr, to)] = (g[fr], g[to])
    return out


def pseudo_captures(fen):
    """Captures of material by the side to move, ignoring checks and pins (the attack itself,
    RULES.md §3: the baseline of novelty)."""
    g = board(fen)
    red = fen.split()[1] == "w"
    own = (lambda ch: ch.isupper()) if red else (lambda ch: ch.islower())
    F = "abcdefghi"

    def at(f, r):
        return g.get(F[f] + str(r)) if 0 <= f < 9 and 0 <= r <= 9 else None

    def inb(f, r):
        return 0 <= f < 9 and 0 <= r <= 9

    out = set()
    for sq, ch in g.items():
        if not own(ch):
            continue
        f, r = F.index(sq[0]), int(sq[1:])
        k = ch.lower()
        targets = []
        if k in "rc":
            for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                x, y, jumped = f + df, r + dr, False
                while inb(x, y):
                    o = at(x, y)
                    if o:
                        if k == "r" or jumped:
                            targets.append((x, y))
                            break
                        jumped = True
                    x, y = x + df, y + dr
        elif k == "n":
            for df, dr, lf, lr in ((1, 2, 0, 1), (-1, 2, 0, 1), (1, -2, 0, -1), (-1, -2, 0, -1),
                                   (2, 1, 1, 0), (2, -1, 1, 0), (-2, 1, -1, 0), (-2, -1, -1, 0)):
                if inb(f + df, r + dr) and not at(f + lf, r + lr):
                    targets.append((f + df, r + dr))
        elif k == "b":
            for df, dr in ((2, 2), (2, -2), (-2, 2), (-2, -2)):
                if inb(f + df, r + dr) and not at(f + df // 2, r + dr // 2):
                    targets.append((f + df, r + dr))
        elif k == "a":
            targets = [(f + df, r + dr) for df in (1, -1) for dr in (1, -1)]
        elif k == "k":
            targets = [(f + 1, r), (f - 1, r), (f, r + 1), (f, r - 1)]
        elif k == "p":
            fwd = 1 if red else -1
            targets = [(f, r + fwd)]
            if (red and r >= 5) or (not red and r <= 4):
                targets += [(f + 1, r), (f - 1, r)]
        for x, y in targets:
            o = at(x, y)
            if o and not own(o) and is_material(o, F[x] + str(y)):
                out.add((sq, F[x] + str(y)))
    return out


def mate_in_one(fen):
    for m in pyffish.legal_moves(V, fen, []):
        after = pyffish.get_fen(V, fen, [m])
        if not pyffish.legal_moves(V, after, []) and pyffish.gives_check(V, fen, [m]):
            return u2i(m)
        if not pyffish.legal_moves(V, after, []):
            return u2i(m) + "(stalemate)"
    return None


def screen(fen_before, mv, fen_after, in_check_before):
    """Captures the mover could make moving again, with simple protection / novelty / safety."""
    before = pseudo_captures(fen_before)  # the mover's attacks before its move
    moved_from, moved_to = mv[:2], mv[2:]
    rows = []
    for (fr, to), (att, tgt) in sorted(captures(flip(fen_after)).items()):
        cap = i2u(fr + to)
        f2 = flip(fen_after)
        after_cap = pyffish.get_fen(V, f2, [cap])
        recaps = [u2i(m) for m in pyffish.legal_moves(V, after_cap, []) if u2i(m)[2:] == to]
        origin = moved_from if fr == moved_to else fr
        target_origin = to
        existed = (origin, target_origin) in before
        gain = VALUE[tgt.lower()] if not recaps else VALUE[tgt.lower()] - VALUE[att.lower()]
        mate = mate_in_one(after_cap)
        rows.append(
            f"      {NAME[att.lower()]}{fr}x{NAME[tgt.lower()]}{to}: "
            f"{'recapture ' + ','.join(recaps) if recaps else 'no recapture'}; "
            f"gain~{gain}; {'existed before' if existed else 'NEW'}"
            f"{' (mover was in check before)' if existed and in_check_before else ''}"
            f"{'; capture allows mate ' + mate if mate else ''}"
        )
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--game", type=int, default=1)
    ap.add_argument("--cycle", type=int, help="cycle index (default: the record's ruling cycle)")
    ap.add_argument("--qili", default="target/release/qili")
    ap.add_argument("--rules", default="cxa")
    ap.add_argument("--boards", action="store_true", help="print the board after every move")
    a = ap.parse_args()
    j = json.loads(
        subprocess.run(
            [a.qili, "judge", a.file, "--format", "json", "--rules", a.rules, "--game", str(a.game)],
            capture_output=True,
            text=True,
        ).stdout
    )
    ci = a.cycle if a.cycle is not None else (j["ruling"] or {}).get("cycle", 0)
    c = j["cycles"][ci]
    occ = c["occurrence_plies"]
    inf = c.get("in_force_ply") or occ[-1]
    k = occ.index(inf) if inf in occ else len(occ) - 1
    first = occ[max(0, k - (j["repetitions"] - 1))]
    print(f"cycle {ci}: occurrences {occ}, in force {inf}; cycle_plies {c['cycle_plies']}; "
          f"stretch by RULES §1: plies {first + 1}..{inf}")
    print(f"  red {c['red']['conduct']} {c['red']['plies']}  black {c['black']['conduct']} {c['black']['plies']}"
          f"  -> {c['verdict']}")
    print(f"  repeated position {c['fen']}")
    print(show(c["fen"]))
    moves = {m["ply"]: m for m in j["moves"]}
    fen = c["fen"]
    # the FEN before the first stretch move: the position at occurrence `first` equals c['fen']
    for ply in range(first + 1, inf + 1):
        m = moves.get(ply)
        if m is None:
            print(f"  ply {ply}: (not in the judged moves)")
            continue
        chk = pyffish.gives_check(V, fen, [i2u(m["iccs"])])
        # was the mover in check before its move? (gives_check with no moves: side to move in check)
        in_check_before = bool(pyffish.gives_check(V, fen, []))
        lab = ",".join(m["labels"])
        print(f"\n  ply {ply} {m['side']} {m['iccs']} {m['chinese']}: qili {lab}; pyffish check={chk}"
              f"{'; mover was in check' if in_check_before else ''}")
        for ch in m["chases"]:
            print(f"    chase {ch['attackers']}->{ch['target']}({ch['target_role']}) root={ch['root']} "
                  f"form={ch['form']} line={ch['line']} protectors={ch.get('protectors')}")
        for e in m["evidence"]:
            if e["label"] not in ("chase",):
                print(f"    {e['label']}: {e['detail']} {e.get('line') or ''}")
        for dm in m["dismissed"]:
            ch = dm["chase"]
            print(f"    dismissed {dm['reason']}: {ch['attackers']}->{ch['target']}({ch['target_role']}) {ch['line']} {dm['line']}")
        if a.boards:
            print(show(m["fen_after"]))
        if not chk:
            m1 = mate_in_one(flip(m["fen_after"]))
            if m1:
                print(f"      moving again the mover mates in one: {m1}")
            for r in screen(fen, m["iccs"], m["fen_after"], in_check_before):
                print(r)
        fen = m["fen_after"]


if __name__ == "__main__":
    sys.exit(main())
