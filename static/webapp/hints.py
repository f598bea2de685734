"""Where the Hint button meets the solver (``scorpion.solver``).

The search runs in short slices (``Search.step``) between which the page handles input
and paints, so thinking never freezes the table.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from scorpion.game import Game
from scorpion.moves import Action

BUDGET_S = 1.5  # the longest a hint may think, in slices
SLICE_POSITIONS = 1500  # positions per slice: a few milliseconds each in the browser


@dataclass(frozen=True)
class Answer:
    """``move`` to suggest (None: nothing helps); ``proved`` when it comes from a winning
    line, ``lost`` when the position is proved lost."""

    move: Action | None
    proved: bool = False
    lost: bool = False


class Search:
    """One hint being worked out for the position it started from."""

    def __init__(self, game: Game) -> None:
        from scorpion import solver  # imported at the first hint, not while the page boots

        self.module: Any = solver
        self.game = game.copy()
        # To notice the player moving on meanwhile: another move, or another game (a new
        # game, a restart, another tab's), which may have no moves either.
        self.table = game
        self.moves = game.moves
        self.started = time.monotonic()
        self.solver = solver.Solver(self.game)

    def stale(self, game: Game) -> bool:
        return game is not self.table or game.moves != self.moves

    def step(self) -> Answer | None:
        """Think a little; the answer once known (or once the budget is spent)."""
        result = self.solver.step(SLICE_POSITIONS)
        if result is None and time.monotonic() - self.started < BUDGET_S:
            return None
        result = result or self.solver.result()
        if result.status == "won" and result.line:
            return Answer(result.line[0], proved=True)
        if result.status == "lost":
            return Answer(None, lost=True)
        # Undecided in time: the solver's sensible move, after a very short search.
        return self._from_hint(self.module.hint(self.game, 0.01))

    @staticmethod
    def _from_hint(found: Any) -> Answer:
        status = getattr(found, "status", "unknown")
        return Answer(getattr(found, "move", None), status == "won", status == "lost")
