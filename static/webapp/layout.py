"""Pure geometry: where each card sits, in card widths, and which column a point is over.

CSS sizes the card (``--cw``, from the viewport); this module only decides offsets in
units of that width, so a saved board still fits after the window changes size.

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
UP_MAX, UP_READABLE, UP_MIN = 0.42, 0.3, 0.12  # the index fits in 0.3 (cardart); pips from 0.43
UP_ROOMY = 0.75  # the widest face-up step, for narrow cards on a tall screen (phones)
TAP_PX = 30.0  # an overlapped face-up card's strip a thumb can hit, in CSS pixels
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

    >>> up_step(132.0), up_step(46.0), up_step(20.0)
    (0.42, 0.652, 0.75)
    """
    if card_px <= 0:
        return UP_MAX
    return _floor(min(UP_ROOMY, max(UP_MAX, TAP_PX / card_px)))


def column_fan(hidden: int, face_up: int, room: float, up_max: float = UP_MAX) -> Fan:
    """The widest spacing that keeps a column within ``room`` card widths of height.

    ``up_max`` is the face-up step wanted when there is room (see ``up_step``). Shrinks
    the face-up step to a still-readable size first, then the face-down step, then the
    face-up step again down to a floor (past which the column may overflow).
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
    down = DOWN_MAX
    if down_steps:
        down = max(DOWN_MIN, (spare - steps_up * UP_READABLE) / down_steps)
        down = min(down, DOWN_MAX)
    if not steps_up:
        return Fan(_floor(down), up_max)
    up = (spare - down_steps * down) / steps_up
    return Fan(_floor(down), _floor(max(UP_MIN, min(UP_READABLE, up))))


def column_need(hidden: int, face_up: int) -> float:
    """Height a column needs, in card widths, to keep every corner index readable."""
    return CARD_RATIO + hidden * (DOWN_MIN + 0.03) + max(face_up - 1, 0) * UP_READABLE


def fit_width(
    need: float, card_px: float, tableau_px: float, gap_px: float, stacked: bool = True
) -> float:
    """The card width (px) at which the tableau holds ``need`` card widths.

    When the reserve and places sit in a row above the tableau (``stacked``), shrinking
    the cards shrinks that row too, which gives the tableau its height back: both share
    ``H = tableau + 1.4 * card + gap``, and the tableau then has ``H - 1.4 * w - gap``.
    Beside the tableau (short landscape screens) they take no height from it.

    >>> round(fit_width(need=8.0, card_px=100, tableau_px=560, gap_px=10), 1)
    74.5
    >>> fit_width(need=8.0, card_px=100, tableau_px=560, gap_px=10, stacked=False)
    70.0
    """
    if not stacked:
        return tableau_px / need
    total = tableau_px + CARD_RATIO * card_px + gap_px
    return (total - gap_px) / (need + CARD_RATIO)


SIZE_STEP = 1.3  # each smaller card size holds this many times the height of the last
GROW_MARGIN = 0.85  # growing back needs the column to fit this share of the larger size


def size_level(need: float, room: float, level: int, grow: bool = False) -> int:
    """The card size for a column ``need`` card widths tall, as a level: 0 is the size
    the window gives (its tableau holds ``room`` widths), level ``k`` holds
    ``room * SIZE_STEP ** k``. The cards shrink as soon as a column cannot keep its
    indices readable (the smallest level that holds it), but grow back only when asked
    (``grow``: the player is idle) and then only to a level the column fits with room to
    spare, so a column growing and shrinking by a card or two never changes the size.

    >>> size_level(5.0, room=5.4, level=0), size_level(5.6, room=5.4, level=0)
    (0, 1)
    >>> size_level(3.0, room=5.4, level=2), size_level(3.0, room=5.4, level=2, grow=True)
    (2, 0)
    >>> size_level(5.3, room=5.4, level=1, grow=True)  # fits level 0, but only just
    1
    """
    if room <= 0:
        return level
    fits = 0
    while need > room * SIZE_STEP**fits + 0.05 and fits < 12:
        fits += 1
    if fits > level:
        return fits
    if not grow:
        return level
    while level > fits and need <= room * SIZE_STEP ** (level - 1) * GROW_MARGIN:
        level -= 1
    return level


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
