"""Decide whether a Scorpion position can be won, knowing every card (face-down ones too).

>>> from scorpion import Game
>>> result = solve(Game.new(3), time_limit=30.0)
>>> result.status, len(result.line) > 0
('won', True)
>>> game = Game.new(3)
>>> for move in result.line:
...     _ = game.play(move)
>>> game.won
True
>>> solve(Game.new(1)).status
'lost'

API
---
``solve(game, time_limit=1.0, *, node_limit=None, prune=True, clock=time.perf_counter)``
    returns a ``SolveResult``: ``status`` is ``"won"`` (``line`` is a winning line from the
    position, a tuple of ``Move`` and ``DEAL`` to replay with ``Game.play``), ``"lost"``
    (an exhaustive search proved that no line wins) or ``"unknown"`` (the time or node
    limit ran out first); ``nodes`` and ``seconds`` say what it cost. It starts from any
    position: mid-game, reserve dealt or not, sequences already removed. The game is not
    changed. ``clock`` measures ``time_limit`` (``time.process_time`` for CPU time).

``Solver(game, *, prune=True, by_nodes=False)``: the same search, run in slices so a
    browser can keep its event loop (or a worker) responsive, and cancel by simply not
    calling it again::

        solver = Solver(game)
        while (result := solver.step(2000)) is None:   # about 2000 positions per call
            ...                                        # yield to the event loop here
        result.status

    ``solver.result()`` is the answer so far (``"unknown"`` until decided). The searches
    share the time by the seconds each has used; ``by_nodes=True`` shares it by the
    positions each has expanded instead, so that a run under a node budget is the same
    on every machine and every run (``scorpion.advice`` needs that).

``game`` is anything with the ``Table`` attributes: a ``Game``, or a ``Position`` of
``scorpion.knowledge`` (one arrangement of the cards a player cannot see).

``hint(game, time_limit=1.0, *, result=None) -> Hint``
    ``Hint(status, move, line)``: status ``"won"`` and the next move of a winning line;
    ``"unknown"`` and a sensible move chosen by a score when nothing was decided in time;
    ``"lost"`` and ``move=None`` when the position is proved lost (also ``move=None`` for
    a game already won). Pass the ``result`` of a ``Solver`` run in slices to skip the
    search.

``prune=False`` turns off every reduction that needs a proof (the deadlock tests, the
column symmetry, the pointless-King rule, the one-target rule below) and the win searches:
a plain exhaustive depth-first search over exact positions, to cross-check in tests.

How it works
------------
The solver has its own compact position: seven strings, one character per card (another
character when face-down), so copying, slicing and hashing a position run in C. Positions
go into a transposition table under a canonical key in which interchangeable columns are
sorted: all seven once the reserve is dealt; before the deal only columns 4-7 (columns
1-3 receive the reserve, so which is which still matters). The key is the exact table,
so the table never confuses two positions.

*Classic.* An exhaustive depth-first search. At every new position a deadlock test
(``_classic_stuck``: which cards can never make the one move a win needs from them, and
which Kings can never leave a card of their own suit, as a least fixpoint of necessary
conditions) proves most losses at once: most lost deals are proved lost at the root. The
search is complete: it only skips positions already searched (or their column
permutations) and positions the deadlock test proves lost. A third of the time goes to
the same search with its moves in a random order, restarted with a new order and a
larger budget each time one runs out (``_Restarts``, never "lost"): a depth-first
search's time to a win varies wildly with its move order, and restarts cut that tail.

*Relaxed* (a card goes onto any card one rank higher). Four searches share the time
(1:3:2:1), each resumable:

- the exhaustive depth-first search, the only one that may answer "lost". At positions
  reached by an irreversible move it runs two proofs: the stuck-component test
  (``_relaxed_stuck``: the reversible moves keep the ranks on top of the columns, so if
  no card on a wrong card can ever find a target nothing changes again) and a fixpoint
  of what can happen at some point (``_relaxed_blocked``). A card on a wrong card is
  moved onto one of its possible targets only: from there it can reach the others and
  come back, so they share one outcome (``_relaxed_steps``);
- the restarted random-order search above;
- a best-first search guided by a score (cards on their same-suit parent, cards turned,
  sequences removed, columns emptied) that plays same-suit moves eagerly, and
- a depth-first search allowing 0, 1, 2... moves onto another suit in turn.

The last three prune freely, never answer "lost", and find most wins; their lines, like
every line, are replayed in the tests.

Every winning line is shortened before it is returned (``_shorten``): the searches wander
(the exhaustive one through many arrangements of the same cards), and jumping from each
position of the line to the latest one reachable in one move cuts lines of thousands of
moves to about a hundred.

What a search costs per position is kept low without changing a single step of it: the
move generators find cards in the columns joined into one string (``_joined``); the
deadlock tests' verdicts are remembered by exact position (``_proved_lost``, up to 30,000
a variant), since a hint's or a review's searches meet the positions their neighbours met;
``tests/test_solver_speedups.py`` holds the fast functions to the plain ones they replaced,
and ``tests/test_review_figures.py`` whole searches to their recorded node counts and lines.

What is deliberately *not* used: "play a card onto its same-suit parent at once" looks
safe but is not. With 5H under 8H in one column and 9H 7H 6H in another, 5H onto 6H at
once leaves 7H under 8H for good, while 7H onto 8H, 8H onto 9H, then 5H onto 6H builds
hearts; classic deals 70 and 111 are won only in such an order. So the exhaustive
searches never force a move.
"""

from __future__ import annotations

import heapq
import operator
import random
import time
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import accumulate, pairwise
from typing import Final, Protocol, TypeAlias

from .cards import FULL_DECK
from .game import Game
from .moves import DEAL, Action, Move

__all__ = ["Hint", "Solvable", "SolveResult", "Solver", "hint", "solve"]

WON: Final = "won"
LOST: Final = "lost"
UNKNOWN: Final = "unknown"

# --- the compact position -------------------------------------------------------------
#
# Card k (its index in FULL_DECK: suit * 13 + rank - 1) is chr(k) face up and chr(64 + k)
# face down, so a hidden card is never found when looking for a face-up one and
# ``ord(ch) & 63`` is the card either way. A column is a str, bottom first.

