"""Looking back over a game: is it stuck, how far back was there another way on, and (with
full knowledge, on request) where was it lost.

*Progress* is an action that changes what can ever happen: turning a face-down card,
removing a sequence, dealing the reserve. Every other move only rearranges face-up cards.
A position is *stuck* when no progress can be made from it, whatever the player shuffles
first: the positions reachable by moves that are not progress offer none. Nothing about
that depends on the hidden cards (which cards are face down does not matter, only where
face-down cards are), so ``stuck`` reads the player's view alone, and a stuck game can
never be won: no sequence can ever be removed again.

>>> from scorpion import Game
>>> stuck(Game.new(3))             # the reserve can always be dealt
False
>>> from scorpion.knowledge import View
>>> clubs = (0, ("KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C"))
>>> view = View("classic", (clubs, (1, ("AC",)), (1, ("3C",))) + ((0, ()),) * 4, 0, tuple("SHD"))
>>> sorted(view.hidden), stuck(view)      # 4C and 2C lie under AC and 3C: nothing frees them
(['2C', '4C'], True)
>>> way_back(Game.new(1, moves="deal"))   # before the deal, other cards could be turned
1

``lost_at`` uses the solver with every card known (it reveals what is hidden: the page
asks the player first). Winnability can only be lost along a line of play, never regained
(a position that can be won can be won from every earlier position of the line), so it
searches the line by bisection: a few solver runs, not one per move.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Final

from .game import Game
from .knowledge import Position, View
from .moves import Action
from .solver import (
    _DEAL_STEP,
    LOST,
    WON,
    Solver,
    SolveResult,
    _classic_steps,
    _deal,
    _encode,
    _key,
    _relaxed_steps,
    _relaxed_stuck,
)
from .solver import _apply as _apply_step

__all__ = ["LossSearch", "LostAt", "lost_at", "stuck", "way_back"]

#: Positions a search of moves that are not progress may visit before it gives up (and
#: then says "not stuck": it never claims more than it checked). Positions are told apart
#: up to the order of interchangeable columns, as in the solver.
LIMIT: Final = 3000
#: Solver positions per position of the line for ``lost_at`` by default.
LOSS_NODES: Final = 200_000
#: Positions per ``Solver.step`` call: fixed, so the slicing never changes the answer.
CHUNK: Final = 200

_Cols = list[str]


def _keys_after(
    cols: _Cols, reserve: str, relaxed: bool, first: bool = False
) -> tuple[set[str], set[str]] | None:
    """The keys of the positions reachable by rearrangements alone, and of the positions
    one progress away from them (``first``: stop at the first of those); None past
    ``LIMIT`` positions."""
    dealt = not reserve
    inside = {_key(cols, dealt)}
    ways: set[str] = set()
    todo = [cols]
    while todo and not (first and ways):
        here = todo.pop()
        dealt_steps = (_relaxed_steps if relaxed else _classic_steps)(here, dealt, False)
        if not dealt:
            dealt_steps.append(_DEAL_STEP)
        for step in dealt_steps:
            if step[0] < 0:
                ways.add(_key(_deal(here, reserve)[0], True))
                continue
            x, i, _y = step
            new, gained = _apply_step(here, *step)
            if gained or (i > 0 and here[x][i - 1] >= "@"):
                ways.add(_key(new, dealt))
                continue
            key = _key(new, dealt)
            if key not in inside:
                if len(inside) >= LIMIT:
                    return None
                inside.add(key)
                todo.append(new)
    return inside, ways


def stuck(table: Game | Position | View) -> bool:
    """True when no progress can ever be made: every legal move only rearranges face-up
    cards, and so does every move after those (the game is then lost, for every
    arrangement of the hidden cards). False for a won game, while the reserve can be
    dealt, and when more than ``LIMIT`` positions would need checking."""
    view = table if isinstance(table, View) else View.of(table)
    if view.won or view.reserve:
        return False
    # Any arrangement will do: a rearrangement never shows a hidden card.
    cols, reserve, _removed = _encode(view.arrange(view.ordered_hidden()))
    relaxed = view.variant == "relaxed"
    if relaxed and _relaxed_stuck(cols, True):
        return True  # the solver's proof that nothing ever changes again (quicker)
    found = _keys_after(cols, reserve, relaxed, first=True)
    return found is not None and not found[1]


def way_back(game: Game) -> int | None:
    """How many undos lead back to the last position of the game's undoable history that
    had another way on: a progress the line of play did not take (its result is none of
    the positions the line went through afterwards, give or take rearrangements). None
    when no undoable position had one."""
    relaxed = game.variant == "relaxed"
    replay = game.copy()
    later: set[str] = set()
    cols, reserve, _removed = _encode(replay)
    here = _keys_after(cols, reserve, relaxed)
    if here is None:
        return None  # not stuck in any way this can tell
    later |= here[0]
    for back in range(1, len(game.history) + 1):
        replay.undo()
        cols, reserve, _removed = _encode(replay)
        found = _keys_after(cols, reserve, relaxed)
        if found is None:
            return back
        inside, ways = found
        if ways - later:
            return back
        later |= inside
    return None


@dataclass(frozen=True, slots=True)
class LostAt:
    """Where a game was lost, seen with every card known.

    ``index``: the last position of the line of play from which the solver found a win,
    counted in actions from the deal (0: the deal; ``moves``, the number of actions
    played, when the game can still be won); None when not even the deal was found
    winnable. ``line``: a winning line from there. ``proved``: the position after it
    (or the deal, when ``index`` is None) was proved lost, not merely left undecided.
    """

    index: int | None
    moves: int
    line: tuple[Action, ...] = ()
    proved: bool = False

    @property
    def lost(self) -> bool:
        """True when the position on the table is not known to be winnable."""
        return self.index != self.moves

    @property
    def back(self) -> int | None:
        """How many actions to take back to reach ``index`` (undo, or replay from the deal)."""
        return None if self.index is None else self.moves - self.index


class LossSearch:
    """``lost_at`` in slices, for a page: ``step(nodes)`` until it returns the ``LostAt``.

    Each position is solved within ``nodes`` solver positions (a budget in positions, so
    the answer is the same on every machine and however the work is sliced); one left
    undecided counts as not found winnable.
    """

    def __init__(self, game: Game, *, nodes: int = LOSS_NODES) -> None:
        replay = Game.from_deck(game.deck, game.variant)
        self.positions = [Position.of(replay)]
        for move in game.moves:
            replay.play(move)
            self.positions.append(Position.of(replay))
        self.nodes = nodes
        self._plan = self._bisect()
        self._solver = Solver(self.positions[next(self._plan)], by_nodes=True)
        self._done: LostAt | None = None

    def _bisect(self) -> Generator[int, SolveResult, LostAt]:
        """Yields the index of each position to solve, and is sent its result."""
        total = len(self.positions) - 1
        results = {total: (yield total)}
        if results[total].status == WON:
            return LostAt(total, total, results[total].line, True)
        if 0 not in results:
            results[0] = yield 0
        if results[0].status != WON:
            return LostAt(None, total, (), results[0].status == LOST)
        low, high = 0, total  # low: found winnable; high: not found winnable
        while high - low > 1:
            middle = (low + high) // 2
            results[middle] = yield middle
            if results[middle].status == WON:
                low = middle
            else:
                high = middle
        return LostAt(low, total, results[low].line, results[high].status == LOST)

    def step(self, nodes: int = 2000) -> LostAt | None:
        """Search about ``nodes`` more positions; the answer once found."""
        spent = 0
        while self._done is None and spent < nodes:
            solver = self._solver
            before = solver.nodes
            result = solver.step(min(CHUNK, self.nodes - before))
            spent += solver.nodes - before + 1
            if result is None and solver.nodes < self.nodes:
                continue
            try:
                index = self._plan.send(result or solver.result())
            except StopIteration as stop:
                self._done = stop.value
                break
            self._solver = Solver(self.positions[index], by_nodes=True)
        return self._done


def lost_at(game: Game, *, nodes: int = LOSS_NODES) -> LostAt:
    """Where ``game`` was lost (see ``LostAt`` and ``LossSearch``), all at once.

    >>> from scorpion import Game
    >>> lost_at(Game.new(1))
    LostAt(index=None, moves=0, line=(), proved=True)
    >>> found = lost_at(Game.new(3, moves="4C>1 5C>2 4H>5 AS>1 deal"))
    >>> found.index, found.back, found.proved, found.lost   # dealing then lost it
    (4, 1, True, True)
    """
    search = LossSearch(game, nodes=nodes)
    while (found := search.step(1_000_000)) is None:
        pass
    return found
