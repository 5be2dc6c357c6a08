#!/usr/bin/env python3
"""Draw a reproducible sample of audit findings to check by hand (docs/audit-findings.md).

Reads the JSON Lines of `qili audit --json` (docs/audit-json.md), counts the findings by kind
(per file and per distinct game: CCPD files the same game under a player, an event and an
opening), and draws up to --per-kind distinct games per finding kind with a fixed seed. For each
sampled game it prints the file, the game, the finding's ply, the finding, the ruling of the cycle
the finding is about (or of the record) and the command to look at it.

    target/release/qili audit ../shared/games/ccpd/Dataset/對局 --json > /tmp/review-audit.jsonl
    python3 benches/sample_findings.py /tmp/review-audit.jsonl            # text
    python3 benches/sample_findings.py /tmp/review-audit.jsonl --json     # one line per sample

The draw depends only on the seed and on the set of distinct games that carry each kind, taken in
sorted order: re-running it on the audit of changed code draws the same games where they still
carry the finding (the sample of a kind changes only when its population changes). Use
`--population BEFORE.jsonl` to draw from the games of an earlier audit and show what the
current audit says about each of them (findings gone, changed or kept), and
`--added-since BEFORE.jsonl` to draw only from the findings that are new since then: together
they give a stratified "after" precision (kept findings from the old sample, new ones from their
own sample).
"""

import argparse
import collections
import json
import random
import shlex
import sys

KINDS = [
    "draw_should_be_loss",
    "wrong_side",
    "case_mismatch",
    "played_past_changed",
    "played_past_continued",
    "win_over_draw_ruling",
    "natural_limit",
]


def read_games(path):
    games = []
    summary = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            o = json.loads(line)
            if o["type"] == "game":
                games.append(o["data"])
            elif o["type"] == "summary":
                summary = o["data"]
    return games, summary


def game_key(d):
    """Identity of a game across CCPD's folders: players, date, length, result."""
    t = d.get("tags") or {}
    return (t.get("Red"), t.get("Black"), t.get("Date"), d["plies"], d["recorded_result"])


def finding_cycle(d, f):
    """The cycle a finding is about: the one in force at the finding's ply, else the ruling's."""
    ply = f.get("ply")
    if ply is not None and f["kind"].startswith("played_past"):
        for i, c in enumerate(d["cycles"]):
            if c.get("in_force_ply") == ply:
                return i, c
    r = d.get("ruling")
    if r and r.get("cycle") is not None and r["cycle"] < len(d["cycles"]):
        return r["cycle"], d["cycles"][r["cycle"]]
    return None, None