_HIDDEN: Final = 64
_UP: Final = tuple(chr(k) for k in range(52))
_INDEX: Final = {name: k for k, name in enumerate(FULL_DECK)}
_RANK: Final = tuple((o & 63) % 13 + 1 for o in range(128))  # by ord, face up or down
_KINGS: Final = tuple(_UP[s * 13 + 12] for s in range(4))
#: The same-suit card one rank lower (classic: the only card that may go onto this one).
_CHILD: Final = {_UP[k]: _UP[k - 1] for k in range(52) if k % 13}
#: The four cards one rank lower (relaxed).
_CHILDREN: Final = {
    _UP[k]: "".join(_UP[s * 13 + k % 13 - 1] for s in range(4)) for k in range(52) if k % 13
}
#: The same-suit card one rank higher: where a card finally belongs.
_PARENT: Final = {_UP[k]: _UP[k + 1] for k in range(52) if k % 13 != 12}
#: For each ace: its complete sequence as it lies in a column, King first.
_RUN: Final = {_UP[s * 13]: "".join(_UP[s * 13 + r] for r in range(12, -1, -1)) for s in range(4)}

#: A move in the compact position: (source column, index in it, target column).
_Step = tuple[int, int, int]
_DEAL_STEP: Final[_Step] = (-1, -1, -1)
_first: Final = operator.itemgetter(0)


def _turn(column: str) -> str:
    """Turn the top card face up if it is face down (the rules do it automatically)."""
    if column and column[-1] >= "@":
        return column[:-1] + chr(ord(column[-1]) - _HIDDEN)
    return column


def _apply(cols: list[str], x: int, i: int, y: int) -> tuple[list[str], int]:
    """Move cols[x][i:] onto column y: the new columns and how many sequences went."""
    new = cols.copy()
    new[x] = _turn(cols[x][:i])
    pile = cols[x][i:]
    target = cols[y] + pile
    top = pile[-1]
    if top in _RUN and target[-13:] == _RUN[top]:
        new[y] = _turn(target[:-13])
        return new, 1
    new[y] = target
    return new, 0


def _deal(cols: list[str], reserve: str) -> tuple[list[str], int]:
    """Deal the reserve onto columns 1-3 (indexes 0-2), completing sequences there."""
    new = cols.copy()
    gained = 0
    for k, card in enumerate(reserve):
        target = new[k] + card
        if card in _RUN and target[-13:] == _RUN[card]:
            target = _turn(target[:-13])
            gained += 1
        new[k] = target
    return new, gained


def _find(cols: list[str], card: str) -> tuple[int, int]:
    """(column, index) of a face-up card, or (-1, -1)."""
    for x, column in enumerate(cols):
        i = column.find(card)
        if i >= 0:
            return x, i
    return -1, -1


def _joined(cols: list[str]) -> tuple[str, list[int]]:
    """The columns as one string and where each starts: ``_find`` for many cards at the
    price of one ``str.find`` each. The card at ``joined[j]`` is ``cols[x][j - starts[x]]``
    with ``x = bisect_right(starts, j) - 1`` (an empty column starts where the next one
    does, so the last column starting at or before ``j`` is the one holding it).

    >>> cols = [_UP[0] + chr(_HIDDEN + 12), "", _UP[12]]
    >>> joined, starts = _joined(cols)
    >>> j = joined.find(_UP[12])
    >>> x = bisect_right(starts, j) - 1
    >>> (x, j - starts[x]) == _find(cols, _UP[12]) == (2, 0)
    True
    """
    return "".join(cols), list(accumulate(map(len, cols), initial=0))


# Separators of a key: characters no card is (cards are chr(0-51) and chr(64-115)), so
# two different positions never share a key.
_COLUMN_MARK: Final = "|"
_RESERVE_MARK: Final = "~"


def _key(cols: list[str], dealt: bool) -> str:
    """The canonical key: interchangeable columns sorted (see the module docstring).

    >>> hash_card, x, y, z = _UP[35], _UP[2], _UP[1], _UP[40]   # _UP[35] is "#"
    >>> rest = [z, z + z, z + z + z]
    >>> _key([x, x, x + hash_card, y, *rest], False) != _key([x, x, x, hash_card + y, *rest], False)
    True
    """
    if dealt:
        return _COLUMN_MARK.join(sorted(cols))
    return _COLUMN_MARK.join(cols[:3]) + _RESERVE_MARK + _COLUMN_MARK.join(sorted(cols[3:]))


def _exact_key(cols: list[str], dealt: bool) -> str:
    """The table as it is, and whether the reserve is still to deal.

    >>> up = _UP[35]
    >>> _exact_key([up, "", "", "", "", "", up], True) != _exact_key(
    ...     [up, "", "", "", "", "", ""], False)
    True
    """
    return _COLUMN_MARK.join(cols) + ("" if dealt else _RESERVE_MARK)


class Solvable(Protocol):
    """What the solver reads of a position: a ``Game``, or a ``knowledge.Position``."""

    @property
    def variant(self) -> str: ...
    @property
    def columns(self) -> tuple[tuple[tuple[str, bool], ...], ...]: ...
    @property
    def reserve(self) -> tuple[str, ...]: ...
    @property
    def removed(self) -> tuple[str, ...]: ...
    @property
    def won(self) -> bool: ...


def _encode(game: Solvable) -> tuple[list[str], str, int]:
    cols = [
        "".join(chr(_INDEX[card] + (0 if up else _HIDDEN)) for card, up in column)
        for column in game.columns
    ]
    reserve = "".join(_UP[_INDEX[card]] for card in game.reserve)
    return cols, reserve, len(game.removed)


#: Each move as a ``Move``, made once: the searches name every step they take.
_MOVES: Final = {(c, y): Move(card, y) for c, card in enumerate(FULL_DECK) for y in range(7)}


def _action(cols: list[str], step: _Step) -> Action:
    if step[0] < 0:
        return DEAL
    x, i, y = step
    return _MOVES[ord(cols[x][i]) & 63, y]


# --- proofs of loss ---------------------------------------------------------------------


def _classic_blocked(cols: list[str], reserve: str) -> bool:
    """True when the classic position provably cannot be won (see ``_classic_stuck``)."""
    return _classic_stuck(cols, reserve) > 0


#: Extra nodes of the classic fixpoint, after the 52 cards: suit s can be completed
#: (_SUIT + s), the King of suit s can be face up (_FACE + s), its column can empty by the
#: removal of its sequence (_CLEAR + s, for a King at the bottom), some column can be empty.
_SUIT: Final = 52
_FACE: Final = 56
_CLEAR: Final = 60
_EMPTY: Final = 64


