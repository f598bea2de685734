"""Statistics per variant: played, won, streaks, best score, fewest moves, fastest win.

A game counts as played once its first move is made; abandoning it (a new game or a
restart before winning) is a loss. The values are immutable; each event returns new ones.

>>> s = VariantStats().started().won_game(score=695, moves=51, elapsed_ms=90_000)
>>> s.played, s.won, s.win_rate, s.best_score, s.current_streak
(1, 1, 1.0, 695, 1)
>>> s.started().lost().current_streak
0
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .game import VARIANTS


@dataclass(frozen=True, slots=True)
class VariantStats:
    played: int = 0
    won: int = 0
    current_streak: int = 0
    longest_streak: int = 0
    best_score: int | None = None
    fewest_moves: int | None = None
    fastest_ms: int | None = None

    @property
    def win_rate(self) -> float | None:
        """Won over played, or None before the first game."""
        return self.won / self.played if self.played else None

    def started(self) -> VariantStats:
        """The first move of a game was made: it now counts."""
        return replace(self, played=self.played + 1)

    def unstarted(self) -> VariantStats:
        """A counted game whose every move was undone, restarted: it never counted."""
        return replace(self, played=max(self.played - 1, self.won))

    def lost(self) -> VariantStats:
        """A counted game was abandoned before it was won."""
        return replace(self, current_streak=0)

    def won_game(self, score: int, moves: int, elapsed_ms: int | None) -> VariantStats:
        streak = self.current_streak + 1
        return replace(
            self,
            won=self.won + 1,
            current_streak=streak,
            longest_streak=max(self.longest_streak, streak),
            best_score=_best(self.best_score, score, max),
            fewest_moves=_best(self.fewest_moves, moves, min),
            fastest_ms=_best(self.fastest_ms, elapsed_ms, min),
        )

    def to_dict(self) -> dict[str, int | None]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> VariantStats:
        """Read saved statistics; ValueError for anything that cannot be true."""
        if not isinstance(data, dict) or set(data) != {f.name for f in fields(cls)}:
            raise ValueError("statistics must be an object with the known fields")
        for name, value in data.items():
            optional = name in ("best_score", "fewest_moves", "fastest_ms")
            if value is None and optional:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"statistics field {name} must be a whole number >= 0")
        stats = cls(**data)
        if not stats.current_streak <= stats.longest_streak <= stats.won <= stats.played:
            raise ValueError("statistics do not add up (streaks, wins and games played)")
        if (stats.won == 0) != (stats.best_score is None) or (stats.won == 0) != (
            stats.fewest_moves is None
        ):
            raise ValueError("statistics do not add up (a best result without a win)")
        return stats


def _best(old: int | None, new: int | None, pick: Any) -> int | None:
    if new is None:
        return old
    return new if old is None else pick(old, new)


@dataclass(frozen=True, slots=True)
class Stats:
    """Statistics for each variant."""

    by_variant: tuple[tuple[str, VariantStats], ...] = tuple((v, VariantStats()) for v in VARIANTS)

    def __getitem__(self, variant: str) -> VariantStats:
        return dict(self.by_variant)[variant]

    def updated(self, variant: str, stats: VariantStats) -> Stats:
        return Stats(tuple((v, stats if v == variant else s) for v, s in self.by_variant))

    def to_dict(self) -> dict[str, dict[str, int | None]]:
        return {variant: stats.to_dict() for variant, stats in self.by_variant}

    @classmethod
    def from_dict(cls, data: Any) -> Stats:
        if not isinstance(data, dict) or set(data) != set(VARIANTS):
            raise ValueError(f"statistics must have exactly the variants {list(VARIANTS)}")
        return cls(tuple((v, VariantStats.from_dict(data[v])) for v in VARIANTS))