def describe(d, f):
    ci, c = finding_cycle(d, f)
    r = d.get("ruling") or {}
    out = {
        "file": d["file"],
        "game": d["index"],
        "recorded": d["recorded_result"],
        "finding": f,
        "ply": f.get("ply", r.get("ply")),
        "record_ruling": {k: r.get(k) for k in ("result", "status", "source", "cycle", "ply")},
    }
    if c is not None:
        out["cycle"] = {
            "index": ci,
            "fen": c["fen"],
            "occurrence_plies": c["occurrence_plies"],
            "in_force_ply": c.get("in_force_ply"),
            "cycle_plies": c.get("cycle_plies"),
            "red": c["red"]["conduct"],
            "black": c["black"]["conduct"],
            "verdict": c["verdict"],
        }
    game = [] if d["index"] == 1 else ["--game", str(d["index"])]
    out["judge"] = " ".join(
        ["target/release/qili", "judge", shlex.quote(d["file"]), "--rules", "cxa", "--lang", "en"]
        + game
    )
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("audit", help="JSON Lines of `qili audit --json`")
    ap.add_argument("--seed", type=int, default=13, help="random seed (default 13)")
    ap.add_argument("--per-kind", type=int, default=20, help="games per finding kind (default 20)")
    ap.add_argument("--kind", action="append", help="only this kind (repeatable)")
    ap.add_argument("--population", help="draw from the games of this (earlier) audit instead")
    ap.add_argument("--added-since", metavar="BEFORE", help="draw only from the games whose finding of "
                    "the kind is new since this (earlier) audit")
    ap.add_argument("--json", action="store_true", help="one JSON object per sampled game")
    a = ap.parse_args()

    games, summary = read_games(a.audit)
    pop_games = read_games(a.population)[0] if a.population else games
    if a.added_since:
        old = {(d["file"], d["index"]): {f["kind"] for f in d["findings"]} for d in read_games(a.added_since)[0]}
        pop_games = [
            dict(d, findings=[f for f in d["findings"] if f["kind"] not in old.get((d["file"], d["index"]), set())])
            for d in pop_games
        ]
    by_key_now = {}
    for d in games:
        by_key_now.setdefault((d["file"], d["index"]), d)

    # Population: distinct games (first file in sorted order) per kind.
    per_kind = collections.defaultdict(dict)
    files_per_kind = collections.Counter()
    for d in sorted(pop_games, key=lambda d: (d["file"], d["index"])):
        for kind in {f["kind"] for f in d["findings"]}:
            files_per_kind[kind] += 1
            per_kind[kind].setdefault(game_key(d), d)

    # The same counts for the audit itself (differs from the population with --population).
    now_kind = collections.defaultdict(set)
    now_files = collections.Counter()
    for d in games:
        for kind in {f["kind"] for f in d["findings"]}:
            now_files[kind] += 1
            now_kind[kind].add(game_key(d))

    kinds = a.kind or KINDS
    if not a.json:
        print(f"audit: {a.audit}" + (f"  (population: {a.population})" if a.population else ""))
        if summary:
            print(f"games read {summary['games_read']}, with a position 3 times "
                  f"{summary['games_with_ruling_threshold']}, disagreeing {summary['games_disagreeing']}")
        extra = f" {'files now':>9} {'games now':>9}" if a.population else ""
        print(f"{'finding':24} {'files':>6} {'games':>6} sampled{extra}  (seed {a.seed})")
        for kind in kinds:
            n = len(per_kind.get(kind, {}))
            now = f" {now_files[kind]:9} {len(now_kind[kind]):9}" if a.population else ""
            print(f"{kind:24} {files_per_kind[kind]:6} {n:6} {min(n, a.per_kind):7}{now}")
        print()

    for kind in kinds:
        pop = per_kind.get(kind, {})
        keys = sorted(pop, key=lambda k: tuple("" if x is None else str(x) for x in k))
        rng = random.Random(f"{a.seed}:{kind}")
        picked = rng.sample(keys, min(len(keys), a.per_kind))
        picked.sort(key=lambda k: (pop[k]["file"], pop[k]["index"]))
        if not a.json and picked:
            print(f"## {kind}")
        for n, k in enumerate(picked, 1):
            d0 = pop[k]
            d = by_key_now.get((d0["file"], d0["index"]), d0)
            fs = [f for f in d["findings"] if f["kind"] == kind]
            f = fs[0] if fs else next(f for f in d0["findings"] if f["kind"] == kind)
            s = describe(d, f)
            s["kind"] = kind
            s["sample"] = n
            if a.population:
                s["now"] = sorted({f["kind"] for f in d["findings"]})
                s["still_found"] = bool(fs)
            if a.json:
                print(json.dumps(s, ensure_ascii=False))
                continue
            c = s.get("cycle")
            print(f"{n:2}. {s['file']} #{s['game']}  recorded {s['recorded']}  ply {s['ply']}")
            print(f"    finding {json.dumps(f, ensure_ascii=False)}")
            rr = s["record_ruling"]
            print(f"    record ruling {rr['result']} {rr['status']} (cycle {rr['cycle']}, ply {rr['ply']})")
            if c:
                print(f"    cycle {c['index']}: occurrences {c['occurrence_plies']} in force {c['in_force_ply']}"
                      f"  red {c['red']}  black {c['black']}  -> {c['verdict']['result']} {c['verdict']['status']}")
                print(f"    fen {c['fen']}")
            if a.population:
                print(f"    now: {'still found' if s['still_found'] else 'GONE'}; findings now {s['now']}")
            print(f"    {s['judge']}")
        if not a.json and picked:
            print()


if __name__ == "__main__":
    sys.exit(main())