def _classic_stuck(cols: list[str], reserve: str) -> int:
    """How many cards provably can never make the move a classic win needs (0: maybe won).

    In Classic a card other than a King only ever moves onto its same-suit parent, so a
    card lying on its parent never moves again, and a card that does not (call it
    *misplaced*) must move exactly once before the game can be won (its sequence is only
    removed with the card on its parent, and only its own move changes what lies under
    it). For each card we list what must happen before its first move:

    - a face-down card: the card lying on it must have left (only that uncovers it);
    - a misplaced card: the card lying on its parent must have left (nothing but the card
      itself can ever be put on its parent, and a sequence resting on the parent cannot be
      removed without it);
    - a misplaced card below its parent in the same column: one of the cards above it,
      up to and including the parent, must have moved (only such a move separates them).

    A King leaves the card under it by moving to an empty column or by the removal of its
    sequence: it must be able to be face up, and then some column must be able to be
    empty, or every misplaced card of its suit able to move. A column that is not empty
    empties only when its bottom card leaves: a card moving, or a bottom King's sequence
    removed. A King lying on a card of its own suit must move (its sequence cannot be
    completed above that card): it needs to be face up and an empty column.

    The least fixpoint of "can happen" over these necessary conditions over-approximates
    what can ever happen: if something outside it happened, the earliest such event would
    have all its conditions met by events before it, hence inside the fixpoint. So when a
    misplaced card, or a King that must move, is outside it, or a misplaced card's parent
    is gone, the game cannot be won; the count of such cards is also a useful distance for
    the relaxed win searches. Cards in the reserve, or whose parent is there, add no
    condition (the deal only puts cards on top, which never helps).
    """
    where = [-1] * 52
    place = [0] * 52
    for x, column in enumerate(cols):
        for i, ch in enumerate(column):
            k = ord(ch) & 63
            where[k] = x
            place[k] = i
    # A worklist fixpoint: ``missing[n]`` counts the conditions of node n not met yet
    # (each AND condition counts one, an OR group one in all); ``waiters[n]`` lists the
    # nodes waiting for n, with the OR group they wait in (or None).
    missing = [0] * 65
    waiters: list[list[tuple[int, list[int] | None]]] = [[] for _ in range(65)]
    must: list[int] = []
    kings_must_move: list[int] = []
    ready: list[int] = []
    bottoms: list[int] = []  # the nodes that empty a column: its bottom card, a King's _CLEAR
    for x, column in enumerate(cols):
        for i, ch in enumerate(column):
            o = ord(ch)
            k = o & 63
            suit = k // 13
            count = 0
            if k % 13 == 12:  # a King: k is "it leaves the card under it"
                face = _FACE + suit
                if o >= _HIDDEN:
                    waiters[ord(column[i + 1]) & 63].append((face, None))
                    missing[face] = 1
                else:
                    ready.append(face)
                leave_by = [_EMPTY, _SUIT + suit]  # a move, or the removal of its sequence
                waiters[face].append((k, None))
                waiters[_EMPTY].append((k, leave_by))
                waiters[_SUIT + suit].append((k, leave_by))
                missing[k] = 2
                if not i:
                    clear = _CLEAR + suit
                    waiters[face].append((clear, None))
                    waiters[_SUIT + suit].append((clear, None))
                    missing[clear] = 2
                    bottoms.append(clear)
                elif (ord(column[i - 1]) & 63) // 13 == suit:
                    kings_must_move.append(suit)
                continue
            if o >= _HIDDEN:  # face down: never the top card, something lies on it
                waiters[ord(column[i + 1]) & 63].append((k, None))
                count = 1
            if not i:
                bottoms.append(k)
            below = ord(column[i - 1]) & 63 if i else -1
            if below == k + 1:
                continue  # on its parent: never moves again, never needs to
            must.append(k)
            waiters[k].append((_SUIT + suit, None))
            missing[_SUIT + suit] += 1
            px = where[k + 1]
            if px < 0:
                if _UP[k + 1] not in reserve:
                    return 52  # its parent went with a removed sequence
            else:
                parent_column = cols[px]
                pi = place[k + 1]
                if pi + 1 < len(parent_column):
                    waiters[ord(parent_column[pi + 1]) & 63].append((k, None))
                    count += 1
                if px == x and pi > i:
                    group = [ord(c) & 63 for c in column[i + 1 : pi + 1]]
                    for z in group:
                        waiters[z].append((k, group))
                    count += 1
            missing[k] = count
            if not count:
                ready.append(k)
    ready.extend(_SUIT + suit for suit in range(4) if not missing[_SUIT + suit])
    if not all(cols):
        ready.append(_EMPTY)  # a column is empty already
    else:
        for n in bottoms:
            waiters[n].append((_EMPTY, bottoms))
        missing[_EMPTY] = 1
    can = bytearray(65)
    while ready:
        n = ready.pop()
        can[n] = 1
        for k, either in waiters[n]:
            if either is not None:
                if not either:
                    continue  # that OR group is already met
                either.clear()
            missing[k] -= 1
            if not missing[k]:
                ready.append(k)
    stuck = sum(not can[k] for k in must)
    return stuck + sum(not (can[_EMPTY] and can[_FACE + suit]) for suit in kings_must_move)


