"""Every public function and class of qili, against the command line where it has one."""

import doctest
import json
import os
import re

import pytest

import qili

from conftest import REPO, json_lines

CHECK_FEN = "3k5/9/9/9/9/9/9/9/9/4K2R1 w - - 0 1"
CHECKS = ["h0h9"] + ["d9d8", "h9h8", "d8d9", "h8h9"] * 2  # Red checks perpetually
CHASE_FEN = "3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1"
CHASES = "i3g3 g8i7 g3i3 i7g8 i3g3 g8i7 g3i3 i7g8".split()  # Red's chariot chases the horse
IDLE_FEN = "3k5/4a4/9/9/9/9/9/9/4A4/5K3 w - - 0 1"
IDLE = "e1d0 e8f9 d0e1 f9e8 e1d0 e8f9 d0e1 f9e8".split()  # both sides idle: a draw


def test_docstring_examples_run():
    result = doctest.testmod(qili)
    assert result.attempted >= 20 and result.failed == 0


def test_readme_example_runs():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("## qili for Python", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    assert len([l for l in code.splitlines() if l.strip()]) <= 6
    exec(compile(code, "README.md", "exec"), {})


def test_judge_ruling_cycles_evidence():
    j = qili.judge(CHASE_FEN, CHASES)
    assert (j.result, j.status, j.plies) == ("black_wins", "must_change", 8)
    assert j.articles[0] == "CXA1999 24.3" and j.start_fen == CHASE_FEN
    assert j.ruling["result"] == "black_wins" and j.ruling["source"] == "cycle"
    assert {a["code"] for a in j.article_texts} == set(j.articles)
    assert all(a["zh"] and a["en"] for a in j.article_texts)
    (cycle,) = j.cycles
    assert cycle["red"]["conduct"] == "perpetual_chase" and cycle["red"]["forbidden"]
    assert cycle["black"]["conduct"] == "idle"
    chase = next(m for m in cycle["moves"] if m["side"] == "red")
    assert chase["labels"] == ["chase"]
    evidence = chase["chases"][0]
    assert (evidence["attackers"], evidence["target"], evidence["target_role"]) == (["g3"], "g8", "horse")
    assert evidence["root"] == "unprotected" and evidence["line"] == ["g3g8"]
    assert "Red must change" in j.explain(lang="en")
    assert "红方" in j.explain()
    assert len(j.explain(lang="en", detail=True)) > len(j.explain(lang="en"))
    assert "must_change" in repr(j)
    assert json.loads(j.to_json()) == j.to_dict()


def test_judge_to_dict_is_the_cli_json(cli):
    for fen, moves, rules in [(CHASE_FEN, CHASES, "cxa"), (CHECK_FEN, CHECKS, "axf"),
                              (IDLE_FEN, IDLE, "cxa")]:
        code, out = cli("judge", "--format", "json", "--rules", rules, "--fen", fen,
                        "--moves", " ".join(moves))
        assert code == 0
        assert qili.judge(fen, moves, rules=rules).to_dict() == json.loads(out)


def test_judge_reads_every_notation_and_score_sheets():
    iccs = qili.judge("startpos", ["h2e2", "h9g7"]).to_dict()["moves"]
    assert qili.judge("startpos", ["炮二平五", "马8进7"]).plies == 2
    assert qili.judge("startpos", ["C2.5", "H8+7"]).plies == 2
    assert qili.judge("startpos", "1. 炮二平五 马８进７ 2. 马二进三 1-0").plies == 3
    assert qili.judge(qili.START_FEN, []).result == "none"
    assert iccs == []


def test_settings_pass_through():
    # Under AXF the idle line is also a draw; at 2 repetitions it is ruled earlier.
    assert qili.judge(IDLE_FEN, IDLE, rules="axf").result == "draw"
    assert qili.judge(IDLE_FEN, IDLE[:4], repetitions=2).ruling["ply"] == 4
    assert qili.judge(IDLE_FEN, IDLE[:4]).result == "none"
    with pytest.raises(ValueError, match="unknown rule set"):
        qili.judge(IDLE_FEN, IDLE, rules="fide")
    with pytest.raises(ValueError, match="at least 2"):
        qili.judge(IDLE_FEN, IDLE, repetitions=1)
    with pytest.raises(TypeError):
        qili.judge(IDLE_FEN, 42)


def test_label_is_the_cli_json(cli):
    r = qili.label(CHASE_FEN, CHASES[:2])
    assert [m["labels"] for m in r["moves"]] == [["chase"], ["idle"]]
    code, out = cli("label", "--format", "json", "--fen", CHASE_FEN, "--moves", " ".join(CHASES))
    assert code == 0 and qili.label(CHASE_FEN, CHASES) == json.loads(out)


def test_is_optional_game_end_values():
    # Black to move after the ninth ply; Red checked perpetually: Black wins.
    assert qili.is_optional_game_end(CHECK_FEN, CHECKS, rules="cxa") == (True, 32000)
    assert qili.is_optional_game_end(CHECK_FEN, CHECKS) == (True, qili.VALUE_MATE)
    assert qili.is_optional_game_end(CHECK_FEN, CHECKS[:5]) == (False, 0)
    # Red to move after the eighth ply, Red must change: the loss it incurs, or no end yet.
    assert qili.is_optional_game_end(CHASE_FEN, CHASES, rules="cxa") == (True, -32000)
    assert qili.is_optional_game_end(CHASE_FEN, CHASES, rules="cxa", final_only=True) == (False, 0)
    assert qili.is_optional_game_end(IDLE_FEN, IDLE) == (True, 0)
    assert qili.is_optional_game_end(IDLE_FEN, IDLE[:4], repetitions=2) == (True, 0)
    assert qili.judge(CHECK_FEN, CHECKS).game_end() == (True, 32000)


def test_must_change_under_each_setting():
    # The table of docs/python.md: pyffish's reading by default, the rules' with final_only.
    must_change, repeated = CHASES, CHASES + CHASES[:4]
    assert qili.judge(CHASE_FEN, must_change).status == "must_change"
    assert qili.judge(CHASE_FEN, repeated).status == "final"
    for rules in ("cxa", "axf"):
        assert qili.is_optional_game_end(CHASE_FEN, must_change, rules=rules) == (True, -32000)
        assert qili.is_optional_game_end(
            CHASE_FEN, must_change, rules=rules, final_only=True) == (False, 0)
        for final_only in (False, True):
            assert qili.is_optional_game_end(
                CHASE_FEN, repeated, rules=rules, final_only=final_only) == (True, -32000)
    g = qili.Game(CHASE_FEN)
    for m in must_change:
        g.push(m)
    assert (g.is_optional_game_end(), g.is_optional_game_end(final_only=True)) == (
        (True, -32000), (False, 0))
    assert g.judge().game_end(final_only=True) == (False, 0)


def test_is_optional_game_end_takes_pyffish_calls():
    def uci(m):
        return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"

    assert qili.is_optional_game_end("xiangqi", CHECK_FEN, [uci(m) for m in CHECKS]) == (True, 32000)
    assert qili.is_optional_game_end("xiangqi", CHASE_FEN, [uci(m) for m in CHASES]) == (True, -32000)
    # White space around a move is no part of it (the quick read of short texts falls back
    # to trimming them).
    padded = [f" {uci(m)}\t" for m in CHECKS]
    assert qili.is_optional_game_end("xiangqi", CHECK_FEN, padded) == (True, 32000)
    with pytest.raises(ValueError, match="xiangqi only"):
        qili.is_optional_game_end("chess", CHECK_FEN, [])
    with pytest.raises(qili.MoveError, match="not a UCI move") as e:
        qili.is_optional_game_end("xiangqi", CHECK_FEN, ["h0h9"])
    assert e.value.ply == 1


def test_move_lists_of_every_shape():
    # A list, a tuple, a generator, one score sheet, items holding several moves or
    # non-ASCII notation: the same ruling (the binding reads short ASCII texts inline).
    expected = qili.is_optional_game_end(CHECK_FEN, CHECKS)
    shapes = [CHECKS, tuple(CHECKS), (m for m in CHECKS), " ".join(CHECKS),
              [" ".join(CHECKS[:5]), " ".join(CHECKS[5:])], [f"  {m} " for m in CHECKS]]
    for moves in shapes:
        assert qili.is_optional_game_end(CHECK_FEN, moves) == expected
    chinese = qili.label(CHASE_FEN, CHASES)["moves"]
    assert qili.is_optional_game_end(CHASE_FEN, [m["chinese"] for m in chinese]) == (
        qili.is_optional_game_end(CHASE_FEN, CHASES))
    with pytest.raises(TypeError, match="sequence of move strings"):
        qili.is_optional_game_end(CHECK_FEN, [b"h0h9"])
    with pytest.raises(TypeError, match="sequence of move strings"):
        qili.is_optional_game_end(CHECK_FEN, 42)
    with pytest.raises(ValueError, match="chess960"):
        qili.is_optional_game_end("xiangqi", CHECK_FEN, [], True)
    with pytest.raises(qili.MoveError, match="not a UCI move") as e:
        qili.is_optional_game_end("xiangqi", CHECK_FEN, ["h1h10", "d10d9", "h10x9"])
    assert (e.value.ply, e.value.place) == (3, "moves")


def test_game_push_in_every_notation_and_ruling():
    g = qili.Game()
    assert g.fen() == qili.START_FEN and g.ply == 0 and len(g.legal_moves()) == 44
    assert g.push("h2e2")["status"] == "none"
    g.push("马8进7")
    g.push("H2+3")
    g.push_uci("i10i9")
    assert g.move_stack == ["h2e2", "h9g7", "h0g2", "i9i8"]
    assert g.start_fen == qili.START_FEN and g.ply == 4
    assert g.fen() == "rnbakab2/8r/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3"
    assert g.is_optional_game_end() == (False, 0)
    assert g.judge().plies == 4


def test_game_agrees_with_judge_after_every_ply():
    g = qili.Game(CHASE_FEN, rules="cxa")
    for k, m in enumerate(CHASES, 1):
        r = g.push(m)
        j = qili.judge(CHASE_FEN, CHASES[:k])
        assert (r["result"], r["status"], r["articles"]) == (j.result, j.status, j.articles)
        assert g.ruling() == r
        assert g.is_optional_game_end() == j.game_end()
    assert g.ruling()["source"] == "cycle"
    assert g.is_optional_game_end(final_only=True) == (False, 0)
    assert "must_change" in repr(g)
    a = qili.Game(CHECK_FEN, rules="axf", repetitions=3)
    for m in CHECKS:
        a.push(m)
    assert a.is_optional_game_end() == (True, 32000)


def test_game_errors_change_nothing():
    g = qili.Game()
    g.push("h2e2")
    with pytest.raises(qili.MoveError) as e:
        g.push("h2e2")
    assert (e.value.ply, e.value.move_number, e.value.place) == (2, 1, "push")
    assert e.value.fen == g.fen() and g.ply == 1
    with pytest.raises(qili.MoveError, match="cannot read move"):
        g.push("xyz")
    with pytest.raises(qili.FenError) as e:
        qili.Game("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1")
    assert e.value.place == "Game: fen" and e.value.column is not None


def test_exceptions_carry_the_place_and_the_cli_message(cli):
    with pytest.raises(qili.MoveError) as e:
        qili.judge("startpos", ["h2e2", "h9g7", "e2e9"])
    err = e.value
    assert isinstance(err, qili.QiliError) and isinstance(err, ValueError)
    assert (err.place, err.move_number, err.ply, err.column) == ("moves", 2, 3, 11)
    assert err.fen.startswith("rnbakab1r/") and err.file is None and err.game is None
    assert str(err).startswith('moves: move 2 (ply 3), column 11: illegal move "e2e9"')
    # The same message as `qili judge --cases` gives for that case.
    case = json.dumps({"id": 1, "fen": "startpos", "moves": ["h2e2", "h9g7", "e2e9"]})
    import subprocess
    from conftest import qili_binary
    p = subprocess.run([qili_binary(), "judge", "--cases", "-"], input=case.encode(),
                       capture_output=True)
    assert json.loads(p.stdout)["error"] == str(err)
    with pytest.raises(qili.MoveError) as e:
        qili.judge("startpos", "1. 炮二平五 炮８平５ 2. 马８进７")
    assert e.value.move_number == 2 and e.value.ply == 3
    with pytest.raises(qili.FenError) as e:
        qili.judge("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w - - 0 1", [])
    assert e.value.place == "moves: fen" and e.value.column == 58
    with pytest.raises(qili.MoveError, match="limit"):
        qili.judge(IDLE_FEN, IDLE[:4] * 25_001)


def test_read_games_is_convert_json(cli, tmp_path):
    games_dir = REPO / "corpus" / "games"
    code, out = cli("convert", "--to", "json", games_dir)
    assert code == 1  # the ICCS line file's comment lines are no game
    assert list(qili.read_games(games_dir)) == json_lines(out)
    assert list(qili.read_games([str(games_dir)])) == json_lines(out)
    # Problems are values: a missing path, a file without a game, a game cut short.
    (tmp_path / "empty.pgn").write_bytes(b"")
    (tmp_path / "cut.pgn").write_text("1. h2e2 h9g7 2. e2e9\n", encoding="utf-8")
    items = list(qili.read_games([tmp_path / "missing.pgn", tmp_path]))
    assert [(g["index"], (g["error"] or {}).get("kind")) for g in items] == [
        (0, "path"), (1, "illegal_move"), (0, "no_game")]
    assert items[1]["moves"] == ["h2e2", "h9g7"] and items[1]["error"]["ply"] == 3
    with pytest.raises(TypeError):
        qili.read_games(42)


def test_audit_is_the_cli_audit(cli):
    games_dir = REPO / "corpus" / "games"
    code, out = cli("audit", games_dir, "--json")
    assert code == 1  # one sample game disagrees on purpose
    lines = json_lines(out)
    a = qili.audit(games_dir)
    assert iter(a) is a and a.summary is None
    games = list(a)
    assert games == [l["data"] for l in lines[:-1]]
    drop = {"seconds", "games_per_second"}
    summary = {k: v for k, v in a.summary.items() if k not in drop}
    assert summary == {k: v for k, v in lines[-1]["data"].items() if k not in drop}
    assert next(a, None) is None
    axf = list(qili.audit([games_dir], rules="axf", jobs=1, all_repetitions=True))
    assert len(axf) == len(games)
    with pytest.raises(ValueError):
        qili.audit(games_dir, jobs=0)


def test_find_files():
    files = qili.find_files(REPO / "corpus" / "games")
    assert len(files) == 3 and files == sorted(files)
    assert all(os.path.isfile(f) for f in files)
    assert qili.find_files(["/no/such/path"]) == []


def test_stubs_name_every_public_item():
    import ast
    import pathlib

    stub = pathlib.Path(qili.__file__).with_name("__init__.pyi")
    assert pathlib.Path(qili.__file__).with_name("py.typed").exists()
    tree = ast.parse(stub.read_text(encoding="utf-8"))
    names = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    names |= {t.id for n in tree.body if isinstance(n, (ast.AnnAssign, ast.Assign))
              for t in ([n.target] if isinstance(n, ast.AnnAssign) else n.targets)}
    assert set(qili.__all__) <= names
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        members = {m.name for m in cls.body if isinstance(m, ast.FunctionDef)}
        members |= {m.target.id for m in cls.body if isinstance(m, ast.AnnAssign)}
        if cls.name.startswith("_"):
            continue
        obj = getattr(qili, cls.name)
        if issubclass(obj, dict):  # a TypedDict: its keys, inherited ones too
            assert set(obj.__annotations__) <= members | inherited_keys(tree, cls), cls.name
            continue
        public = {a for a in dir(obj) if not a.startswith("_")}
        public -= set(dir(ValueError))
        assert public <= members, cls.name


def inherited_keys(tree, cls):
    import ast

    bases = {b.id for b in cls.bases if isinstance(b, ast.Name)}
    return {m.target.id for n in tree.body if isinstance(n, ast.ClassDef) and n.name in bases
            for m in n.body if isinstance(m, ast.AnnAssign)}
