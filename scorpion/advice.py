"""A hint that never peeks: the most promising move, judged over the arrangements of the
hidden cards that agree with what the player sees (``knowledge.View``).

>>> from scorpion import Game
>>> advice = advise(Game.new(3), arrangements=8, nodes=1000)
>>> advice.tried, advice.won + advice.lost + advice.undecided, advice.exhaustive
(8, 8, False)
>>> Game.new(3).is_legal(advice.move)
True
>>> advice.verdict is None      # 8 of 1,307,674,368,000 arrangements prove nothing
True

How
---
1. The view of the position (face-up cards; the hidden cards as a set) is all that is
   read: ``advise`` turns a ``Game`` into its ``View`` first.
2. Arrangements: when the view has at most ``arrangements`` of them (the hidden cards
   number ``k`` and there are ``k!`` ways to place them), every one, in a fixed order;
   otherwise ``arrangements`` different ones drawn at random, from a SplitMix64 stream
   seeded with ``seed`` (``knowledge.shuffled``), so the same view always gets the same
   arrangements, on every machine.
3. Each arrangement is a whole position the solver (``solver.Solver``) decides, knowing
   its cards, within ``nodes`` positions (by default ``nodes_for(variant)``: 3000 in
   Classic, 1500 in Relaxed, whose positions cost more). The budget is in positions,
   shared between the solver's searches by positions expanded, not by time: the answer
   does not depend on the machine or on how the work is sliced.
4. The chance is the share of arrangements *won* (a winning line found). An arrangement
   left *undecided* (the budget ran out) counts as not won, and is reported separately
   (``undecided``): the true share of winnable arrangements lies between the chance and
   the chance plus the undecided share. ``margin`` is the 95 % Wilson score interval of
   the chance over the arrangements tried.
5. The move: the first move of the winning lines found, the one that starts most of them
   (``votes``). When no arrangement was won, the legal move whose resulting position
   scores best (cards on their same-suit parent, cards turned, columns emptied; the
   solver's own fallback, scored on the first arrangement), or failing that the first
   legal move: a move is offered whenever one is legal. ``avoid``: views the player has
   already been through in this game (``knowledge.line_views``, the line of play); a
   move that only rearranges face-up cards back into one of them comes after every
   other move, so a player who follows the hint does not go round in circles.
6. A verdict only when it holds for every arrangement: ``verdict`` is ``"lost"`` when
   every arrangement that agrees with the view was tried (``exhaustive``) and each was
   proved lost by the solver's exhaustive search; ``"won"`` when every one was won. Else
   None, whatever the chance. (``review.stuck`` proves a loss from the view alone in
   another way.)

Nothing in the answer depends on where the hidden cards really lie: the same view and
seed give the same advice (``tests/test_advice.py`` checks it).

``Adviser`` does the same work in slices, for a browser: ``step(nodes)`` until it returns
the advice; ``advice()`` is the answer from the arrangements decided so far, so a page
that runs out of time shows that (with its ``tried``).
"""

from __future__ import annotations

import copy
import itertools
import math
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Final

from .game import Game
from .knowledge import Position, View, shuffled
from .moves import Action
from .solver import LOST, WON, Solver, SolveResult, _heuristic_move

__all__ = [
    "ARRANGEMENTS",
    "NODES",
    "RELAXED_NODES",
    "Advice",
    "Adviser",
    "advise",
    "nodes_for",
    "wilson",
]

#: Arrangements tried by default (the chance is then within about 14 points, at 95 %).
ARRANGEMENTS: Final = 48
#: Solver positions per arrangement by default: Classic, and Relaxed (whose positions
#: cost more each; see ``nodes_for``).
NODES: Final = 3000
RELAXED_NODES: Final = 1500
#: Positions per ``Solver.step`` call: fixed, so the slicing never changes the answer.
CHUNK: Final = 200


def nodes_for(variant: str) -> int:
    """The default budget per arrangement for ``variant``.

    >>> nodes_for("classic"), nodes_for("relaxed")
    (3000, 1500)
    """
    return RELAXED_NODES if variant == "relaxed" else NODES


