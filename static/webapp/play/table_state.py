"""What every part of the controller shares: the session, the pile the player holds, the
keyboard cursor and the clock of play. Plain data: the parts change it, none owns it."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from scorpion.game import Game
from scorpion.moves import Move
from scorpion.session import Session
from webapp.play.intents import Cursor, Held

AWAY_MS = 120_000.0  # a pause longer than this counts as this long (the player was away)


def _now_ms() -> float:
    return time.monotonic() * 1000


@dataclass
class TableState:
    session: Session
    held: Held | None = None
    cursor: Cursor = field(default_factory=lambda: Cursor(0, None))
    keyboard: bool = False  # the last input was a key (focus follows the cursor)
    hinted: Move | None = None  # the move the last hint showed, while its pile is held
    ready: bool = False  # Python has drawn the game and bound the events
    replaying: bool = False  # a replay is on the table: nothing is saved (``Replayer``)
    last_action: float | None = None  # on ``clock``; None: the clock waits for an action
    clock: Callable[[], float] = _now_ms  # milliseconds

    @property
    def game(self) -> Game:
        return self.session.game

    def elapsed(self) -> int:
        """Milliseconds of play since the last action (capped at ``AWAY_MS``), for the
        statistics' times; the clock restarts now."""
        now = self.clock()
        gap = now - self.last_action if self.last_action is not None else 0.0
        self.last_action = now
        return int(min(max(gap, 0.0), AWAY_MS))

    def play_time(self) -> int:
        """What the timer shows: the game's time so far, counted as the statistics count
        it (the clock stops at the win)."""
        ms = self.session.elapsed_ms
        if self.last_action is not None and not self.session.finished:
            ms += int(min(max(self.clock() - self.last_action, 0.0), AWAY_MS))
        return ms

    def pile(self, card: str) -> list[str]:
        """``card`` and every card above it in its column."""
        where = self.game.locate(card)
        if where is None:
            return []
        column, index = where
        return [c for c, _up in self.game.columns[column][index:]]
