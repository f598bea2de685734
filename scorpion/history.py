"""The last games: one record per game that ended (won, or abandoned after it counted),
newest first, at most ``LIMIT``.

A record says when the game ended (ms since 1970, UTC), which deal it was (None: a
deck of the player's own), how it ended, its moves, time and score, the help it had
(``ASSIST_KINDS``) and whether it was clean (no undo took back a card turned face up).

>>> r = GameRecord(1_764_489_600_000, "classic", 7, "won", 51, 90_000, 695, ("hint",), False)
>>> GameRecord.from_dict(r.to_dict()) == r
True
>>> records, dropped = read_records([r.to_dict(), {"variant": "chess"}])
>>> len(records), dropped
(1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final

from .deals import MAX_DEAL, MIN_DEAL
from .game import VARIANTS

#: The last moment a saved time may name (9999-12-31 00:00 UTC, ms since 1970): every
#: calendar writes its date in any time zone, and it crosses to JavaScript as a plain
#: number (an integer beyond 2**53 would not). A saved time beyond it cannot be true.
LATEST_MS: Final = 253_402_214_400_000
#: The help a game can have had: the Hint button, a solver's line watched, auto-finish.
ASSIST_KINDS: Final = ("hint", "solver_line", "auto_finish")
RESULTS: Final = ("won", "abandoned")
LIMIT: Final = 100


class BadRecordError(ValueError):
    """A saved record of a game that cannot be true."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    ended_at: int
    variant: str
    deal: int | None
    result: str
    moves: int
    elapsed_ms: int
    score: int
    assisted: tuple[str, ...] = ()  # the kinds of help, in ASSIST_KINDS order
    clean: bool = True

    @property
    def won(self) -> bool:
        return self.result == "won"

    def to_dict(self) -> dict[str, Any]:
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Read one saved record; BadRecordError for anything that cannot be true."""
        if not isinstance(data, dict) or set(data) != {f.name for f in fields(cls)}:
            raise BadRecordError("a record must be an object with the known fields")
        for name in ("ended_at", "moves", "elapsed_ms", "score"):
            if not _whole(data[name]):
                raise BadRecordError(f"record field {name} must be a whole number >= 0")
        if data["ended_at"] > LATEST_MS:
            raise BadRecordError("record field ended_at must be a moment before the year 10000")
        deal = data["deal"]
        if deal is not None and not (_whole(deal) and MIN_DEAL <= deal <= MAX_DEAL):
            raise BadRecordError("record field deal must be a deal number or null")
        if data["variant"] not in VARIANTS or data["result"] not in RESULTS:
            raise BadRecordError("unknown variant or result")
        assisted = data["assisted"]
        if not isinstance(assisted, list) or assisted != assist_order(assisted):
            raise BadRecordError("record field assisted must list known kinds, each once")
        if not isinstance(data["clean"], bool):
            raise BadRecordError("record field clean must be true or false")
        if data["result"] == "won" and data["moves"] == 0:
            raise BadRecordError("a game is not won without a move")
        return cls(**{**data, "assisted": tuple(assisted)})


def assist_order(kinds: Any) -> list[str]:
    """Known kinds among ``kinds``, each once, in ``ASSIST_KINDS`` order."""
    return [kind for kind in ASSIST_KINDS if kind in kinds]


def read_records(data: Any) -> tuple[tuple[GameRecord, ...], int]:
    """The readable records of a saved list (newest first, at most ``LIMIT``) and how
    many were dropped as unreadable. Never raises."""
    if not isinstance(data, list):
        return (), 1
    records: list[GameRecord] = []
    dropped = 0
    for item in data:
        try:
            records.append(GameRecord.from_dict(item))
        except BadRecordError:
            dropped += 1
    dropped += max(0, len(records) - LIMIT)
    return tuple(records[:LIMIT]), dropped


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
