#!/usr/bin/env python3
"""Screen an audit for findings that rest on a parry labelled a new chase (docs/audit-findings.md).

For every game of an audit (`qili audit --json`) with a finding of the given kinds, takes the
record's ruling cycle, and over the stretch from the first to the third occurrence of the repeated
position (RULES.md §1) looks for moves labelled a chase (not a check or a mate threat) that were
made out of check, all of whose chases are attacks that stood before the move: the same attacker
(not the moved piece) already attacked the same target in the position before the move, checks and
pins aside (RULES.md §3: "the baseline is the attack itself"). It counts the findings whose
forbidden side would have an idle move if those chases were idle (cycles ruled by a one-sided
perpetual check are left out: 26.1 decides them whatever the other side does).

A lower bound, not a ruling: it sees direct attacks only (not chases through checks or exchanges)
and parries of checks only (not of mate threats). After the novelty fix it should find nothing.

    python3 benches/scan_parry_chases.py AUDIT.jsonl [--qili target/release/qili] [--list]
"""

import argparse
import collections
import json
import os
import subprocess
import sys

import pyffish

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import review_stretch as rs  # noqa: E402

KINDS = ("draw_should_be_loss", "wrong_side", "played_past_continued", "win_over_draw_ruling")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("audit")
    ap.add_argument("--qili", default="target/release/qili")
    ap.add_argument("--list", action="store_true", help="list the games found")
    ap.add_argument("--repetitions", type=int, default=3)
    a = ap.parse_args()
    total, hits = collections.Counter(), collections.defaultdict(list)
    for line in open(a.audit, encoding="utf-8"):
        o = json.loads(line)
        if o["type"] != "game":
            continue
        d = o["data"]
        ks = {f["kind"] for f in d["findings"]} & set(KINDS)
        if not ks:
            continue
        for k in ks:
            total[k] += 1
        out = subprocess.run(
            [a.qili, "judge", d["file"], "--format", "json", "--game", str(d["index"])],
            capture_output=True,
            text=True,
        ).stdout
        j = json.loads(out)
        if not j.get("ruling") or j["ruling"].get("cycle") is None:
            continue
        c = j["cycles"][j["ruling"]["cycle"]]
        if c["verdict"]["reason"] == "one_sided_perpetual_check":
            continue
        moves = {m["ply"]: m for m in j["moves"]}
        occ, inf = c["occurrence_plies"], c["in_force_ply"]
        first = occ[max(0, occ.index(inf) - (a.repetitions - 1))]
        fen = c["fen"]
        parry = {"red": [], "black": []}
        idle = {"red": False, "black": False}
        for p in range(first + 1, inf + 1):
            m = moves.get(p)
            if m is None:
                break
            side, labels = m["side"], m["labels"]
            if not any(x in labels for x in ("check", "mate_threat", "chase")):
                idle[side] = True
            elif "chase" in labels and "check" not in labels and "mate_threat" not in labels:
                if pyffish.gives_check(rs.V, fen, []):
                    before = rs.pseudo_captures(fen)
                    to = m["iccs"][2:]
                    if all(
                        to not in ch["attackers"]
                        and any((att, ch["target"]) in before for att in ch["attackers"])
                        for ch in m["chases"]
                    ):
                        parry[side].append(p)
                        idle[side] = True
            fen = m["fen_after"]
        sides = [s for s in ("red", "black") if c[s]["forbidden"] and parry[s] and idle[s]]
        if sides:
            for k in ks:
                hits[k].append((d["file"], d["index"], {s: parry[s] for s in sides}))
    for k in KINDS:
        print(f"{k:24} {total[k]:5} findings, {len(hits[k]):3} whose offender is forbidden only through parries labelled chases")
        if a.list:
            for f, g, p in hits[k]:
                print(f"    {f} #{g}: plies {p}")


if __name__ == "__main__":
    sys.exit(main())
