"""`is_optional_game_end` equals `judge` (its ruling mapped to pyffish's values) on every case
of ../shared/vectors: the Fairy-Stockfish chasing cases, the AXF and CXA diagrams (each with
its own rules and repetitions), and the 2,514 CCPD games cut at the ply where a position
reached its third occurrence (ccpd-fairy-stockfish.jsonl, 3 repetitions: AXF, and the two
CXA editions)."""

import json

import qili

VECTORS = ["fairy-stockfish-xiangqi-chasing.jsonl", "axf-diagrams.jsonl", "cxa-diagrams.jsonl"]


def uci(m):
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def expected_value(fen, moves, j):
    """The documented mapping, written out: value from the view of the side to move."""
    if j.status == "none":
        return (False, 0)
    if j.result == "draw":
        return (True, 0)
    red_to_move = (len(moves) % 2 == 0) == (fen.split()[1] == "w")
    return (True, 32000 if (j.result == "red_wins") == red_to_move else -32000)


def cases(shared):
    for name in VECTORS:
        with open(shared / "vectors" / name, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    v = json.loads(line)
                    yield v["id"], v["fen"], v["moves"], v.get("rules", "axf"), v.get("repetitions", 3)


def ccpd_cases(shared, rules="axf"):
    with open(shared / "vectors" / "ccpd-fairy-stockfish.jsonl", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                v = json.loads(line)
                (g,) = [g for g in qili.read_games(shared / v["file"]) if g["index"] == 1]
                yield v["file"], g["fen"], g["moves"][: v["ply"]], rules, 3


def check(all_cases, pyffish_call):
    n = 0
    for cid, fen, moves, rules, reps in all_cases:
        j = qili.judge(fen, moves, rules=rules, repetitions=reps)
        got = qili.is_optional_game_end(fen, moves, rules=rules, repetitions=reps)
        assert got == expected_value(fen, moves, j) == j.game_end(), cid
        if pyffish_call and rules == "axf" and reps == 3:
            assert qili.is_optional_game_end("xiangqi", fen, [uci(m) for m in moves]) == got, cid
        n += 1
    return n


def test_vectors(shared):
    assert check(cases(shared), pyffish_call=True) == 33 + 103 + 31


def test_ccpd_threefold_games(shared):
    assert check(ccpd_cases(shared), pyffish_call=True) == 2514


def test_ccpd_threefold_games_under_cxa(shared):
    """The same games under both CXA editions: is_optional_game_end labels only the cycles
    that could give the ruling (analyzer: judge_ruling), whatever the rule book."""
    for rules in ("cxa", "cxa1999"):
        assert check(ccpd_cases(shared, rules), pyffish_call=False) == 2514, rules