def _relaxed_stuck(cols: list[str], dealt: bool) -> bool:
    """True when the relaxed position provably cannot be won (see the module docstring).

    Call a card a *head* when it lies on a face-down card, on a card that is not one
    rank higher, or at the bottom of a column without being a King; every other face-up
    card lies on a card one rank higher and moving it is reversible. Moving such a card
    takes it (and what lies on it) from a card of rank r + 1 onto a top of rank r + 1, so
    the ranks on top of the columns stay the same multiset, no column empties or fills and
    nothing is turned: the positions reachable that way share those ranks. If then

    - the reserve is dealt,
    - no head has a top one rank higher (so no head, hence no face-down card, ever moves),
    - no King can go to an empty column other than from the bottom of a column, where it
      would only relocate (unless it carries a complete sequence: that removes it),
    - and no suit can be completed: for each suit left, some card of it is face down,
      or is a head, or lies off its parent with no top one rank higher to move it to,

    no move ever changes the tops, the heads or the face-down cards, and no sequence is
    ever removed: the position cannot be won.
    """
    if not dealt:
        return False
    tops = 0
    empty = False
    for column in cols:
        if column:
            tops |= 1 << _RANK[ord(column[-1])]
        else:
            empty = True
    completable = [True] * 4
    present = [False] * 4
    for column in cols:
        below = ""
        for i, ch in enumerate(column):
            o = ord(ch)
            suit = (o & 63) // 13
            present[suit] = True
            if o >= _HIDDEN:
                completable[suit] = False
                below = ch
                continue
            r = _RANK[o]
            if r == 13:
                if empty and (i or column == _RUN.get(column[-1])):
                    return False
            elif not below or below >= "@" or _RANK[ord(below)] != r + 1:
                if tops >> (r + 1) & 1:
                    return False
                completable[suit] = False
            elif below != _PARENT[ch] and not tops >> (r + 1) & 1:
                completable[suit] = False
            below = ch
    return not any(p and c for p, c in zip(present, completable, strict=True))


def _relaxed_blocked(cols: list[str], reserve: str) -> bool:
    """True when the relaxed position provably cannot be won: a least fixpoint of events
    that can happen *at some point*, each allowed only once a necessary condition can:

    - a card can move once it can be face up and some card one rank higher can be a top
      (a King: once some column can be empty);
    - a card can be a top if it is one, or the card lying on it can move, or that card is
      a King whose sequence could be removed (counted as soon as it can be face up);
    - a column can be empty if one is, or the bottom card of a column can move, or a
      column's bottom King can see its whole suit placed (each card of the suit lies on
      its parent, or can move and its parent can be a top).

    (The first time any of these happens, its condition has held before, so events
    outside the fixpoint never happen.) The reserve cards count as tops. The position is
    lost if a face-down card can never be a top, a card off its parent can never move or
    its parent never be a top, or a King lying on a card of its own suit can never move
    (only a move takes a King off the card under it, or the removal of its sequence,
    which needs that card above it).

    The fixpoint is reached by a worklist: each event found possible is followed only to
    what it can unlock (a new top, to the cards it can let move; a move, to the card
    under it and an empty column; an empty column, to the Kings), so each card is looked
    at a few times, not once a pass.

    Hearts only: the 5H face down under the 6H, which can go onto the 7H; then the 7H
    face down under the 6H, which has nowhere to go:

    >>> h = {r: _UP[26 + r - 1] for r in range(1, 14)}  # the hearts by rank
    >>> def hearts(high: int, low: int) -> str:
    ...     return "".join(h[r] for r in range(high, low - 1, -1))
    >>> hidden = {r: chr(ord(h[r]) + _HIDDEN) for r in h}
    >>> _relaxed_blocked([hidden[5] + h[6], hearts(13, 7), hearts(4, 1)], "")
    False
    >>> _relaxed_blocked([hidden[7] + h[6], hearts(13, 8), hearts(5, 1)], "")
    True
    """
    present = bytearray(52)
    faceup = bytearray(52)
    can_top = bytearray(52)
    can_move = bytearray(52)
    at_bottom = bytearray(52)
    in_reserve = bytearray(52)
    below = [-1] * 52
    rank_top = [False] * 14  # can some card of this rank (0: ace ... 12: King) be a top?
    empty = False
    for column in cols:
        if not column:
            empty = True
            continue
        previous = -1
        for o in column.encode("latin-1"):  # the cards' codes, without an ord() each
            k = o & 63
            present[k] = 1
            faceup[k] = o < _HIDDEN
            below[k] = previous
            previous = k
        can_top[previous] = 1
        rank_top[previous % 13] = True
        at_bottom[ord(column[0]) & 63] = 1
    for ch in reserve:
        k = ord(ch)
        present[k] = faceup[k] = can_top[k] = in_reserve[k] = 1
        rank_top[k % 13] = True
    kings = (12, 25, 38, 51)
    fresh: list[int] = []  # cards found able to be a top, to follow up
    for king in kings:  # a face-up King's sequence can be removed: the card under it shows
        b = below[king]
        if faceup[king] and b >= 0 and not can_top[b]:
            can_top[b] = 1
            fresh.append(b)
    tries = [k for k in range(52) if faceup[k] or can_top[k]]  # cards that may move
    while True:
        while tries or fresh:
            current, tries = tries, []
            for k in current:
                if can_move[k] or not (faceup[k] or can_top[k]):
                    continue
                r = k % 13
                if not (empty if r == 12 else rank_top[r + 1]):
                    continue
                can_move[k] = 1
                b = below[k]
                if b >= 0 and not can_top[b]:
                    can_top[b] = 1
                    fresh.append(b)
                if at_bottom[k] and r != 12 and not empty:
                    empty = True
                    tries.extend(kings)
            while fresh:
                k = fresh.pop()
                r = k % 13
                if not rank_top[r]:
                    rank_top[r] = True
                    if r:  # the cards one rank lower may move onto it
                        tries.extend((r - 1, r + 12, r + 25, r + 38))
                tries.append(k)  # it can be face up now
                if r == 12:
                    b = below[k]
                    if b >= 0 and not can_top[b]:
                        can_top[b] = 1
                        fresh.append(b)
        if empty:
            break
        for b in kings:
            if not at_bottom[b]:
                continue
            suit = b - 12
            if all(
                not present[k] or below[k] == k + 1 or (can_move[k] and can_top[k + 1])
                for k in range(suit, suit + 12)
            ):
                empty = True
                tries.extend(kings)
                break
        else:
            break
    for k in range(52):
        if not present[k] or in_reserve[k]:
            continue
        if not faceup[k] and not can_top[k]:
            return True
        if k % 13 != 12:
            if below[k] != k + 1 and not (can_move[k] and present[k + 1] and can_top[k + 1]):
                return True
        elif below[k] >= 0 and below[k] // 13 == k // 13 and not can_move[k]:
            return True
    return False


#: The verdicts of ``_proved_lost`` by exact position, per variant: a search meets the
#: positions its neighbours met (the same arrangement one move on, the restarted search
#: beside the exhaustive one). Emptied when it holds ``_PROOFS_KEPT``.
_PROOFS: Final[tuple[dict[str, bool], dict[str, bool]]] = ({}, {})
_PROOFS_KEPT: Final = 30_000


