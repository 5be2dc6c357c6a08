"""qili (棋例): Xiangqi repetition rules for Python.

Rulings on perpetual check, chase and the other repetitions under the rules of the Chinese
Xiangqi Association (``rules="cxa"``) or the Asian Xiangqi Federation (``rules="axf"``),
each with the labels of every move (check 将, mate threat 杀, chase 捉, …), their evidence
(attacker, target, protectors, line) and the articles applied. The work is done by the Rust
library behind the ``qili`` command, with the GIL released.

>>> import qili
>>> fen = "3k5/9/9/9/9/9/9/9/9/4K2R1 w - - 0 1"  # Red checks, Black's general shuffles
>>> line = ["h0h9"] + ["d9d8", "h9h8", "d8d9", "h8h9"] * 2
>>> j = qili.judge(fen, line, rules="cxa1999")  # the 1999 text: lost at once (24.1)
>>> j.result, j.status, j.articles[:2]
('black_wins', 'final', ['CXA1999 24.1', 'CXA1999 26.1'])
>>> qili.judge(fen, line).status  # the current edition (2011/2020, 图6): must change first
'must_change'
>>> qili.is_optional_game_end(fen, line)  # Black to move, and Black wins
(True, 32000)

Errors are exceptions (``QiliError``, a ``ValueError``, and its subclasses ``FenError``,
``MoveError``) carrying the message of the command line and the place as
attributes (``place``, ``move_number``, ``ply``, ``column``, ``fen``, ``file``, ``game``):

>>> try:
...     qili.judge("startpos", ["h2e2", "h9g7", "e2e9"])
... except qili.MoveError as e:
...     print(e.ply, e.move_number, e.column)
3 2 11
"""

from __future__ import annotations

import os
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, TypedDict, Union

from . import _qili
from ._qili import (
    Audit,
    FenError,
    Game,
    GameReader,
    Judgement,
    MoveError,
    QiliError,
    __version__,
)

__all__ = [
    "START_FEN",
    "VALUE_MATE",
    "ArticleText",
    "Audit",
    "Effect",
    "FenError",
    "Game",
    "GameReader",
    "Judgement",
    "MoveError",
    "MoveOutlook",
    "Outlook",
    "QiliError",
    "Repetition",
    "RepetitionWarning",
    "Ruling",
    "__version__",
    "audit",
    "find_files",
    "is_optional_game_end",
    "judge",
    "label",
    "read_games",
]

#: The standard start position (``"startpos"`` is accepted wherever a FEN is).
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

#: The value of a won game in ``is_optional_game_end``, as Fairy-Stockfish's ``VALUE_MATE``.
VALUE_MATE = 32000


# The shapes of the dicts qili returns where the documented JSON fixes them (for type
# checkers and readers; at run time they are plain dicts).


class Ruling(TypedDict):
    """A ruling (``Game.push``, ``Game.ruling``; ``ruling`` in docs/moves-json.md)."""

    result: str  #: ``red_wins``, ``black_wins``, ``draw``, ``none``
    status: str  #: ``final``, ``must_change``, ``none``
    source: str  #: ``cycle``, ``natural_limit``, ``none``
    articles: List[str]  #: the article codes cited


class ArticleText(TypedDict):
    """An article cited, with its title in Chinese and English."""

    code: str
    zh: str
    en: str


class _EffectBase(TypedDict):
    ply: int
    result: str
    status: str
    occurrence: Optional[int]
    played_again: bool
    articles: List[ArticleText]


class Effect(_EffectBase, total=False):
    """A ruling taking effect with a move (``effect`` in docs/moves-json.md); a cycle's
    carries ``reason``, ``offender`` and each side's conduct (``red``, ``black``)."""

    reason: str
    offender: Optional[str]
    red: Dict[str, Any]
    black: Dict[str, Any]


class Repetition(TypedDict):
    """The repetition a move completes: the occurrence it makes (2: the first repetition),
    the plies of the earlier ones, and the loop it closes (ICCS, the move last)."""

    occurrence: int
    first_ply: int
    previous_ply: int
    loop: List[str]


class RepetitionWarning(TypedDict):
    """What one more round of the loop would bring to a move that repeats and decides
    nothing yet (``warning`` in docs/moves-json.md)."""

    plies_more: int
    last_move: str
    by: str
    consequence: str
    effect: Effect


class _MoveOutlookBase(TypedDict):
    move: str
    chinese: str
    consequence: str
    banned: bool
    ruling: Ruling


class MoveOutlook(_MoveOutlookBase, total=False):
    """A move that matters and what it would bring (``moves[]`` in docs/moves-json.md)."""

    repetition: Repetition
    effect: Effect
    warning: RepetitionWarning