def wilson(successes: int, total: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); (0, 1) for no trials.

    >>> low, high = wilson(12, 48)
    >>> round(low, 3), round(high, 3)
    (0.149, 0.388)
    """
    if not total:
        return (0.0, 1.0)
    p = successes / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class Advice:
    """What the hint says (see the module docstring).

    ``move``: the most promising legal move (None only when no move is legal). Of the
    ``tried`` arrangements, ``won`` were won, ``lost`` proved lost, the rest undecided;
    ``votes`` of the winning lines found start with ``move``; ``exhaustive``: every
    arrangement that agrees with the view was tried; ``nodes``: the solver's budget per
    arrangement.

    >>> advice = Advice(None, tried=6, won=0, lost=6, exhaustive=True)
    >>> advice.verdict, advice.chance, advice.undecided
    ('lost', 0.0, 0)
    >>> Advice(None, tried=48, won=12, lost=30).margin == wilson(12, 48)
    True
    """

    move: Action | None
    tried: int = 0
    won: int = 0
    lost: int = 0
    votes: int = 0
    exhaustive: bool = False
    nodes: int = NODES

    @property
    def undecided(self) -> int:
        """Arrangements whose search ran out of budget (counted as not won)."""
        return self.tried - self.won - self.lost

    @property
    def chance(self) -> float:
        """The share of the arrangements tried that were won (0.0 before any is tried)."""
        return self.won / self.tried if self.tried else 0.0

    @property
    def margin(self) -> tuple[float, float]:
        """The 95 % Wilson score interval of ``chance``."""
        return wilson(self.won, self.tried)

    @property
    def verdict(self) -> str | None:
        """``"won"`` or ``"lost"`` when that holds for every arrangement, else None."""
        if not self.exhaustive or not self.tried:
            return None
        if self.won == self.tried:
            return WON
        if self.lost == self.tried:
            return LOST
        return None


class Adviser:
    """The advice for one view, worked out in slices (see the module docstring)."""

    def __init__(
        self,
        table: View | Game | Position,
        *,
        arrangements: int = ARRANGEMENTS,
        nodes: int | None = None,
        seed: int = 0,
        avoid: Collection[View] = (),
    ) -> None:
        self.view = table if isinstance(table, View) else View.of(table)
        self.nodes = nodes_for(self.view.variant) if nodes is None else nodes
        if arrangements < 1 or self.nodes < 1:
            raise ValueError("arrangements and nodes must be at least 1")
        self.exhaustive = self.view.arrangements <= arrangements
        self._moves = self.view.legal_moves()
        seen = frozenset(avoid)
        self._back = {m for m in self._moves if self.view.rearranged(m) in seen} if seen else set()
        self._queue = self._positions(arrangements, seed)
        self._solver: Solver | None = None
        self._fallback: Action | None = None
        self._first = True
        self._tried = self._won = self._lost = 0
        self._votes: dict[Action, int] = {}
        self._done: Advice | None = None

    def _positions(self, count: int, seed: int) -> Iterator[Position]:
        hidden = self.view.ordered_hidden()
        if self.exhaustive:
            for cards in itertools.permutations(hidden):
                yield self.view.arrange(cards)
            return
        drawn: set[tuple[str, ...]] = set()
        for n in itertools.count():
            if len(drawn) == count:
                return
            cards = tuple(shuffled(hidden, (seed << 32) + n))
            if cards not in drawn:
                drawn.add(cards)
                yield self.view.arrange(cards)

    def step(self, nodes: int = 2000) -> Advice | None:
        """Search about ``nodes`` more positions; the advice once every arrangement is done."""
        spent = 0
        while self._done is None and spent < nodes:
            if self._solver is None:
                position = next(self._queue, None)
                if position is None:
                    self._done = self.advice()
                    break
                if self._first:
                    self._first = False
                    self._fallback = _heuristic_move(position, self._moves)
                self._solver = Solver(position, by_nodes=True)
            solver = self._solver
            before = solver.nodes
            result = solver.step(min(CHUNK, self.nodes - before))
            spent += solver.nodes - before + 1
            if result is None and solver.nodes < self.nodes:
                continue
            self._record(result or solver.result())
            self._solver = None
        return self._done

    def _record(self, result: SolveResult) -> None:
        self._tried += 1
        if result.status == WON:
            self._won += 1
            if result.line:
                first = result.line[0]
                self._votes[first] = self._votes.get(first, 0) + 1
        elif result.status == LOST:
            self._lost += 1

    def reconsidered(self, avoid: Collection[View]) -> Advice:
        """The finished advice with other views to avoid, without searching again: the
        searches never read ``avoid`` (only the choice between moves does), so this is
        what an ``Adviser`` of the same view, seed and budget given ``avoid`` says.

        >>> from scorpion import Game
        >>> game = Game.new(3)
        >>> adviser = Adviser(game, arrangements=4, nodes=300)
        >>> plain = adviser.step(1_000_000)
        >>> after = game.copy()
        >>> _ = after.play(plain.move)
        >>> avoid = [View.of(after)]  # as if the player had been there already
        >>> again = adviser.reconsidered(avoid)
        >>> again == advise(game, arrangements=4, nodes=300, avoid=avoid)
        True
        >>> str(plain.move), str(again.move)
        ('4C>1', '5C>2')
        """
        if self._done is None:
            raise ValueError("the searches are not finished")
        again = copy.copy(self)
        seen = frozenset(avoid)
        again._back = {m for m in self._moves if self.view.rearranged(m) in seen} if seen else set()
        again._done = None
        return again.advice()

    def advice(self) -> Advice:
        """The advice from the arrangements decided so far."""
        if self._done is not None:
            return self._done
        move: Action | None = None
        if self._moves:
            fallback = self._fallback if self._fallback is not None else self._moves[0]
            move = max(
                self._moves,
                key=lambda m: (
                    m not in self._back,
                    self._votes.get(m, 0),
                    m == fallback,
                    -self._moves.index(m),
                ),
            )
        return Advice(
            move,
            tried=self._tried,
            won=self._won,
            lost=self._lost,
            votes=self._votes.get(move, 0) if move is not None else 0,
            exhaustive=self.exhaustive and self._tried == self.view.arrangements,
            nodes=self.nodes,
        )


def advise(
    table: View | Game | Position,
    *,
    arrangements: int = ARRANGEMENTS,
    nodes: int | None = None,
    seed: int = 0,
    avoid: Collection[View] = (),
) -> Advice:
    """The advice for ``table``'s view, all arrangements searched (see the module docstring)."""
    adviser = Adviser(table, arrangements=arrangements, nodes=nodes, seed=seed, avoid=avoid)
    while (advice := adviser.step(1_000_000)) is None:
        pass
    return advice
