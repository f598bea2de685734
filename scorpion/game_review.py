"""Review this game: every position of the line of play, from the deal to now, judged from
the player's view at the time, as the hint judges it; and the moves where the chance fell.

>>> from scorpion import Game
>>> review = review_game(Game.new(3, moves="4C>1 5C>2 4H>5 AS>1 deal"))
>>> [point.percent for point in review.points]
[38, 38, 38, 38, 38, 4]
>>> review.points[-1].dealt, review.points[-1].stuck
(True, False)
>>> [(m.number, str(m.played), str(m.better), m.before, m.after) for m in review.mistakes]
[(5, 'deal', '3C>2', 38, 4)]

How
---
- Position ``i`` is the table after the line's first ``i`` actions (0: the deal). Its
  figure is the hint's: ``advice.Adviser`` over the view of that position (``knowledge.View``,
  the current position only), with the hint's arrangements, budget and seed
  (``advice.ARRANGEMENTS``, ``advice.nodes_for``, ``SEED``) and the line's views so far as
  ``avoid``; ``percent`` is ``round(100 * chance)``, the whole number the hint says. The
  same view gives the same figure on every machine, wherever the hidden cards really lie
  (``tests/test_game_review.py`` checks both against ``advise``).
- A stuck position (``review.stuck``: only rearrangements are left, which the hint says
  instead of a chance) is 0 % without a search; a won one is 100 %.
- A move's *better move* is the hint's move from the position before it, when it is
  another move and the chance fell. The *mistakes* are the (up to) ``MISTAKES`` moves with
  a better move where the chance fell most (the largest fall first, then the earlier move).
  A fall after the hint's own move came from the cards it showed: no mistake. Everything
  said comes from views the player saw at the time: nothing peeks. (The chance the hint's
  move kept is the chance before the move, which that move's search stood for.)

``Reviewer`` does the work in slices for a page (``step``), and keeps what it judged in a
``ReviewCache``: a second review of the same game, or of the same game played on, judges
only the positions it has not seen.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final

from .advice import ARRANGEMENTS, Advice, Adviser, nodes_for
from .game import Game
from .knowledge import View
from .moves import DEAL, Action

__all__ = [
    "MISTAKES",
    "SEED",
    "GameReview",
    "Mistake",
    "Point",
    "ReviewCache",
    "Reviewer",
    "better_move",
    "mistakes_of",
    "review_game",
]

#: The hint's seed (``webapp.play.hint_search.SEED``): the same view, the same arrangements.
SEED: Final = 0
#: Solver positions per ``Adviser.step`` call (any slicing gives the same answer).
SLICE: Final = 200
#: How many mistakes a review marks.
MISTAKES: Final = 3

_Key = tuple[str, tuple[str, ...], tuple[Action, ...]]
#: What the advice depends on: the view, the views to avoid, the arrangements and budget.
_Asked = tuple[View, frozenset[View], int, int]
#: What the searches depend on: the view, the arrangements and budget (not the views to avoid).
_Searched = tuple[View, int, int]


@dataclass(frozen=True, slots=True)
class Point:
    """Position ``index`` of the line judged: ``action`` is the one played to reach it (None
    at the deal); ``advice`` the hint's (None when ``stuck`` or ``won``); ``dealt``: that
    action dealt the reserve; ``removed``: it removed a sequence."""

    index: int
    action: Action | None
    advice: Advice | None
    stuck: bool = False
    won: bool = False
    dealt: bool = False
    removed: bool = False

    @property
    def percent(self) -> int:
        """The chance of winning as the hint says it, a whole percentage."""
        if self.won:
            return 100
        if self.advice is None:
            return 0
        return round(100 * self.advice.chance)

    @property
    def move(self) -> Action | None:
        """The hint's move from here (None: stuck, won, or no legal move)."""
        return None if self.advice is None else self.advice.move


@dataclass(frozen=True, slots=True)
class Mistake:
    """Action ``number`` (counted from 1) was ``played`` where the hint preferred
    ``better``; the chance was ``before`` % (what the hint's move kept) and fell to
    ``after`` %."""

    number: int
    played: Action
    better: Action
    before: int
    after: int

    @property
    def fall(self) -> int:
        return self.before - self.after


@dataclass(frozen=True, slots=True)
class GameReview:
    """The line judged, the deal first (``points``, one more than the actions), and its
    mistakes, the largest fall first."""

    points: tuple[Point, ...]
    mistakes: tuple[Mistake, ...]

    @property
    def chances(self) -> tuple[int, ...]:
        return tuple(point.percent for point in self.points)

    def better(self, number: int) -> Action | None:
        """The better move for action ``number`` (from 1), if there was one."""
        return better_move(self.points[number - 1], self.points[number])


def better_move(before: Point, after: Point) -> Action | None:
    """The hint's move from ``before`` when the move played was another and the chance fell."""
    move = before.move
    if move is None or move == after.action or after.percent >= before.percent:
        return None
    return move


def mistakes_of(points: tuple[Point, ...], count: int = MISTAKES) -> tuple[Mistake, ...]:
    """The ``count`` moves with a better move where the chance fell most."""
    found = []
    for number in range(1, len(points)):
        before, after = points[number - 1], points[number]
        better = better_move(before, after)
        if better is not None and after.action is not None:
            found.append(Mistake(number, after.action, better, before.percent, after.percent))
    found.sort(key=lambda m: (-m.fall, m.number))
    return tuple(found[:count])


