"""Pure input mapping: keys, taps and the keyboard cursor become intents.

The page layer (``controls``) reads events and hands plain values here; what comes
back says what the player meant, so the decisions are tested without a browser.

>>> key_intent("z", ctrl=True)
'undo'
>>> key_intent("Z", ctrl=True, shift=True)
'redo'
>>> tap(Tap(card="4H", column=1), held=None, places=[6]).kind
'select'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorpion.moves import COLUMNS

# Single keys, case-insensitive, without modifiers.
LETTER_KEYS = {"u": "undo", "d": "deal", "n": "new", "h": "hint", "b": "read"}
NAMED_KEYS = {
    "ArrowLeft": "left",
    "ArrowRight": "right",
    "ArrowUp": "up",
    "ArrowDown": "down",
    "Enter": "activate",
    " ": "activate",
    "Spacebar": "activate",
    "Escape": "cancel",
    "Esc": "cancel",
}


def key_intent(
    key: str, ctrl: bool = False, shift: bool = False, alt: bool = False, meta: bool = False
) -> str | None:
    """The intent of a key press, or None for keys the game leaves to the browser."""
    command = ctrl or meta  # Cmd on a Mac plays the part of Ctrl
    lower = key.lower() if len(key) == 1 else key
    if alt:
        return None
    if command:
        if lower == "z":
            return "redo" if shift else "undo"
        if lower == "y":
            return "redo"
        return None
    if key in NAMED_KEYS:
        return NAMED_KEYS[key]
    return LETTER_KEYS.get(lower)


@dataclass(frozen=True, slots=True)
class Tap:
    """Where a click or tap landed: a live card and/or a column (0-6)."""

    card: str | None = None
    column: int | None = None
    touch: bool = False
    double: bool = False  # the second click of a double-click


@dataclass(frozen=True, slots=True)
class Intent:
    """``kind`` is "move" (card onto column), "select" (card), "release" or "none"."""

    kind: str
    card: str | None = None
    column: int | None = None


@dataclass(frozen=True, slots=True)
class Held:
    """The pile the player picked up: its bottom card and the column it lies in."""

    card: str
    column: int


def tap(where: Tap, held: Held | None, places: Sequence[int]) -> Intent:
    """What a click or tap means. ``places`` are the legal columns for ``where.card``.

    Holding a pile, a tap on another column drops it there; on the same column it
    picks up the tapped card instead (or lets go of the same card). With nothing held,
    a card with exactly one legal place moves there on a touch tap or a double-click;
    otherwise it is picked up, to be dropped by the next tap.
    """
    if held is not None:
        if where.column is None:
            return Intent("release")
        if where.column != held.column:
            return Intent("move", held.card, where.column)
        if where.card is None or where.card == held.card:
            if where.double and where.card is not None and len(places) == 1:
                return Intent("move", where.card, places[0])
            return Intent("release")
        return Intent("select", where.card)
    if where.card is None:
        return Intent("none")
    if (where.touch or where.double) and len(places) == 1:
        return Intent("move", where.card, places[0])
    return Intent("select", where.card)


@dataclass(frozen=True, slots=True)
class Cursor:
    """The keyboard focus on the table: a column and a face-up card in it (None: the column)."""

    column: int
    index: int | None = None  # index among the column's face-up cards, bottom first


def move_cursor(cursor: Cursor, direction: str, face_up: Sequence[int]) -> Cursor:
    """Arrow keys: left/right change column (wrapping) and land on its top card;
    up/down walk the column's face-up cards (up goes deeper into the pile)."""
    if direction in ("left", "right"):
        step = -1 if direction == "left" else 1
        column = (cursor.column + step) % COLUMNS
        return top_of(column, face_up)
    count = face_up[cursor.column]
    if not count:
        return Cursor(cursor.column, None)
    index = count - 1 if cursor.index is None else min(cursor.index, count - 1)
    index = max(index - 1, 0) if direction == "up" else min(index + 1, count - 1)
    return Cursor(cursor.column, index)


def top_of(column: int, face_up: Sequence[int]) -> Cursor:
    """The cursor on a column's top card, or on the column itself when it shows none."""
    count = face_up[column]
    return Cursor(column, count - 1 if count else None)


def clamp_cursor(cursor: Cursor, face_up: Sequence[int]) -> Cursor:
    """Keep the cursor on a card that still exists after the table changed."""
    count = face_up[cursor.column]
    if not count:
        return Cursor(cursor.column, None)
    if cursor.index is None or cursor.index >= count:
        return Cursor(cursor.column, count - 1)
    return cursor
