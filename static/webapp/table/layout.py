"""Pure geometry: where each card sits, in card widths, and which column a point is over.

CSS sizes the card (``--cw``, from the window alone); this module only decides offsets in
units of that width, so a saved board still fits after the window changes size. A long
column closes up its own steps, down to a step that still shows a card's whole index
(``UP_READABLE``); past that it runs below the table's room and the table scrolls
(``column_depth``): the other columns and the card size never change for it.

>>> fan = column_fan(hidden=3, face_up=4, room=6.0)
>>> fan.down, fan.up
(0.16, 0.42)
>>> card_y(4, hidden=3, fan=fan)
0.9
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

CARD_RATIO = 1.4  # height / width, as in the sprite's viewBox and the CSS
DOWN_MAX, DOWN_MIN = 0.16, 0.07  # face-down cards: a sliver of the back is enough
UP_MAX, UP_READABLE = 0.42, 0.3  # the whole index fits in 0.3 (cardart); pips from 0.43
UP_ROOMY = 0.9  # the widest face-up step, for narrow cards on a tall screen (phones)
TAP_PX = 44.0  # an overlapped face-up card's strip a thumb can hit, in CSS pixels
RESERVE_STEP = 0.05  # the reserve's stack shows its depth sideways
LIFT = 0.07  # how far held cards rise, in card widths (render.card_transform)
DEFAULT_ROOM = 5.6  # tableau height in card widths before the page has been measured


@dataclass(frozen=True, slots=True)
class Fan:
    """Vertical step between cards in one column, in card widths."""

    down: float
    up: float


def _round(value: float) -> float:
    return round(value, 3)


def _floor(value: float) -> float:
    """Round a spacing down, so rounding never pushes a column past its room."""
    return math.floor(value * 1000) / 1000


def up_step(card_px: float) -> float:
    """The face-up step to aim for with cards ``card_px`` wide: ``UP_MAX``, or more for
    narrow cards (a phone held upright), so the strip of an overlapped card is a thumb's
    ``TAP_PX`` tall while the room allows (``column_fan`` tightens it when it does not).

    >>> up_step(132.0), up_step(60.0), up_step(40.0)
    (0.42, 0.733, 0.9)
    """
    if card_px <= 0:
        return UP_MAX
    return _floor(min(UP_ROOMY, max(UP_MAX, TAP_PX / card_px)))


def column_fan(hidden: int, face_up: int, room: float, up_max: float = UP_MAX) -> Fan:
    """The widest spacing that keeps a column within ``room`` card widths of height.

    ``up_max`` is the face-up step wanted when there is room (see ``up_step``). Shrinks
    the face-up step down to ``UP_READABLE`` first, then the face-down step down to
    ``DOWN_MIN``; a column still too long keeps those and runs past ``room`` (the table
    scrolls): its indices stay whole, and no other column or card changes size for it.

    >>> column_fan(0, 36, room=5.0)  # 36 cards: 0.3 apart, 11.9 widths tall
    Fan(down=0.16, up=0.3)
    >>> column_depth(0, 36, column_fan(0, 36, room=5.0))
    11.9
    """
    steps_up = max(face_up - 1, 0)
    down_steps = hidden if hidden and face_up else max(hidden - 1, 0)
    spare = room - CARD_RATIO
    up_max = max(up_max, UP_READABLE)

    def fits(down: float, up: float) -> bool:
        return down_steps * down + steps_up * up <= spare + 1e-9

    if fits(DOWN_MAX, up_max):
        return Fan(DOWN_MAX, up_max)
    if steps_up and fits(DOWN_MAX, UP_READABLE):
        return Fan(DOWN_MAX, _floor((spare - down_steps * DOWN_MAX) / steps_up))
    if not down_steps:
        return Fan(DOWN_MAX, UP_READABLE if steps_up else up_max)
    down = (spare - steps_up * UP_READABLE) / down_steps
    return Fan(_floor(max(DOWN_MIN, min(DOWN_MAX, down))), UP_READABLE if steps_up else up_max)


def column_depth(hidden: int, face_up: int, fan: Fan) -> float:
    """How far a column reaches down from its top, in card widths (0 for an empty one).

    >>> column_depth(3, 4, Fan(0.16, 0.42))
    3.14
    """
    count = hidden + face_up
    return _round(card_y(count - 1, hidden, fan) + CARD_RATIO) if count else 0.0


def card_y(index: int, hidden: int, fan: Fan) -> float:
    """Top of the card at ``index`` (from the bottom of its column), in card widths."""
    if index < hidden:
        return _round(index * fan.down)
    return _round(hidden * fan.down + (index - hidden) * fan.up)


def nearest_column(x: float, centres: Sequence[float], width: float) -> int | None:
    """The column whose centre is nearest to ``x``, if within one column width of it.

    >>> nearest_column(130, [50, 150, 250], 90)
    1
    >>> nearest_column(400, [50, 150, 250], 90) is None
    True
    """
    if not centres:
        return None
    best = min(range(len(centres)), key=lambda i: abs(centres[i] - x))
    return best if abs(centres[best] - x) <= width else None
