"""Where the Hint button meets the rules package: a hint that never peeks.

It reads the position as the player knows it (``scorpion.knowledge.View``): first whether
the game is stuck (``scorpion.review``: every move only shuttles face-up cards, and how
many undos lead back to another way on), else the most promising move and the chance of
winning over arrangements of the hidden cards (``scorpion.advice.Adviser``). The work
runs in short slices (``HintSearch.step``) between which the page handles input and paints,
so thinking never freezes the table; after ``BUDGET_S`` the arrangements decided so far
give the answer (the message says how many).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorpion.game import Game
from scorpion.moves import Action
from webapp import translated
from webapp.translated import _, pgettext

if TYPE_CHECKING:  # imported at the first hint, not while the page boots
    from scorpion.advice import Advice, Adviser

BUDGET_S = 6.0  # the longest a hint may think, in slices
SLICE_NODES = 200  # solver positions per slice: short, so a click waits for one at most
SEED = 0  # the same view always gets the same arrangements, and so the same hint


@dataclass(frozen=True)
class Answer:
    """``move``: the hinted move (None: no move is legal); ``advice``: its chance, when
    the game is not stuck; ``stuck``: every move only shuttles cards; ``back``: the undos
    to the last position with another way on (None: none within reach)."""

    move: Action | None
    advice: Advice | None = None
    stuck: bool = False
    back: int | None = None


class HintSearch:
    """One hint being worked out for the position it started from."""

    def __init__(self, game: Game, budget_s: float = BUDGET_S) -> None:
        self.game = game.copy()
        # To notice the player moving on meanwhile: another move, or another game (a new
        # game, a restart, another tab's), which may have no moves either.
        self.table = game
        self.moves = game.moves
        self.budget_s = budget_s
        self.started = time.monotonic()
        self.adviser: Adviser | None = None

    def stale(self, game: Game) -> bool:
        return game is not self.table or game.moves != self.moves

    def step(self) -> Answer | None:
        """Think a little; the answer once known (or once the budget is spent)."""
        if self.adviser is None:
            # Imported at the first hint, not while the page boots.
            from scorpion import review
            from scorpion.advice import Adviser
            from scorpion.knowledge import line_views

            if review.stuck(self.game):
                return Answer(None, stuck=True, back=review.way_back(self.game))
            self.adviser = Adviser(self.game, seed=SEED, avoid=line_views(self.game))
            return None
        advice = self.adviser.step(SLICE_NODES)
        if advice is None and time.monotonic() - self.started < self.budget_s:
            return None
        advice = advice or self.adviser.advice()
        return Answer(advice.move, advice)


def chance_text(advice: Advice) -> str:
    """The chance of winning from here, over the arrangements of the hidden cards that
    agree with what the player sees; a verdict only when it holds for every one."""
    if advice.verdict == "won":
        return _("Every possible arrangement of the hidden cards can be won from here.")
    if advice.verdict == "lost":
        return _("No possible arrangement of the hidden cards can be won from here.")
    low, high = advice.margin
    said = translated.ngettext(
        "About {chance} % of the hidden cards' arrangements win from here "
        "({low}-{high} %, {tried} tried).",
        "About {chance} % of the hidden cards' arrangements win from here "
        "({low}-{high} %, {tried} tried).",
        advice.tried,
    ).format(
        chance=round(100 * advice.chance),
        low=round(100 * low),
        high=round(100 * high),
        tried=advice.tried,
    )
    if advice.undecided:
        undecided = translated.ngettext(
            "{count} undecided counts as a loss.",
            "{count} undecided count as losses.",
            advice.undecided,
        ).format(count=advice.undecided)
        said = pgettext("sentence", "{first} {second}").format(first=said, second=undecided)
    return said


def stuck_text(back: int | None) -> str:
    """Asked for a hint where every move only shuttles cards back and forth."""
    said = _(
        "Every move here only moves face-up cards back and forth: no card can be turned "
        "and no sequence removed any more."
    )
    if back is None:
        way = _("Start a new game, or restart this deal.")
    else:
        way = translated.ngettext(
            "{count} undo leads back to the last position that had another way on.",
            "{count} undos lead back to the last position that had another way on.",
            back,
        ).format(count=back)
    return pgettext("sentence", "{first} {second}").format(first=said, second=way)