def _proved_lost(cols: list[str], reserve: str, relaxed: bool) -> bool:
    """The deadlock tests (relaxed: ``_relaxed_stuck`` or ``_relaxed_blocked``; classic:
    ``_classic_blocked``): pure functions of the columns and the reserve left (the same
    string when not dealt), so their verdict is remembered by exactly those.

    >>> cols = [_UP[26 + 7 - 1] + _UP[26 + 6 - 1]]  # the 7H and 6H, the 8H gone for good
    >>> _proved_lost(cols, "", True), _proved_lost(cols, "", True), _relaxed_blocked(cols, "")
    (True, True, True)
    """
    known = _PROOFS[relaxed]
    key = "|".join(cols) + "|" + reserve  # "|" is no card's character
    verdict = known.get(key)
    if verdict is None:
        if relaxed:
            verdict = _relaxed_stuck(cols, not reserve) or _relaxed_blocked(cols, reserve)
        else:
            verdict = _classic_blocked(cols, reserve)
        if len(known) >= _PROOFS_KEPT:
            known.clear()
        known[key] = verdict
    return verdict


# --- the searches -----------------------------------------------------------------------


@dataclass(frozen=True)
class SolveResult:
    """What ``solve`` found. ``line`` is a winning line when ``status`` is ``"won"``."""

    status: str
    line: tuple[Action, ...] = ()
    nodes: int = 0
    seconds: float = 0.0

    @property
    def decided(self) -> bool:
        return self.status != UNKNOWN


@dataclass
class _Frame:
    cols: list[str]
    dealt: bool
    removed: int
    steps: list[_Step]
    next: int = 0
    taken: _Step | None = None  # the move from the frame below (named only for a win's line)


class _Exhaustive:
    """Depth-first search over every move, iterative (an explicit stack), resumable."""

    SLICE: Final = 400  # moves tried per turn when sharing time with other searches

    def __init__(
        self,
        cols: list[str],
        reserve: str,
        removed: int,
        relaxed: bool,
        prune: bool,
        shuffle: random.Random | None = None,
    ) -> None:
        self.reserve = reserve
        self.shuffle = shuffle
        self.relaxed = relaxed
        self.prune = prune
        self.key = _key if prune else _exact_key
        self.seen: set[str] = set()
        self.stack: list[_Frame] = []
        self.nodes = 0
        self.outcome: str | None = None
        self.line: list[Action] = []
        self._enter(cols, not reserve, removed, None, True)
        if self.outcome is None and not self.stack:
            self.outcome = LOST

    def _enter(
        self, cols: list[str], dealt: bool, removed: int, taken: _Step | None, progress: bool
    ) -> None:
        if removed == 4:
            self.outcome = WON
            stack = self.stack
            self.line = [
                _action(below.cols, frame.taken)
                for below, frame in pairwise(stack)
                if frame.taken is not None
            ]
            if taken is not None:
                self.line.append(_action(stack[-1].cols, taken))
            return
        key = self.key(cols, dealt)
        if key in self.seen:
            return
        self.seen.add(key)
        proving = self.prune and (progress or not self.relaxed)  # Relaxed: irreversible moves
        if proving and _proved_lost(cols, "" if dealt else self.reserve, self.relaxed):
            return
        steps = (
            _relaxed_steps(cols, dealt, self.prune)
            if self.relaxed
            else _classic_steps(cols, dealt, self.prune)
        )
        if not dealt:
            steps.append(_DEAL_STEP)
        if self.shuffle is not None:
            self.shuffle.shuffle(steps)
        self.stack.append(_Frame(cols, dealt, removed, steps, 0, taken))

    def run(self, budget: int) -> None:
        """Search about ``budget`` positions; sets ``outcome`` when decided."""
        stack = self.stack
        while budget > 0 and self.outcome is None:
            if not stack:
                self.outcome = LOST
                return
            frame = stack[-1]
            if frame.next >= len(frame.steps):
                stack.pop()
                continue
            step = frame.steps[frame.next]
            frame.next += 1
            budget -= 1
            self.nodes += 1
            cols = frame.cols
            if step[0] < 0:
                new, gained = _deal(cols, self.reserve)
                self._enter(new, True, frame.removed + gained, step, True)
            else:
                x, i, y = step
                new, gained = _apply(cols, x, i, y)
                progress = gained > 0 or not _fits(cols[x], i)
                self._enter(new, frame.dealt, frame.removed + gained, step, progress)
        if not stack and self.outcome is None:
            self.outcome = LOST


def _fits(column: str, i: int) -> bool:
    """The card at column[i] lies face up on a face-up card one rank higher."""
    if not i:
        return False
    below = column[i - 1]
    return below < "@" and _RANK[ord(below)] == _RANK[ord(column[i])] + 1


def _king_steps(
    cols: list[str],
    dealt: bool,
    prune: bool,
    out: list[_Step],
) -> None:
    """Kings onto empty columns: one empty column per class of interchangeable columns;
    never a King already at the bottom of its column (the same position) unless it carries
    a complete sequence (which is then removed) or changes class before the deal."""
    if all(cols):
        return
    empties = [y for y in range(7) if not cols[y]]
    for king in _KINGS:
        x, i = _find(cols, king)
        if x < 0:
            continue
        classes: set[int] = set()
        for y in empties:
            group = y if (not dealt and y < 3) else 3
            if prune:
                if group in classes:
                    continue
                classes.add(group)
                same_place = i == 0 and group == (x if (not dealt and x < 3) else 3)
                if same_place and cols[x] != _RUN.get(cols[x][-1]):
                    continue
            out.append((x, i, y))


def _classic_steps(cols: list[str], dealt: bool, prune: bool) -> list[_Step]:
    """Every classic move, the ones turning a card or emptying a column first."""
    first: list[_Step] = []
    later: list[_Step] = []
    joined, starts = _joined(cols)
    for y, column in enumerate(cols):
        if not column:
            continue
        child = _CHILD.get(column[-1])
        if child is None:
            continue
        j = joined.find(child)
        if j < 0:
            continue
        x = bisect_right(starts, j) - 1
        if x == y:
            continue
        i = j - starts[x]
        if i == 0 or cols[x][i - 1] >= "@":
            first.append((x, i, y))
        else:
            later.append((x, i, y))
    _king_steps(cols, dealt, prune, later)
    return first + later


