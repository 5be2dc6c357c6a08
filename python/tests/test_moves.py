"""`Game.moves()` is the object of `qili moves --format json` (docs/moves-json.md) for the same
line and settings: on constructed lines (every ply of a chase and of a perpetual check, under
each rule book), on the position before the last move of every corpus case under each rule
book it names, and on CCPD threefold games one ply before Fairy-Stockfish rules."""

import json

import pytest

import qili

from test_api import CHASE_FEN, CHASES, CHECK_FEN, CHECKS

from conftest import REPO


def cli_moves(cli, fen, moves, rules, repetitions):
    args = ["moves", "--fen", fen, "--rules", rules, "--repetitions", repetitions,
            "--format", "json"]
    if moves:
        args += ["--moves", " ".join(moves)]
    code, out = cli(*args)
    assert code == 0, (fen, moves, rules)
    return json.loads(out)


def game_moves(fen, moves, rules, repetitions):
    g = qili.Game(fen, rules=rules, repetitions=repetitions)
    for m in moves:
        g.push(m)
    before = (g.fen(), g.ply, g.ruling())
    o = g.moves()
    assert (g.fen(), g.ply, g.ruling()) == before  # asking changes nothing
    return o


def check(cli, cases):
    n = 0
    for fen, moves, rules, reps in cases:
        got = game_moves(fen, moves, rules, reps)
        assert got == cli_moves(cli, fen, moves, rules, reps), (fen, moves, rules, reps)
        n += 1
    return n


def test_moves_on_constructed_lines(cli):
    cases = [(CHASE_FEN, CHASES[:k], r, 3) for k in range(len(CHASES) + 1)
             for r in ("cxa", "axf")]
    cases += [(CHECK_FEN, CHECKS[:k], r, 3) for k in range(len(CHECKS) + 1)
              for r in ("cxa", "cxa1999", "axf")]
    cases += [(CHASE_FEN, CHASES[:k], "cxa", 2) for k in range(5)]
    assert check(cli, cases) == 18 + 30 + 5


def test_moves_says_what_each_move_brings():
    g = qili.Game(CHASE_FEN, rules="cxa")
    for m in CHASES[:7]:
        g.push(m)
    o = g.moves()
    assert (o["ply"], o["mover"], o["rules"], o["repetitions"]) == (7, "black", "cxa", 3)
    assert o["legal_moves"] == len(g.legal_moves()) and o["fen"] == g.fen()
    (back,) = [m for m in o["moves"] if m["move"] == "i7g8"]
    # Black's horse steps back: the third occurrence, Red's chase must change.
    assert back["consequence"] == "opponent_must_change" and not back["banned"]
    assert back["repetition"]["occurrence"] == 3
    assert back["effect"]["reason"] == "forbidden_vs_allowed"
    assert back["effect"]["red"]["conduct"] == "perpetual_chase"
    assert [a["code"] for a in back["effect"]["articles"]] == back["ruling"]["articles"]
    # The ruling a listed move brings is exactly judge's with the move played.
    j = qili.judge(CHASE_FEN, CHASES)
    assert (back["ruling"]["result"], back["ruling"]["status"]) == (j.result, j.status)
    # One ply on, Red to move must change: repeating the chase decides nothing yet, but one
    # more round of the loop loses (the warning), and Red is told so before it moves.
    g.push("i7g8")
    o = g.moves()
    (again,) = [m for m in o["moves"] if m["move"] == "i3g3"]
    assert again["consequence"] == "repeats" and again["ruling"]["status"] == "must_change"
    w = again["warning"]
    assert (w["plies_more"], w["by"], w["consequence"]) == (3, "black", "mover_loses")
    assert (w["effect"]["status"], w["effect"]["played_again"]) == ("final", True)
    assert o["ruling"] == g.ruling()


def corpus_cases():
    tomllib = pytest.importorskip("tomllib", reason="tomllib (Python 3.11+) reads the corpus")
    for path in sorted((REPO / "corpus" / "cases").glob("*.toml")):
        case = tomllib.loads(path.read_text(encoding="utf-8"))
        for rules, expected in case.get("expected", {}).items():
            yield case["fen"], case["moves"][:-1], rules, expected.get("repetitions", 3)


def test_moves_on_the_corpus(cli):
    assert check(cli, corpus_cases()) >= 190


def test_moves_on_ccpd_threefold_games(shared, cli):
    cases = []
    with open(shared / "vectors" / "ccpd-fairy-stockfish.jsonl", encoding="utf-8") as f:
        lines = [json.loads(line) for line in f if line.strip()]
    for v in lines[:: len(lines) // 24][:24]:  # 24 games spread over the file
        (g,) = [g for g in qili.read_games(shared / v["file"]) if g["index"] == 1]
        cases.append((g["fen"], g["moves"][: v["ply"] - 1], "axf", 3))
        cases.append((g["fen"], g["moves"][: v["ply"] - 1], "cxa", 3))
    assert check(cli, cases) == 48
    # One ply before Fairy-Stockfish rules, the move it rules on is listed as repeating.
    assert all(any(m["repetition"]["occurrence"] >= 3 for m in game_moves(*c)["moves"]
                   if "repetition" in m) for c in cases[::2])
