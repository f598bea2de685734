"""The last games of one variant as the Statistics chart draws them: oldest first, each
with how it ended (``KINDS``), and the win rate over the games up to it; the current
winning streak's games; round tops for the chart's scales of score and moves.

The streak follows the statistics' rule (``scorpion/stats.py``): unassisted wins in a
row, back from the newest game; an abandoned game ends it; an assisted win neither
extends nor breaks it, so one inside the streak is drawn inside it.

>>> from scorpion.history import GameRecord
>>> def game(result, score, assisted=(), variant="classic"):
...     return GameRecord(0, variant, 7, result, 40, 60_000, score, assisted, True)
>>> recent = (  # newest first, as the statistics keep them
...     game("won", 695), game("won", 700, ("hint",)), game("won", 640),
...     game("won", 1, variant="relaxed"), game("abandoned", 35), game("won", 500))
>>> t = trend(recent, "classic")
>>> [g.kind for g in t.games], [g.number for g in t.games]
(['won', 'abandoned', 'won', 'assisted', 'won'], [1, 2, 3, 4, 5])
>>> t.won, t.rate, [round(g.rate, 2) for g in t.games]
(4, 0.8, [1.0, 0.5, 0.67, 0.75, 0.8])
>>> t.streak, t.streak_from, [g.in_streak for g in t.games]
(2, 2, [False, False, True, True, True])
>>> t.score_top, t.moves_top
(700, 40)
>>> trend(recent, "relaxed").streak, trend((), "relaxed").rate
(1, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .history import GameRecord

#: How a game ended, as the chart tells them apart: won without help, won with help
#: (``GameRecord.assisted``), abandoned.
KINDS: Final = ("won", "assisted", "abandoned")
#: The round numbers a scale may end at, times a power of ten.
ROUND: Final = (10, 12, 15, 20, 25, 30, 40, 50, 60, 70, 80)


@dataclass(frozen=True, slots=True)
class TrendGame:
    record: GameRecord
    number: int  # 1 for the oldest game shown
    kind: str  # one of KINDS
    rate: float  # the games won over the games shown up to this one (this one included)
    in_streak: bool  # inside the current winning streak


@dataclass(frozen=True, slots=True)
class Trend:
    variant: str
    games: tuple[TrendGame, ...]  # oldest first
    won: int  # assisted wins included, as in the statistics' win rate
    streak: int  # the unassisted wins of the current streak among these games
    streak_from: int | None  # the index in ``games`` of its first (None: no streak)
    score_top: int  # the score scale's top: a round number at or above every score
    moves_top: int

    @property
    def rate(self) -> float | None:
        """The games won over the games shown; None with none."""
        return self.won / len(self.games) if self.games else None


def trend(recent: tuple[GameRecord, ...], variant: str) -> Trend:
    """The chart of ``variant`` from the last games (``Stats.recent``, newest first)."""
    records = [r for r in reversed(recent) if r.variant == variant]
    streak, start = 0, None
    for index in range(len(records) - 1, -1, -1):
        record = records[index]
        if not record.won:
            break
        if not record.assisted:
            streak, start = streak + 1, index
    games = []
    won = 0
    for index, record in enumerate(records):
        won += record.won
        kind = "abandoned" if not record.won else "assisted" if record.assisted else "won"
        in_streak = start is not None and index >= start
        games.append(TrendGame(record, index + 1, kind, won / (index + 1), in_streak))
    return Trend(
        variant,
        tuple(games),
        won,
        streak,
        start,
        round_top(max((r.score for r in records), default=0)),
        round_top(max((r.moves for r in records), default=0)),
    )


def round_top(value: int) -> int:
    """The smallest round number (``ROUND`` times a power of ten) at or above ``value``:
    where a scale of the chart ends.

    >>> [round_top(v) for v in (0, 10, 11, 51, 695, 700, 1001, 12_345)]
    [10, 10, 12, 60, 700, 700, 1200, 15000]
    """
    scale = 1
    while True:
        for top in ROUND:
            if top * scale >= value:
                return top * scale
        scale *= 10
