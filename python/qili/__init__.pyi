"""Type stubs of qili (the native module qili._qili and its Python wrapper)."""

import os
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

__version__: str
START_FEN: str
VALUE_MATE: int

Moves = Union[str, Sequence[str]]
PathLike = Union[str, "os.PathLike[str]"]
Paths = Union[PathLike, Iterable[PathLike]]

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
    def push(self, mv: str) -> Dict[str, Any]: ...
    def push_uci(self, mv: str) -> Dict[str, Any]: ...
    def ruling(self) -> Dict[str, Any]: ...
    def is_optional_game_end(self, final_only: bool = False) -> Tuple[bool, int]: ...
    def fen(self) -> str: ...
    @property
    def start_fen(self) -> str: ...
    @property
    def ply(self) -> int: ...
    @property
    def move_stack(self) -> List[str]: ...
    def legal_moves(self) -> List[str]: ...
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
