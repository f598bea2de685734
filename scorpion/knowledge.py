"""A position as the player knows it: the face-up cards, and which cards are still hidden.

A ``View`` holds what the table shows: in each column how many face-down cards lie at the
bottom and which face-up cards lie on them, how many cards the reserve still holds, and
which suits were removed. The hidden cards are known as a set (every card not on view),
never where they lie: the face-down cards and the reserve's three cards are all hidden
until turned or dealt, and every way of putting the hidden cards into those places is
an *arrangement* that agrees with what is seen.

>>> from scorpion import Game
>>> view = View.of(Game.new(1))
>>> view.columns[0]
(3, ('8D', '8H', '5C', 'JH'))
>>> view.reserve, len(view.hidden), view.arrangements
(3, 15, 1307674368000)
>>> "7H" in view.hidden, "8D" in view.hidden
(True, False)
>>> view.arrange(view.ordered_hidden()).reserve
('2C', '7C', '9C')

**What undo does to knowledge.** The view is computed from the current position only. A
card the player turned up and then hid again with undo counts as hidden: the view, and
everything built on it (``scorpion.advice``), is the same as for a player who never
turned it, so a hint never tells more than the table shows now and never depends on how
the player got here. (The player may remember the card; the hint does not.)

``Position`` is a whole position with every card known, without a line of play: one
arrangement of a view, or ``Position.of(game)``. The solver reads it like a ``Game``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, TypeAlias

from .cards import FULL_DECK, RANKS, SUITS, is_card, rank
from .deals import shuffle
from .game import RESERVE_SIZE, SEQUENCE_LENGTH, VARIANTS, Game, legal_actions
from .moves import COLUMNS, Action, Move

__all__ = ["Position", "View", "ViewError", "line_views", "shuffled"]

#: A column as the player sees it: (face-down cards at the bottom, face-up cards bottom first).
SeenColumn: TypeAlias = tuple[int, tuple[str, ...]]
#: A column with every card known: (card, face up) pairs, bottom first, as ``Game.columns``.
Column: TypeAlias = tuple[tuple[str, bool], ...]

_SUIT_CARDS: Final = {s: frozenset(r + s for r in RANKS) for s in SUITS}


class ViewError(ValueError):
    """A view or position that no game of Scorpion can show."""


def _check_common(variant: str, removed: tuple[str, ...]) -> None:
    if variant not in VARIANTS:
        raise ViewError(f"unknown variant {variant!r}: use 'classic' or 'relaxed'")
    if any(s not in SUITS for s in removed) or len(set(removed)) != len(removed):
        raise ViewError(f"removed must be distinct suit letters, not {removed!r}")


@dataclass(frozen=True, slots=True)
class Position:
    """Every card of a position, known: what the solver reads (see ``solver.Table``).

    >>> from scorpion import Game
    >>> game = Game.new(1, moves="deal")
    >>> position = Position.of(game)
    >>> position.columns == game.columns, position.reserve, position.won
    (True, (), False)
    >>> Position("classic", ((("KS", True),),) * 7)
    Traceback (most recent call last):
    ...
    scorpion.knowledge.ViewError: a card appears twice: KS
    """

    variant: str
    columns: tuple[Column, ...]
    reserve: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _check_common(self.variant, self.removed)
        if len(self.columns) != COLUMNS:
            raise ViewError(f"a position has {COLUMNS} columns, not {len(self.columns)}")
        cards = [card for column in self.columns for card, _up in column]
        cards += list(self.reserve)
        for s in self.removed:
            cards += sorted(_SUIT_CARDS[s])
        for card in cards:
            if not is_card(card):
                raise ViewError(f"not a card: {card!r}")
        if len(set(cards)) != len(cards):
            twice = sorted({c for c in cards if cards.count(c) > 1}, key=FULL_DECK.index)
            raise ViewError(f"a card appears twice: {', '.join(twice)}")
        if len(cards) != len(FULL_DECK):
            raise ViewError(f"a position holds the 52 cards, this one {len(cards)}")
        if len(self.reserve) not in (0, RESERVE_SIZE):
            raise ViewError(f"the reserve holds 3 cards or none, not {len(self.reserve)}")
        for column in self.columns:
            ups = [up for _card, up in column]
            if ups != sorted(ups) or (ups and not ups[-1]):
                raise ViewError("face-down cards lie at the bottom, under a face-up card")

    @classmethod
    def of(cls, game: Game | Position) -> Position:
        """The position of a game (its line of play left out)."""
        if isinstance(game, Position):
            return game
        return cls(game.variant, game.columns, game.reserve, game.removed)

    @property
    def won(self) -> bool:
        return len(self.removed) == len(SUITS)


@dataclass(frozen=True, slots=True)
class View:
    """A position as the player knows it (see the module docstring).

    ``columns``: seven ``(face-down count, face-up cards bottom first)`` pairs; ``reserve``:
    how many cards the reserve holds (3, or 0 once dealt); ``removed``: the suit of each
    removed sequence, in removal order.

    >>> View("classic", ((0, ()),) * 7)
    Traceback (most recent call last):
    ...
    scorpion.knowledge.ViewError: 52 cards: 0 on view, 0 removed and 0 places for hidden ones
    """

    variant: str
    columns: tuple[SeenColumn, ...]
    reserve: int = 0
    removed: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _check_common(self.variant, self.removed)
        if len(self.columns) != COLUMNS:
            raise ViewError(f"a view has {COLUMNS} columns, not {len(self.columns)}")
        if self.reserve not in (0, RESERVE_SIZE):
            raise ViewError(f"the reserve holds 3 cards or none, not {self.reserve!r}")
        seen: list[str] = []
        for down, up in self.columns:
            if isinstance(down, bool) or not isinstance(down, int) or down < 0:
                raise ViewError(f"a face-down count is a whole number >= 0, not {down!r}")
            if down and not up:
                raise ViewError("a face-down card left on top is turned face up")
            seen.extend(up)
        for card in seen:
            if not is_card(card):
                raise ViewError(f"not a card: {card!r}")
        if len(set(seen)) != len(seen):
            raise ViewError("a card appears twice")
        gone = [card for s in self.removed for card in _SUIT_CARDS[s]]
        if set(gone) & set(seen):
            raise ViewError("a card of a removed sequence is on view")
        slots = self.reserve + sum(down for down, _up in self.columns)
        if len(seen) + len(gone) + slots != len(FULL_DECK):
            raise ViewError(
                f"52 cards: {len(seen)} on view, {len(gone)} removed and {slots} places"
                " for hidden ones"
            )

    # --- building ------------------------------------------------------------------------

    @classmethod
    def of(cls, game: Game | Position) -> View:
        """What the player of ``game`` sees now (the current position only: see above)."""
        columns = tuple(
            (sum(not up for _card, up in column), tuple(card for card, up in column if up))
            for column in game.columns
        )
        return cls(game.variant, columns, len(game.reserve), tuple(game.removed))

    # --- what is known -------------------------------------------------------------------

    @property
    def hidden(self) -> frozenset[str]:
        """The cards the player cannot see: face down, or in the reserve."""
        known = {card for _down, up in self.columns for card in up}
        known.update(card for s in self.removed for card in _SUIT_CARDS[s])
        return frozenset(FULL_DECK).difference(known)

    @property
    def slots(self) -> int:
        """How many places hold a hidden card (face-down cards, then the reserve)."""
        return self.reserve + sum(down for down, _up in self.columns)

    @property
    def arrangements(self) -> int:
        """How many arrangements of the hidden cards agree with the view: every place is
        told apart (the order of a column's face-down cards, which reserve card goes to
        which column), so the factorial of the number of hidden cards."""
        return math.factorial(self.slots)

    @property
    def won(self) -> bool:
        return len(self.removed) == len(SUITS)

    def arrange(self, cards: Sequence[str]) -> Position:
        """The position with ``cards`` in the hidden places, in order: the face-down cards
        of column 1 bottom first, ..., of column 7, then the reserve. ``cards`` must be the
        hidden cards, each once (ViewError otherwise)."""
        if len(cards) != self.slots or set(cards) != self.hidden:
            raise ViewError("an arrangement puts each hidden card into one hidden place")
        columns: list[Column] = []
        k = 0
        for down, up in self.columns:
            columns.append(
                tuple((card, False) for card in cards[k : k + down])
                + tuple((card, True) for card in up)
            )
            k += down
        return Position(self.variant, tuple(columns), tuple(cards[k:]), self.removed)

    def ordered_hidden(self) -> list[str]:
        """The hidden cards in ``FULL_DECK`` order: spades ace to king first."""
        hidden = self.hidden
        return [card for card in FULL_DECK if card in hidden]

    def legal_moves(self) -> list[Action]:
        """The actions the rules allow now, in ``Game.legal_moves`` order (they depend on
        the face-up cards alone)."""
        return legal_actions(self.variant, [up for _down, up in self.columns], bool(self.reserve))

    def rearranged(self, move: Action) -> View | None:
        """The view after ``move`` when it only rearranges face-up cards; None when it
        shows something new (it turns a card, removes a sequence or deals the reserve),
        and for an illegal move.

        >>> from scorpion import DEAL, Game, Move
        >>> view = View.of(Game.new(3))
        >>> view.rearranged(Move("5C", 1)).columns[1]
        (3, ('KC', 'QD', '6S', '6C', '5C'))
        >>> view.rearranged(DEAL) is None
        True
        """
        if not isinstance(move, Move) or move not in self.legal_moves():
            return None
        columns = list(self.columns)
        for x, (down, up) in enumerate(columns):
            if move.card in up:
                i = up.index(move.card)
                if down and not i:
                    return None  # it uncovers a face-down card
                pile = up[i:]
                columns[x] = (down, up[:i])
                break
        down, up = columns[move.to]
        target = up + pile
        if len(target) >= SEQUENCE_LENGTH and all(
            rank(card) == SEQUENCE_LENGTH - k and card[1] == target[-1][1]
            for k, card in enumerate(target[-SEQUENCE_LENGTH:])
        ):
            return None  # it completes a sequence, which is removed
        columns[move.to] = (down, target)
        return View(self.variant, tuple(columns), self.reserve, self.removed)

    def __str__(self) -> str:
        """The table as ``Game`` prints it, ``##`` for each face-down card."""
        removed = " ".join(self.removed) or "-"
        rows = [
            f"{i + 1}: " + " ".join(["##"] * down + list(up))
            for i, (down, up) in enumerate(self.columns)
        ]
        return "\n".join([f"{self.variant}, reserve {self.reserve}, removed {removed}", *rows])


def line_views(game: Game) -> frozenset[View]:
    """The views of every position of ``game``'s line of play, the deal to now: what to
    pass as ``avoid`` to ``advice.advise``. (Every card face up at some point of the line
    is still face up, or removed: these views tell nothing the current one does not.)

    >>> from scorpion import Game
    >>> game = Game.new(3, moves="4C>1 5C>2")
    >>> len(line_views(game)), View.of(Game.new(3)) in line_views(game)
    (3, True)
    """
    replay = Game.from_deck(game.deck, game.variant)
    views = {View.of(replay)}
    for move in game.moves:
        replay.play(move)
        views.add(View.of(replay))
    return frozenset(views)


def shuffled(cards: Iterable[str], seed: int) -> list[str]:
    """``cards`` in the order of a Fisher-Yates shuffle driven by SplitMix64 from ``seed``
    (as ``deals.deal_deck``): the same on every platform and Python version.

    >>> shuffled(["AS", "2S", "3S", "4S"], 7)
    ['2S', '3S', 'AS', '4S']
    """
    return shuffle(cards, seed)