def _relaxed_steps(cols: list[str], dealt: bool, prune: bool) -> list[_Step]:
    """Every relaxed move: same-suit ones, then those freeing a card, then the rest.

    With ``prune``, a card lying on a wrong card (a *head*, see ``_relaxed_stuck``) is
    moved onto one of the tops one rank higher only, the same-suit one if there is one:
    from there it can go on to any other of those tops (it now lies on a card one rank
    higher, and they are still tops of other columns), and back, so all those positions
    are reached from the one kept and have the same outcome. Moves completing a sequence
    are irreversible and always kept.
    """
    ranked: list[tuple[int, _Step]] = []
    kept: dict[str, int] = {}  # head -> index in ranked of its one non-completing move
    joined, starts = _joined(cols)
    for y, column in enumerate(cols):
        if not column:
            continue
        top = column[-1]
        for child in _CHILDREN.get(top, ""):
            j = joined.find(child)
            if j < 0:
                continue
            x = bisect_right(starts, j) - 1
            if x == y:
                continue
            i = j - starts[x]
            source = cols[x]
            home = _PARENT[child] == top
            below = source[i - 1] if i else ""
            if below and below < "@" and _RANK[ord(below)] == _RANK[ord(child)] + 1:  # _fits
                order = 6 if below == _PARENT[child] else (2 if home else 5)
                ranked.append((order, (x, i, y)))
                continue
            order = (0 if home else 1) if below >= "@" else (1 if home else 3)
            if prune:
                ace = source[-1]
                completes = ace in _RUN and (column + source[i:])[-13:] == _RUN[ace]
                if not completes:
                    if child in kept:
                        if home:
                            ranked[kept[child]] = (order, (x, i, y))
                        continue
                    kept[child] = len(ranked)
            ranked.append((order, (x, i, y)))
    kings: list[_Step] = []
    _king_steps(cols, dealt, prune, kings)
    ranked.extend((4, step) for step in kings)
    ranked.sort(key=_first)
    return [step for _, step in ranked]


# --- the best-first search for a win (relaxed) ------------------------------------------


def _score(cols: list[str], removed: int) -> int:
    """Higher is closer to a win: cards on their parent, cards turned, columns emptied."""
    home = hidden = bad = empty = 0
    for column in cols:
        if not column:
            empty += 1
            continue
        below = -1  # the code of the card under this one (-1: none)
        for o in column.encode("latin-1"):  # the cards' codes, without an ord() each
            if o >= _HIDDEN:
                hidden += 1
            elif below < 0:
                if o % 13 == 12:  # a King at the bottom
                    home += 1
                else:
                    bad += 1
            elif below >= _HIDDEN:
                bad += 1
            elif below == o + 1 and o % 13 != 12:  # on its same-suit parent
                home += 1
            elif below % 13 != o % 13 + 1:  # not even on a card one rank higher
                bad += 1
            below = o
    return 3 * home + 40 * removed + 3 * empty - 4 * hidden - 2 * bad


#: How a queued position was reached: (the path to its parent, the actions from there).
_Path: TypeAlias = "tuple[_Path, tuple[Action, ...]] | None"


