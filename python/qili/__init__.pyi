"""Type stubs of qili (the native module qili._qili and its Python wrapper)."""

import os
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, TypedDict, Union

__version__: str
START_FEN: str
VALUE_MATE: int

Moves = Union[str, Sequence[str]]
PathLike = Union[str, "os.PathLike[str]"]
Paths = Union[PathLike, Iterable[PathLike]]

class Ruling(TypedDict):
    """A ruling (``Game.push``, ``Game.ruling``; ``ruling`` in docs/moves-json.md)."""

    result: str
    status: str
    source: str
    articles: List[str]


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

class QiliError(ValueError):
    """An input qili cannot read; the message names the place, and so do the attributes."""

    place: Optional[str]
    move_number: Optional[int]
    ply: Optional[int]
    column: Optional[int]
    fen: Optional[str]
    file: Optional[str]
    game: Optional[int]

class FenError(QiliError):
    """A FEN that cannot be read or played."""

class MoveError(QiliError):
    """A move that cannot be read or played."""

class Judgement:
    """The judgement of a line of play."""

    @property
    def result(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def articles(self) -> List[str]: ...
    @property
    def article_texts(self) -> List[Dict[str, str]]: ...
    @property
    def ruling(self) -> Dict[str, Any]: ...
    @property
    def cycles(self) -> List[Dict[str, Any]]: ...
    @property
    def plies(self) -> int: ...
    @property
    def start_fen(self) -> str: ...
    def explain(self, lang: str = "zh", detail: bool = False, all_cycles: bool = False) -> str: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def to_json(self) -> str: ...
    def game_end(self, final_only: bool = False) -> Tuple[bool, int]: ...

class Game:
    """A game played move by move, ruled after every move."""

    def __init__(
        self,
        fen: str = "startpos",
        rules: str = "cxa",
        repetitions: int = 3,
        natural_limit: int = 60,
    ) -> None: ...
    def push(self, mv: str) -> Ruling: ...
    def push_uci(self, mv: str) -> Ruling: ...
    def ruling(self) -> Ruling: ...
    def is_optional_game_end(self, final_only: bool = False) -> Tuple[bool, int]: ...
    def fen(self) -> str: ...
    @property
    def start_fen(self) -> str: ...
    @property
    def ply(self) -> int: ...
    @property
    def move_stack(self) -> List[str]: ...
    def legal_moves(self) -> List[str]: ...
    def moves(self) -> Outlook: ...
    def judge(self) -> Judgement: ...

class GameReader(Iterator[Dict[str, Any]]):
    """The games of record files, one dict per game (docs/convert-json.md)."""

    def __iter__(self) -> "GameReader": ...
    def __next__(self) -> Dict[str, Any]: ...

class Audit(Iterator[Dict[str, Any]]):
    """An audit in progress: the games (docs/audit-json.md), then `summary`."""

    def __iter__(self) -> "Audit": ...
    def __next__(self) -> Dict[str, Any]: ...
    @property
    def summary(self) -> Optional[Dict[str, Any]]: ...

def judge(
    fen: str,
    moves: Moves,
    rules: str = "cxa",
    repetitions: int = 3,
    natural_limit: int = 60,
) -> Judgement: ...
def label(fen: str, moves: Moves, rules: str = "cxa", mutual_attack: bool = False) -> Dict[str, Any]: ...
def is_optional_game_end(
    fen: str,
    moves: Moves,
    rules: Union[str, Sequence[str]] = "axf",
    repetitions: Union[int, bool] = 3,
    *,
    natural_limit: int = 60,
    final_only: bool = False,
) -> Tuple[bool, int]: ...
def read_games(paths: Paths) -> GameReader: ...
def find_files(paths: Paths) -> List[str]: ...
def audit(
    paths: Paths,
    rules: str = "cxa",
    repetitions: int = 3,
    natural_limit: int = 60,
    jobs: Optional[int] = None,
    all_repetitions: bool = False,
) -> Audit: ...
