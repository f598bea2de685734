"""The auto-finish, pure: when it may be offered, the solver's search for the rest of the
game in short slices, and the offer it makes.

Offered only when nothing is hidden any more: every card face up and the reserve dealt
(``ready``). From there the solver sees nothing the player does not, so the offer never
peeks. The search runs in slices between which the page handles input and paints (as
the hint's, ``hints.FinishSearch``); an offer is for one table and one line of play, and is
dropped the moment either changes (``Offer.valid``).

>>> from scorpion import Game
>>> ready(Game.new(1))  # cards face down, the reserve not dealt
False
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorpion.game import Game
from scorpion.moves import Action

if TYPE_CHECKING:  # imported at the first search, not while the page boots
    from scorpion.solver import Solver

SLICE_NODES = 200  # solver positions per slice, as the hint's: a click waits for one at most
BUDGET_S = 8.0  # no line found within this: no offer for this position


def ready(game: Game) -> bool:
    """The finish may be offered: the game is not won, the reserve is dealt and every
    card on the table is face up (the same in both variants: only the moves differ).

    >>> from scorpion import Game
    >>> ready(Game.new(1, moves="deal"))  # dealt, but columns 1-4 still hide cards
    False
    """
    if game.won or game.reserve:
        return False
    return all(up for column in game.columns for _card, up in column)


@dataclass(frozen=True)
class Offer:
    """A winning ``line`` from the position after ``moves`` of the game ``table``."""

    table: Game
    moves: tuple[Action, ...]
    line: tuple[Action, ...]

    def valid(self, game: Game) -> bool:
        """Still the table and the line of play it was found for."""
        return game is self.table and game.moves == self.moves and bool(self.line)

    def followed(self, game: Game) -> Offer | None:
        """The offer after the player (or the finish) played its next move by hand: the
        rest of the line, with no new search; None if the game went another way.

        >>> from scorpion import Game, Move
        >>> game = Game.new(1)
        >>> offer = Offer(game, (), (Move("4H", 6), Move("2H", 2)))
        >>> offer.followed(game) is None  # nothing played yet: still this offer
        True
        """
        if game is not self.table or len(self.line) < 2:
            return None
        if game.moves != self.moves + self.line[:1]:
            return None
        return Offer(game, game.moves, self.line[1:])


class FinishSearch:
    """The solver looking for a winning line from one position, a slice at a time."""

    def __init__(self, game: Game, budget_s: float = BUDGET_S) -> None:
        self.table = game
        self.moves = game.moves
        self.game = game.copy()
        self.budget_s = budget_s
        self.started = time.monotonic()
        self.solver: Solver | None = None

    def stale(self, game: Game) -> bool:
        """The player moved on (another move, another game): this search is for another table."""
        return game is not self.table or game.moves != self.moves

    def step(self) -> tuple[bool, Offer | None]:
        """Think a little. (done, offer): done once a line is found, the position is
        proved lost, or the budget is spent; the offer only with a line."""
        if self.solver is None:
            from scorpion.solver import Solver  # at the first search, not at boot

            self.solver = Solver(self.game)
            return False, None
        result = self.solver.step(SLICE_NODES)
        if result is None:
            return time.monotonic() - self.started >= self.budget_s, None
        if result.status != "won" or not result.line:
            return True, None
        return True, Offer(self.table, self.moves, tuple(result.line))


def pace_ms(animated: bool, removes: bool) -> int:
    """The time between two moves of the finish: a steady pace the eye can follow; a
    move that removes a sequence waits for its cards to reach their place.

    >>> pace_ms(True, False), pace_ms(True, True), pace_ms(False, True)
    (420, 900, 120)
    """
    if not animated:
        return 120
    return 900 if removes else 420
