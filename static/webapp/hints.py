"""Where the Hint button meets the solver (``scorpion.solver``, owned by the solver engineer).

The search runs in short slices (``Search.step``) between which the page handles input
and paints, so thinking never freezes the table. ``start`` returns None while no solver
module is there, which leaves the button disabled.
"""

from __future__ import annotations

import importlib
import importlib.util
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


SOLVER_MODULES = ("scorpion.hint", "scorpion.solver")


def _solver_module() -> Any | None:
    for name in SOLVER_MODULES:
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    return None


def available() -> bool:
    """Whether a solver module is there: looked for, not imported (the page asks while it
    boots; the import waits for the first hint)."""
    return any(importlib.util.find_spec(name) is not None for name in SOLVER_MODULES)


class Search:
    """One hint being worked out for the position it started from."""

    def __init__(self, game: Game) -> None:
        self.module: Any = _solver_module()
        self.game = game.copy()
        # To notice the player moving on meanwhile: another move, or another game (a new
        # game, a restart, another tab's), which may have no moves either.
        self.table = game
        self.moves = game.moves
        self.started = time.monotonic()
        make = getattr(self.module, "Solver", None)
        self.solver = make(self.game) if make is not None else None

    def stale(self, game: Game) -> bool:
        return game is not self.table or game.moves != self.moves

    def step(self) -> Answer | None:
        """Think a little; the answer once known (or once the budget is spent)."""
        if self.solver is None:  # no sliced search: one short blocking call
            return self._from_hint(self.module.hint(self.game, 0.3))
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