class Outlook(TypedDict):
    """``Game.moves()``: the object of ``qili moves --format json`` (docs/moves-json.md)."""

    schema_version: int
    rules: str
    repetitions: int
    ply: int
    fen: str
    mover: str
    ruling: Ruling
    legal_moves: int
    banmoves: List[str]
    moves: List[MoveOutlook]


Moves = Union[str, Sequence[str]]
Paths = Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]]


def _paths(paths: Paths):
    if isinstance(paths, (str, os.PathLike)):
        return paths
    return list(paths)


def judge(
    fen: str,
    moves: Moves,
    rules: str = "cxa",
    repetitions: int = 3,
    natural_limit: int = 60,
) -> Judgement:
    """Judges a line of play, as ``qili judge --fen FEN --moves ...``.

    ``fen`` is a FEN or ``"startpos"``; ``moves`` a list of moves (ICCS/UCCI coordinates
    ``h2e2``, Chinese ``炮二平五``, WXF ``C2.5``) or one string written as a score sheet
    (move numbers and a result allowed). ``rules`` is any rule set the command line's
    ``--rules`` accepts (``cxa``, ``axf``); ``repetitions`` the occurrences of a position
    at which a ruling is in force; ``natural_limit`` the natural move limit (0: none).

    >>> j = judge("3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1",
    ...           "i3g3 g8i7 g3i3 i7g8 i3g3 g8i7 g3i3 i7g8")
    >>> j.result, j.status, j.articles[0]
    ('black_wins', 'must_change', 'CXA1999 24.3')
    >>> j.cycles[0]["red"]["conduct"], j.cycles[0]["black"]["conduct"]
    ('perpetual_chase', 'idle')
    >>> print(j.explain(lang="en").splitlines()[0])
    Ruling (CXA 2011/2020): Red must change; if it repeats the cycle, Black wins — cycle 1, in force at move 4 (ply 8).
    """
    return _qili.judge(fen, moves, rules, repetitions, natural_limit)


def label(fen: str, moves: Moves, rules: str = "cxa", mutual_attack: bool = False) -> dict:
    """Labels every move of a line with its evidence, as ``qili label --format json``
    (docs/label-json.md): a dict with ``schema_version``, ``rules``, ``start_fen`` and
    ``moves`` (each with ``labels``, heaviest first, ``chases``, ``evidence`` …).

    >>> r = label("3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1", ["i3g3", "g8i7"])
    >>> [m["labels"] for m in r["moves"]]
    [['chase'], ['idle']]
    """
    return _qili.label(fen, moves, rules, mutual_attack)


def is_optional_game_end(
    fen: str,
    moves: Moves,
    rules: Union[str, Sequence[str]] = "axf",
    repetitions: Union[int, bool] = 3,
    *,
    natural_limit: int = 60,
    final_only: bool = False,
) -> Tuple[bool, int]:
    """Whether the repetition rules end the game after ``moves``: ``(ended, value)``, the
    shape and signs of ``pyffish.is_optional_game_end``.

    ``value`` is from the view of the side to move after the moves: ``32000``
    (``VALUE_MATE``) it wins, ``-32000`` it loses, ``0`` a draw; ``(False, 0)`` when no
    ruling is in force. qili's rulings map so:

    ========================== ==============================================
    ruling (``judge``)         ``(ended, value)``
    ========================== ==============================================
    none                       ``(False, 0)``
    draw, final                ``(True, 0)``
    a side wins, final         ``(True, ±32000)``
    a side must change         ``(True, ±32000)``: the loss the offender incurs
                               if it repeats (as Fairy-Stockfish ends a
                               perpetual chase); ``(False, 0)`` with
                               ``final_only=True``, until it repeats
    natural move limit reached ``(True, 0)``
    ========================== ==============================================

    Why "must change" ends the game by default: the rules (CXA 2011/2020 图6, AXF r3/r6)
    order the offender to change (变着) and let it lose only if it plays the cycle once
    more, but Fairy-Stockfish ends the game at once with that loss; a drop-in must end
    games where pyffish ends them, or a play server switching its import would play on
    without learning that the offender was ordered to change. ``final_only=True`` gives the
    rules' reading, for a server that enforces them (forbidding the repetition, e.g. with
    ``Game.moves()["banmoves"]``): ``(False, 0)`` while the offender must change, the loss
    once it repeats.

    >>> chase_fen = "3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1"  # Red's chariot chases the horse
    >>> chase = ["i3g3", "g8i7", "g3i3", "i7g8"] * 2   # the third occurrence: Red must change
    >>> is_optional_game_end(chase_fen, chase, rules="cxa")
    (True, -32000)
    >>> is_optional_game_end(chase_fen, chase, rules="cxa", final_only=True)
    (False, 0)
    >>> is_optional_game_end(chase_fen, chase + chase[:4], rules="cxa", final_only=True)
    (True, -32000)

    Two ways to call it:

    - qili's: ``is_optional_game_end(fen, moves, rules="axf", repetitions=3)`` with moves
      in ICCS (``h2e2``, ranks 0–9) or any notation ``judge`` reads;
    - pyffish's: ``is_optional_game_end("xiangqi", fen, uci_moves)`` with Fairy-Stockfish's
      UCI moves (ranks 1–10: ``h3e3``), AXF rules, 3 repetitions — so that a play server
      switches by changing its import.

    What pyffish cannot say and qili can: whether a ruling is final or the offender must
    change (``final_only``, ``judge(...).status``), why (``judge(...).cycles``: each side's
    conduct, every move's labels with attacker, target, protectors and line), the articles
    (``judge(...).articles``), the CXA rules, and the explanation (``judge(...).explain()``).

    >>> fen = "3k5/9/9/9/9/9/9/9/9/4K2R1 w - - 0 1"
    >>> line = ["h0h9"] + ["d9d8", "h9h8", "d8d9", "h8h9"] * 2
    >>> is_optional_game_end(fen, line[:5])  # the position twice: no ruling yet
    (False, 0)
    >>> is_optional_game_end(fen, line)  # Black to move: Red checked perpetually, Black wins
    (True, 32000)
    >>> uci = ["h1h10"] + ["d10d9", "h10h9", "d9d10", "h9h10"] * 2  # pyffish's moves
    >>> is_optional_game_end("xiangqi", fen, uci)  # pyffish's call
    (True, 32000)
    """
    # The call form is told apart in Rust (no FEN lacks a "/"), so that a play server's call
    # costs this frame and one crossing into the native module.
    return _game_end(fen, moves, rules, repetitions, natural_limit, final_only)


