"""`read_games` on the CCPD folder (../shared/games/ccpd: 27,950 games in PGN, and the
other files of the collection) equals `qili convert --to json` of the same folder, game by
game and field by field; the files or games convert reports on standard error are the items
of `read_games` with an error."""

import qili

from conftest import json_lines


def test_read_games_on_ccpd_is_convert_json(shared, cli):
    folder = shared / "games" / "ccpd"
    code, out = cli("convert", "--to", "json", folder)
    assert code in (0, 1)
    expected = json_lines(out)
    got = list(qili.read_games(folder))
    games = [g for g in got if g["index"] > 0]
    problems = [g for g in got if g["index"] == 0]
    assert len(expected) > 27_000
    assert games == expected
    # Every file-level problem names its file and a kind.
    assert all(p["error"]["kind"] and p["file"] in p["error"]["message"] for p in problems)