@dataclass
class ReviewCache:
    """Positions judged, by game (variant and deck) and line prefix: a review of a line
    seen before, or of a longer line from it, judges only what is new. And the hint's
    advice by view and views to avoid (all it depends on): a line that shuffles cards back
    and forth meets the same pair again, judged once. And the finished searches by view
    alone (``searched``): a view met again with more views to avoid is not searched again,
    only its move chosen again (``Adviser.reconsidered``)."""

    points: dict[_Key, Point] = field(default_factory=dict)
    advice: dict[_Asked, Advice] = field(default_factory=dict)
    searched: dict[_Searched, Adviser] = field(default_factory=dict)

    def get(self, key: _Key) -> Point | None:
        return self.points.get(key)

    def put(self, key: _Key, point: Point) -> None:
        self.points[key] = point


class Reviewer:
    """``review_game`` in slices, for a page: ``step(nodes)`` until it returns the
    ``GameReview``; ``points`` holds the positions judged so far, in order."""

    def __init__(
        self,
        game: Game,
        *,
        cache: ReviewCache | None = None,
        arrangements: int = ARRANGEMENTS,
        nodes: int | None = None,
    ) -> None:
        self.variant = game.variant
        self.deck = tuple(game.deck)
        self.line: tuple[Action, ...] = tuple(game.moves)
        self.cache = cache if cache is not None else ReviewCache()
        self.arrangements = arrangements
        self.nodes = nodes_for(game.variant) if nodes is None else nodes
        self.points: list[Point] = []
        self._games = self._positions()
        self._adviser: Adviser | None = None
        self._pending: Point | None = None
        self._asked: _Asked | None = None
        self._searched: _Searched | None = None
        self._done: GameReview | None = None

    @property
    def total(self) -> int:
        """How many positions the review judges: the deal and one after each action."""
        return len(self.line) + 1

    @property
    def done(self) -> GameReview | None:
        return self._done

    def _key(self, index: int) -> _Key:
        return (self.variant, self.deck, self.line[:index])

    def _positions(self) -> Iterator[tuple[Game, frozenset[View], Point]]:
        """Each position of the line, the line's views to it, and its point so far."""
        replay = Game.from_deck(list(self.deck), self.variant)
        views = {View.of(replay)}
        yield replay, frozenset(views), Point(0, None, None)
        for index, action in enumerate(self.line, start=1):
            removed = len(replay.removed)
            replay.play(action)
            views.add(View.of(replay))
            point = Point(
                index,
                action,
                None,
                dealt=action is DEAL,
                removed=len(replay.removed) > removed,
            )
            yield replay, frozenset(views), point

    def step(self, nodes: int = 2000) -> GameReview | None:
        """Judge about ``nodes`` more solver positions' worth; the review once complete."""
        spent = 0
        while self._done is None and spent < nodes:
            if self._adviser is None and not self._next():
                continue
            assert self._adviser is not None
            share = max(1, min(nodes - spent, SLICE))
            advice = self._adviser.step(share)
            spent += share
            if advice is not None:
                self._judged(advice)
        return self._done

    def _next(self) -> bool:
        """Take the next position: judged at once (cached, stuck, won) or an adviser set
        up for it (True). Finishes the review after the last."""
        from .review import stuck  # its solver internals load with the first review

        found = next(self._games, None)
        if found is None:
            self._done = GameReview(tuple(self.points), mistakes_of(tuple(self.points)))
            return False
        game, views, point = found
        cached = self.cache.get(self._key(point.index))
        if cached is not None:
            self.points.append(cached)
            return False
        if game.won:
            self._keep(_with(point, None, won=True))
            return False
        if stuck(game):
            self._keep(_with(point, None, stuck=True))
            return False
        view = View.of(game)
        asked = (view, views, self.arrangements, self.nodes)
        known = self.cache.advice.get(asked)
        if known is None and (view, self.arrangements, self.nodes) in self.cache.searched:
            known = self.cache.searched[view, self.arrangements, self.nodes].reconsidered(views)
            self.cache.advice[asked] = known
        if known is not None:
            self._keep(_with(point, known))
            return False
        self._adviser = Adviser(
            view, arrangements=self.arrangements, nodes=self.nodes, seed=SEED, avoid=views
        )
        self._searched = (view, self.arrangements, self.nodes)
        self._pending = point
        self._asked = asked
        return True

    def _judged(self, advice: Advice) -> None:
        point = self._pending
        assert point is not None and self._adviser is not None and self._searched is not None
        self.cache.searched[self._searched] = self._adviser
        self._adviser = self._pending = None
        assert self._asked is not None
        self.cache.advice[self._asked] = advice
        self._keep(_with(point, advice))

    def _keep(self, point: Point) -> None:
        self.cache.put(self._key(point.index), point)
        self.points.append(point)


def _with(point: Point, advice: Advice | None, *, stuck: bool = False, won: bool = False) -> Point:
    return Point(
        point.index, point.action, advice, stuck, won, dealt=point.dealt, removed=point.removed
    )


def review_game(game: Game, *, cache: ReviewCache | None = None) -> GameReview:
    """The whole review at once (see the module docstring)."""
    reviewer = Reviewer(game, cache=cache)
    while (review := reviewer.step(1_000_000)) is None:
        pass
    return review