class _BestFirst:
    """Best-first search for a winning line; it never answers "lost".

    After each move it plays every same-suit move it can (a greedy macro: fine for finding
    wins, not a proof), and it tries only moves that can matter for building sequences:
    same-suit moves, Kings to empty columns, the deal, and placements on another suit
    that do not take a card off its same-suit parent.
    """

    LIMIT: Final = 60_000  # queued positions kept; the worst are dropped beyond that
    SLICE: Final = 40  # positions expanded per turn (each tries all its moves)

    def __init__(self, cols: list[str], reserve: str, removed: int) -> None:
        self.reserve = reserve
        self.nodes = 0
        self.outcome: str | None = None
        self.line: list[Action] = []
        self.seen: set[str] = set()
        self.heap: list[tuple[int, int, list[str], bool, int, _Path]] = []
        self.count = 0
        dealt = not reserve
        acts: list[Action] = []
        cols, removed = _eager_same_suit(cols, dealt, removed, acts)
        self._push(cols, dealt, removed, (None, tuple(acts)) if acts else None)

    def _push(self, cols: list[str], dealt: bool, removed: int, path: _Path) -> None:
        if removed == 4:
            self.outcome = WON
            self.line = _unwind(path)
            return
        key = _key(cols, dealt)
        if key in self.seen:
            return
        self.seen.add(key)
        self.count += 1
        heapq.heappush(self.heap, (-_score(cols, removed), self.count, cols, dealt, removed, path))

    def run(self, budget: int) -> None:
        heap = self.heap
        while budget > 0 and self.outcome is None:
            if not heap:
                self.outcome = UNKNOWN  # exhausted: proves nothing
                return
            if len(heap) > self.LIMIT:
                self.heap = heap = heapq.nsmallest(self.LIMIT // 2, heap)
            _, _, cols, dealt, removed, path = heapq.heappop(heap)
            budget -= 1
            self.nodes += 1
            steps = _classic_steps(cols, dealt, True) + _parking_steps(cols)
            if not dealt:
                steps.append(_DEAL_STEP)
            for step in steps:
                if step[0] < 0:
                    new, gained = _deal(cols, self.reserve)
                    new_dealt = True
                else:
                    new, gained = _apply(cols, *step)
                    new_dealt = dealt
                acts = [_action(cols, step)]
                new, total = _eager_same_suit(new, new_dealt, removed + gained, acts)
                self._push(new, new_dealt, total, (path, tuple(acts)))
                if self.outcome is not None:
                    return


class _Restarts:
    """The exhaustive search's moves in a random order, restarted with a fresh order and
    1.5 times the budget whenever a budget runs out (2000 moves at first). A depth-first
    search's time to a win varies wildly with its move order; restarts cut that tail.
    It never answers "lost". The orders come from fixed seeds, so runs repeat."""

    SLICE: Final = 400

    def __init__(self, cols: list[str], reserve: str, removed: int, relaxed: bool) -> None:
        self.start = (cols, reserve, removed, relaxed)
        self.nodes = 0
        self.outcome: str | None = None
        self.line: list[Action] = []
        self.seed = 0
        self.budget = 2000
        self.search = self._fresh()

    def _fresh(self) -> _Exhaustive:
        cols, reserve, removed, relaxed = self.start
        search = _Exhaustive(cols, reserve, removed, relaxed, True, random.Random(self.seed))
        return search

    def run(self, budget: int) -> None:
        search = self.search
        before = search.nodes
        search.run(min(budget, self.budget - search.nodes))
        self.nodes += search.nodes - before
        if search.outcome == WON:
            self.outcome, self.line = WON, search.line
        elif search.outcome == LOST:
            self.outcome = UNKNOWN  # not its job: the exhaustive search proves it too
        elif search.nodes >= self.budget:
            self.seed += 1
            self.budget = self.budget * 3 // 2
            self.search = self._fresh()


class _FewParkings:
    """Depth-first search for a winning line using at most ``allowed`` moves onto another
    suit, for ``allowed`` = 0, 1, 2... in turn (iterative deepening). Same-suit moves are
    played eagerly as in ``_BestFirst``; it never answers "lost"."""

    SLICE: Final = 400

    def __init__(self, cols: list[str], reserve: str, removed: int) -> None:
        self.reserve = reserve
        self.start = (cols, removed)
        self.nodes = 0
        self.outcome: str | None = None
        self.line: list[Action] = []
        self.allowed = -1
        self.best: dict[str, int] = {}
        self.stack: list[tuple[list[str], bool, int, int, list[tuple[_Step, int]], int]] = []
        self.acts: list[tuple[Action, ...]] = []

    def _restart(self) -> None:
        self.allowed += 1
        self.best = {}
        self.stack = []
        self.acts = []
        cols, removed = self.start
        self._enter(cols, not self.reserve, removed, self.allowed, ())

    def _enter(
        self, cols: list[str], dealt: bool, removed: int, left: int, acts: tuple[Action, ...]
    ) -> None:
        more: list[Action] = list(acts)
        cols, removed = _eager_same_suit(cols, dealt, removed, more)
        if removed == 4:
            self.outcome = WON
            self.line = [a for chunk in self.acts for a in chunk] + more
            return
        key = _key(cols, dealt)
        if self.best.get(key, -1) >= left:
            return
        self.best[key] = left
        steps = [(step, 0) for step in _classic_steps(cols, dealt, True)]
        if not dealt:
            steps.append((_DEAL_STEP, 0))
        if left:
            steps.extend((step, 1) for step in _parking_steps(cols))
        self.stack.append((cols, dealt, removed, left, steps, 0))
        self.acts.append(tuple(more))

    def run(self, budget: int) -> None:
        while budget > 0 and self.outcome is None:
            if not self.stack:
                if self.allowed >= 12:
                    self.outcome = UNKNOWN
                    return
                self._restart()
                continue
            cols, dealt, removed, left, steps, index = self.stack[-1]
            if index >= len(steps):
                self.stack.pop()
                self.acts.pop()
                continue
            self.stack[-1] = (cols, dealt, removed, left, steps, index + 1)
            step, cost = steps[index]
            budget -= 1
            self.nodes += 1
            if step[0] < 0:
                new, gained = _deal(cols, self.reserve)
                self._enter(new, True, removed + gained, left, (DEAL,))
            else:
                new, gained = _apply(cols, *step)
                self._enter(new, dealt, removed + gained, left - cost, (_action(cols, step),))


def _eager_same_suit(
    cols: list[str], dealt: bool, removed: int, acts: list[Action]
) -> tuple[list[str], int]:
    """Play same-suit moves while there are some (before the deal: only between columns
    4-7). A heuristic macro for the win searches; the exhaustive search never does this."""
    while removed < 4:
        joined = "".join(cols)  # most children are not on view: one str.find says so
        for y, column in enumerate(cols):
            child = _CHILD.get(column[-1]) if column else None
            if child is None or child not in joined:
                continue
            x, i = _find(cols, child)
            if x != y and (dealt or (x >= 3 and y >= 3)):
                acts.append(_action(cols, (x, i, y)))
                cols, gained = _apply(cols, x, i, y)
                removed += gained
                break
        else:
            break
    return cols, removed


def _parking_steps(cols: list[str]) -> list[_Step]:
    """Relaxed moves onto another suit, except those taking a card off its parent."""
    out: list[_Step] = []
    joined, starts = _joined(cols)
    for y, column in enumerate(cols):
        if not column:
            continue
        top = column[-1]
        for child in _CHILDREN.get(top, ""):
            if _PARENT[child] == top:
                continue
            j = joined.find(child)
            if j < 0:
                continue
            x = bisect_right(starts, j) - 1
            i = j - starts[x]
            if x == y or (i and cols[x][i - 1] == _PARENT[child]):
                continue
            out.append((x, i, y))
    return out


def _unwind(path: _Path) -> list[Action]:
    chunks: list[tuple[Action, ...]] = []
    while path is not None:
        parent, acts = path
        chunks.append(acts)
        path = parent
    return [act for chunk in reversed(chunks) for act in chunk]


def _shorten(cols: list[str], reserve: str, line: list[Action], relaxed: bool) -> list[Action]:
    """A winning line without its detours: from each position of the line, play the one
    move that reaches the latest position of the line (exact positions, columns in place),
    repeated while it helps. The searches wander (the exhaustive one through many
    arrangements of the same cards), so their lines can be hundreds of times too long.
    Each round's line goes through positions the round before stood on, so each
    position's moves and where they lead are worked out once (``after``)."""
    after: dict[str, list[tuple[str, _Step]]] = {}  # position -> (key reached, move) each
    for _ in range(8):
        positions = [(cols, not reserve)]
        for move in line:
            here, dealt = positions[-1]
            if move is DEAL:
                positions.append((_deal(here, reserve)[0], True))
            else:
                assert isinstance(move, Move)
                x, i = _find(here, _UP[_INDEX[move.card]])
                positions.append((_apply(here, x, i, move.to)[0], dealt))
        keys = [_exact_key(here, dealt) for here, dealt in positions]
        latest = {key: j for j, key in enumerate(keys)}
        shorter: list[Action] = []
        j = 0
        while j < len(line):
            here, dealt = positions[j]
            best, choice = j + 1, line[j]
            reached = after.get(keys[j])
            if reached is None:
                steps = (_relaxed_steps if relaxed else _classic_steps)(here, dealt, False)
                if not dealt:
                    steps.append(_DEAL_STEP)
                reached = after[keys[j]] = [
                    (
                        _exact_key(
                            _deal(here, reserve)[0] if step[0] < 0 else _apply(here, *step)[0],
                            dealt or step[0] < 0,
                        ),
                        step,
                    )
                    for step in steps
                ]
            for key, step in reached:
                reach = latest.get(key, -1)
                if reach > best:
                    best, choice = reach, _action(here, step)
            shorter.append(choice)
            j = best
        if len(shorter) == len(line):
            break
        line = shorter
    return line


# --- the public API -----------------------------------------------------------------------


class Solver:
    """A resumable search: call ``step`` until it returns a result (see the module docstring)."""

    def __init__(self, game: Solvable, *, prune: bool = True, by_nodes: bool = False) -> None:
        self._elapsed = 0.0
        self._by_nodes = by_nodes
        self._result: SolveResult | None = None
        self._searches: list[_Exhaustive | _BestFirst | _Restarts | _FewParkings] = []
        #: Seconds each search has used, divided by its share of the time.
        self._spent: list[float] = []
        self._weights: list[float] = []
        if game.won:
            self._result = SolveResult(WON)
            return
        cols, reserve, removed = _encode(game)
        relaxed = game.variant == "relaxed"
        self._start = (cols, reserve, relaxed)
        self._exhaustive = _Exhaustive(cols, reserve, removed, relaxed, prune)
        self._searches.append(self._exhaustive)
        self._weights.append(1.0)
        if prune:
            # Shares of the time (self._weights). Classic: the exhaustive search proves
            # most losses at the root; restarts find the wins it is slow to reach.
            # Relaxed deals are nearly all won but their losses mostly out of reach of a
            # proof: the win searches get most of the time.
            self._searches.append(_Restarts(cols, reserve, removed, relaxed))
            if relaxed:
                self._searches += [
                    _BestFirst(cols, reserve, removed),
                    _FewParkings(cols, reserve, removed),
                ]
                self._weights += [3.0, 2.0, 1.0]
            else:
                self._weights = [2.0, 1.0]
        self._spent = [0.0] * len(self._searches)

    @property
    def nodes(self) -> int:
        """Positions expanded so far, all searches together."""
        return sum(search.nodes for search in self._searches)

    def step(self, nodes: int = 2000) -> SolveResult | None:
        """Search about ``nodes`` more positions; the result once decided, else None."""
        started = time.perf_counter()
        budget = max(1, nodes)
        while self._result is None:
            for search in self._searches:
                if search.outcome == WON or (search is self._exhaustive and search.outcome == LOST):
                    cols, reserve, relaxed = self._start
                    line = _shorten(cols, reserve, search.line, relaxed) if search.line else []
                    self._elapsed += time.perf_counter() - started
                    self._result = SolveResult(
                        search.outcome, tuple(line), self.nodes, self._elapsed
                    )
                    return self._result
            live = [k for k, search in enumerate(self._searches) if search.outcome is None]
            if budget <= 0 or not live:
                break
            k = min(live, key=self._spent.__getitem__)  # the one furthest behind its share
            search = self._searches[k]
            share = min(budget, search.SLICE)
            before = time.perf_counter()
            done = search.nodes
            search.run(share)
            cost = search.nodes - done if self._by_nodes else time.perf_counter() - before
            self._spent[k] += cost / self._weights[k]
            budget -= share
        self._elapsed += time.perf_counter() - started
        return self._result

    def result(self) -> SolveResult:
        """The answer so far: ``"unknown"`` until a search decides."""
        if self._result is not None:
            return self._result
        return SolveResult(UNKNOWN, (), self.nodes, self._elapsed)


def solve(
    game: Solvable,
    time_limit: float = 1.0,
    *,
    node_limit: int | None = None,
    prune: bool = True,
    clock: Callable[[], float] = time.perf_counter,
) -> SolveResult:
    """Decide ``game`` within ``time_limit`` seconds (and ``node_limit`` positions, if given).

    ``clock`` measures the time limit: wall-clock time by default; a benchmark on a busy
    machine may pass ``time.process_time`` to count only this process's CPU time.
    """
    solver = Solver(game, prune=prune)
    deadline = clock() + time_limit
    chunk = 200
    while True:
        if node_limit is not None:
            left = node_limit - solver.nodes
            if left <= 0:
                return solver.result()
            chunk = min(chunk, left)
        result = solver.step(chunk)
        if result is not None:
            return result
        if clock() >= deadline:
            return solver.result()


# --- hints ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """``move`` to play next: from a winning line when ``status`` is ``"won"``, a heuristic
    choice when ``"unknown"``, None when ``"lost"`` (or when the game is already won)."""

    status: str
    move: Action | None
    line: tuple[Action, ...] = field(default=())


def hint(game: Game, time_limit: float = 1.0, *, result: SolveResult | None = None) -> Hint:
    """The next move of a winning line if one is found within ``time_limit`` seconds.

    Otherwise a sensible move (status ``"unknown"``): the legal move whose resulting
    position scores best (cards on their parent, cards turned, columns emptied), never a
    King from the bottom of a column to another empty one. ``"lost"`` with no move when
    the position is proved lost. ``result``: a ``Solver`` result for this position, used
    instead of searching.
    """
    if result is None:
        result = solve(game, time_limit)
    if result.status == WON:
        return Hint(WON, result.line[0] if result.line else None, result.line)
    if result.status == LOST:
        return Hint(LOST, None)
    return Hint(UNKNOWN, _heuristic_move(game))


def _heuristic_move(game: Solvable, moves: list[Action] | None = None) -> Action | None:
    """The legal move (of ``moves``, by default ``game.legal_moves()``) whose position
    scores best; None if there is none but Kings from the bottom to another empty column."""
    cols, reserve, removed = _encode(game)
    best: tuple[int, int] | None = None
    choice: Action | None = None
    if moves is None:
        assert isinstance(game, Game)
        moves = game.legal_moves()
    for order, move in enumerate(moves):
        if move is DEAL:
            new, gained = _deal(cols, reserve)
            value = _score(new, removed + gained) - 1
        else:
            assert isinstance(move, Move)
            x, i = _find(cols, _UP[_INDEX[move.card]])
            if i == 0 and _RANK[ord(cols[x][0])] == 13:
                continue  # a King from the bottom of a column onto another empty one
            new, gained = _apply(cols, x, i, move.to)
            value = _score(new, removed + gained)
        if best is None or (value, -order) > best:
            best, choice = (value, -order), move
    return choice
