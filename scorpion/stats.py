"""Statistics per variant: played, won, streaks, best score, fewest moves, fastest win,
clean and assisted wins, average moves and time per win; and the last games.

A game counts as played once its first move is made; abandoning it (a new game or a
restart before winning) is a loss. The values are immutable; each event returns new ones.

An assisted win (a hint, a solver's line watched, auto-finish) is a win in played, won
and the win rate, but it is kept out of the best score, fewest moves, fastest win, the
averages and the streaks: it neither extends nor breaks a streak. A clean win is one where
no undo took back a card turned face up (assisted or not). The averages are kept as sums
over the unassisted timed wins, so they stay exact.

>>> s = VariantStats().started().won_game(score=695, moves=51, elapsed_ms=90_000, clean=True)
>>> s.played, s.won, s.win_rate, s.best_score, s.current_streak, s.clean_wins
(1, 1, 1.0, 695, 1, 1)
>>> s.started().lost().current_streak
0
>>> a = s.started().won_game(score=900, moves=40, elapsed_ms=1_000, assisted=True)
>>> a.won, a.assisted_wins, a.best_score, a.current_streak, a.average_moves
(2, 1, 695, 1, 51.0)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .game import VARIANTS
from .history import LIMIT, GameRecord, read_records

OPTIONAL = ("best_score", "fewest_moves", "fastest_ms")


@dataclass(frozen=True, slots=True)
class VariantStats:
    played: int = 0
    won: int = 0
    current_streak: int = 0
    longest_streak: int = 0
    best_score: int | None = None
    fewest_moves: int | None = None
    fastest_ms: int | None = None
    clean_wins: int = 0
    assisted_wins: int = 0
    averaged_wins: int = 0  # the unassisted wins with a time, which the averages are over
    moves_total: int = 0  # their moves, added up
    time_total_ms: int = 0  # their times, added up

    @property
    def win_rate(self) -> float | None:
        """Won over played, or None before the first game."""
        return self.won / self.played if self.played else None

    @property
    def average_moves(self) -> float | None:
        """Mean moves of an unassisted win, or None before the first."""
        return self.moves_total / self.averaged_wins if self.averaged_wins else None

    @property
    def average_ms(self) -> int | None:
        """Mean time of an unassisted win in whole ms (half up), or None before the first."""
        if not self.averaged_wins:
            return None
        return (2 * self.time_total_ms + self.averaged_wins) // (2 * self.averaged_wins)

    def started(self) -> VariantStats:
        """The first move of a game was made: it now counts."""
        return replace(self, played=self.played + 1)

    def unstarted(self) -> VariantStats:
        """A counted game whose every move was undone, restarted: it never counted."""
        return replace(self, played=max(self.played - 1, self.won))

    def lost(self) -> VariantStats:
        """A counted game was abandoned before it was won."""
        return replace(self, current_streak=0)

    def won_game(
        self,
        score: int,
        moves: int,
        elapsed_ms: int | None,
        assisted: bool = False,
        clean: bool = False,
    ) -> VariantStats:
        """A counted game was won (``elapsed_ms`` None: its time is not known)."""
        won = replace(self, won=self.won + 1, clean_wins=self.clean_wins + clean)
        if assisted:
            return replace(won, assisted_wins=self.assisted_wins + 1)
        streak = self.current_streak + 1
        won = replace(
            won,
            current_streak=streak,
            longest_streak=max(self.longest_streak, streak),
            best_score=_best(self.best_score, score, max),
            fewest_moves=_best(self.fewest_moves, moves, min),
            fastest_ms=_best(self.fastest_ms, elapsed_ms, min),
        )
        if elapsed_ms is None:
            return won
        return replace(
            won,
            averaged_wins=self.averaged_wins + 1,
            moves_total=self.moves_total + moves,
            time_total_ms=self.time_total_ms + elapsed_ms,
        )

    def to_dict(self) -> dict[str, int | None]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> VariantStats:
        """Read saved statistics; ValueError for anything that cannot be true."""
        if not isinstance(data, dict) or set(data) != {f.name for f in fields(cls)}:
            raise ValueError("statistics must be an object with the known fields")
        for name, value in data.items():
            if value is None and name in OPTIONAL:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"statistics field {name} must be a whole number >= 0")
        stats = cls(**data)
        unassisted = stats.won - stats.assisted_wins
        if not stats.current_streak <= stats.longest_streak <= unassisted <= stats.won:
            raise ValueError("statistics do not add up (streaks and wins)")
        if not stats.won <= stats.played or stats.clean_wins > stats.won:
            raise ValueError("statistics do not add up (wins and games played)")
        if (unassisted == 0) != (stats.best_score is None) or (unassisted == 0) != (
            stats.fewest_moves is None
        ):
            raise ValueError("statistics do not add up (a best result without a win)")
        if stats.averaged_wins > unassisted or (
            stats.averaged_wins == 0 and stats.moves_total + stats.time_total_ms > 0
        ):
            raise ValueError("statistics do not add up (averages without wins)")
        if stats.fewest_moves is not None and (
            stats.moves_total < stats.averaged_wins * stats.fewest_moves
        ):
            raise ValueError("statistics do not add up (fewer moves than the fewest)")
        return stats


def _best(old: int | None, new: int | None, pick: Any) -> int | None:
    if new is None:
        return old
    return new if old is None else pick(old, new)


@dataclass(frozen=True, slots=True)
class Stats:
    """Statistics for each variant, and the last games (``recent``, newest first)."""

    by_variant: tuple[tuple[str, VariantStats], ...] = tuple((v, VariantStats()) for v in VARIANTS)
    recent: tuple[GameRecord, ...] = ()

    def __getitem__(self, variant: str) -> VariantStats:
        return dict(self.by_variant)[variant]

    def updated(self, variant: str, stats: VariantStats) -> Stats:
        by_variant = tuple((v, stats if v == variant else s) for v, s in self.by_variant)
        return Stats(by_variant, self.recent)

    def recorded(self, record: GameRecord) -> Stats:
        """With ``record`` the newest of the last games (the oldest beyond LIMIT dropped)."""
        return Stats(self.by_variant, (record, *self.recent)[:LIMIT])

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {variant: stats.to_dict() for variant, stats in self.by_variant}
        data["recent"] = [record.to_dict() for record in self.recent]
        return data

    @classmethod
    def read(cls, data: Any) -> tuple[Stats, int]:
        """Saved statistics and how many records of the last games were unreadable (and
        dropped); ValueError when the figures themselves cannot be read."""
        if not isinstance(data, dict) or set(data) != {*VARIANTS, "recent"}:
            raise ValueError(f"statistics must have exactly the variants {list(VARIANTS)}")
        recent, dropped = read_records(data["recent"])
        return cls(tuple((v, VariantStats.from_dict(data[v])) for v in VARIANTS), recent), dropped

    @classmethod
    def from_dict(cls, data: Any) -> Stats:
        """Saved statistics; ValueError for anything unreadable, a record included."""
        stats, dropped = cls.read(data)
        if dropped:
            raise ValueError(f"{dropped} unreadable records of the last games")
        return stats
