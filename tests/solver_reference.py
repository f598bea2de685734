"""The solver's functions as they were before they were made faster, verbatim (only their
docstrings cut): ``tests/test_solver_speedups.py`` checks that the fast ones in
``scorpion.solver`` give the same answers, move for move and in the same order.
"""

from __future__ import annotations

from scorpion.moves import Action
from scorpion.solver import (
    _CHILD,
    _CHILDREN,
    _HIDDEN,
    _KINGS,
    _PARENT,
    _RANK,
    _RUN,
    _action,
    _apply,
    _find,
    _fits,
    _Step,
)


def _relaxed_blocked(cols: list[str], reserve: str) -> bool:
    present = bytearray(52)
    faceup = bytearray(52)
    can_top = bytearray(52)
    above = [-1] * 52
    below = [-1] * 52
    bottoms: list[int] = []
    empty = False
    for column in cols:
        if not column:
            empty = True
            continue
        previous = -1
        for ch in column:
            o = ord(ch)
            k = o & 63
            present[k] = 1
            faceup[k] = o < _HIDDEN
            below[k] = previous
            if previous >= 0:
                above[previous] = k
            previous = k
        can_top[previous] = 1
        bottoms.append(ord(column[0]) & 63)
    for ch in reserve:
        k = ord(ch)
        present[k] = faceup[k] = can_top[k] = 1
    cards = [k for k in range(52) if present[k]]
    can_move = bytearray(52)
    rank_top = [False] * 15  # can some card of this rank be a top?
    for k in cards:
        if can_top[k]:
            rank_top[k % 13 + 1] = True
    changed = True
    while changed:
        changed = False
        for k in cards:
            if not can_move[k] and (faceup[k] or can_top[k]):
                r = k % 13 + 1
                if empty if r == 13 else rank_top[r + 1]:
                    can_move[k] = 1
                    changed = True
            if not can_top[k]:
                a = above[k]
                if a >= 0 and (can_move[a] or (a % 13 == 12 and (faceup[a] or can_top[a]))):
                    can_top[k] = 1
                    rank_top[k % 13 + 1] = True
                    changed = True
        if not empty:
            for b in bottoms:
                if b % 13 != 12:
                    empty = bool(can_move[b])
                else:
                    suit = b - 12
                    empty = all(
                        not present[k] or below[k] == k + 1 or (can_move[k] and can_top[k + 1])
                        for k in range(suit, suit + 12)
                    )
                if empty:
                    changed = True
                    break
    dealt = {ord(ch) for ch in reserve}
    for k in cards:
        if k in dealt:
            continue
        if not faceup[k] and not can_top[k]:
            return True
        if k % 13 != 12:
            if below[k] != k + 1 and not (can_move[k] and present[k + 1] and can_top[k + 1]):
                return True
        elif below[k] >= 0 and below[k] // 13 == k // 13 and not can_move[k]:
            return True
    return False


def _king_steps(cols: list[str], dealt: bool, prune: bool, out: list[_Step]) -> None:
    empties = [y for y in range(7) if not cols[y]]
    if not empties:
        return
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
    first: list[_Step] = []
    later: list[_Step] = []
    for y, column in enumerate(cols):
        if not column:
            continue
        child = _CHILD.get(column[-1])
        if child is None:
            continue
        x, i = _find(cols, child)
        if x < 0 or x == y:
            continue
        if i == 0 or cols[x][i - 1] >= "@":
            first.append((x, i, y))
        else:
            later.append((x, i, y))
    _king_steps(cols, dealt, prune, later)
    return first + later


def _relaxed_steps(cols: list[str], dealt: bool, prune: bool) -> list[_Step]:
    ranked: list[tuple[int, _Step]] = []
    kept: dict[str, int] = {}  # head -> index in ranked of its one non-completing move
    for y, column in enumerate(cols):
        if not column:
            continue
        top = column[-1]
        for child in _CHILDREN.get(top, ""):
            x, i = _find(cols, child)
            if x < 0 or x == y:
                continue
            source = cols[x]
            home = _PARENT[child] == top
            if _fits(source, i):
                order = 6 if source[i - 1] == _PARENT[child] else (2 if home else 5)
                ranked.append((order, (x, i, y)))
                continue
            order = (0 if home else 1) if i and source[i - 1] >= "@" else (1 if home else 3)
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
    ranked.sort(key=lambda pair: pair[0])
    return [step for _, step in ranked]


def _eager_same_suit(
    cols: list[str], dealt: bool, removed: int, acts: list[Action]
) -> tuple[list[str], int]:
    """Play same-suit moves while there are some (before the deal: only between columns
    4-7). A heuristic macro for the win searches; the exhaustive search never does this."""
    while removed < 4:
        for y, column in enumerate(cols):
            child = _CHILD.get(column[-1]) if column else None
            if child is None:
                continue
            x, i = _find(cols, child)
            if x >= 0 and x != y and (dealt or (x >= 3 and y >= 3)):
                acts.append(_action(cols, (x, i, y)))
                cols, gained = _apply(cols, x, i, y)
                removed += gained
                break
        else:
            break
    return cols, removed


def _parking_steps(cols: list[str]) -> list[_Step]:
    out: list[_Step] = []
    for y, column in enumerate(cols):
        if not column:
            continue
        top = column[-1]
        for child in _CHILDREN.get(top, ""):
            if _PARENT[child] == top:
                continue
            x, i = _find(cols, child)
            if x < 0 or x == y or (i and cols[x][i - 1] == _PARENT[child]):
                continue
            out.append((x, i, y))
    return out


def _score(cols: list[str], removed: int) -> int:
    home = hidden = bad = empty = 0
    for column in cols:
        if not column:
            empty += 1
            continue
        below = ""
        for ch in column:
            if ch >= "@":
                hidden += 1
            elif not below:
                if _RANK[ord(ch)] == 13:
                    home += 1
                else:
                    bad += 1
            elif below >= "@":
                bad += 1
            elif _PARENT.get(ch) == below:
                home += 1
            elif _RANK[ord(below)] != _RANK[ord(ch)] + 1:
                bad += 1
            below = ch
    return 3 * home + 40 * removed + 3 * empty - 4 * hidden - 2 * bad