_game_end = _qili.is_optional_game_end


def read_games(paths: Paths) -> GameReader:
    """Iterates over the games of record files and folders (read recursively, in name
    order): PGN in any notation and encoding, XQF, CCBridge CBR/CBL/CBF, DhtmlXQ, plain move
    lists. Each game is the dict ``qili convert --to json`` writes (docs/convert-json.md):
    ``file``, ``index`` (from 1), ``tags``, ``fen``, ``moves`` (ICCS), ``result``,
    ``error`` and ``warnings``. A game read in part carries the moves before its ``error``;
    a file or path that gave no game is an item with ``index`` 0 and its ``error``.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "g.pgn")
    >>> with open(path, "w", encoding="utf-8") as f:
    ...     _ = f.write('[Result "1-0"]\\n1. 炮二平五 马８进７ 2. 马二进三 1-0\\n')
    >>> g = next(iter(read_games(path)))
    >>> g["moves"], g["result"], g["error"]
    (['h2e2', 'h9g7', 'h0g2'], '1-0', None)
    """
    return _qili.read_games(_paths(paths))


def find_files(paths: Paths) -> list:
    """The files ``audit(paths)`` reads, in its order (folders walked recursively, each file
    once), as strings; paths that cannot be read are left out (the audit reports them).
    """
    return _qili.find_files(_paths(paths))


def audit(
    paths: Paths,
    rules: str = "cxa",
    repetitions: int = 3,
    natural_limit: int = 60,
    jobs: Union[int, None] = None,
    all_repetitions: bool = False,
) -> Audit:
    """Audits record files and folders, as ``qili audit PATH... --json``: every game
    replayed, every repetition ruled and compared with the recorded result.

    Returns an iterator of one dict per game (the ``data`` of a game line of
    docs/audit-json.md: ``file``, ``index``, ``tags``, ``ruling``, ``cycles``,
    ``findings``, ``disagrees`` …), in the audit's order; once it is exhausted, its
    ``summary`` is the summary object. The audit runs on ``jobs`` threads of its own
    (default: one per core) with the GIL released.

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> with open(os.path.join(folder, "g.pgn"), "w", encoding="utf-8") as f:
    ...     _ = f.write('[Result "1/2-1/2"]\\n[FEN "3k5/R8/9/9/9/9/9/9/9/5K3 w - - 0 1"]\\n'
    ...                 '1. a8a9 d9d8 2. a9a8 d8d9 3. a8a9 d9d8 4. a9a8 d8d9 1/2-1/2\\n')
    >>> a = audit(folder, rules="cxa1999")  # 24.1: the perpetual checker loses at once
    >>> [(g["ruling"]["result"], g["findings"], g["disagrees"]) for g in a]
    [('black_wins', [{'kind': 'draw_should_be_loss', 'loser': 'red'}], True)]
    >>> a.summary["games_read"], a.summary["games_disagreeing"]
    (1, 1)
    """
    return _qili.audit(_paths(paths), rules, repetitions, natural_limit, jobs, all_repetitions)
