"""Pure: the board that ``index.html`` paints before Python starts, as plain data.

Another page of the origin can write any stored key, so the paint holds no markup: only
numbers, flags and card codes, which ``index.html`` checks against the same rules as
``valid`` below before it builds a single element (``createElement``, ``textContent``,
never ``innerHTML``), and ignores whole if anything is off. A face-down card has no code,
as on the page. Bump ``VERSION`` (and its copy in ``index.html``; a test compares them)
whenever the page's structure changes, so an old paint is ignored rather than misdrawn.

``looks`` are the root's classes for the chosen card back and table colour, so the paint
shows them from the first frame.

Each card is ``[parent, x, y, h, up, live, code]`` in the order of the page's elements
(``render.by_container``); Python keeps the painted elements when its first board gives
the same ``records``.

>>> from scorpion import Game
>>> from webapp.table.render import board_view
>>> snap = snapshot(board_view(Game.new(3)), {"score": "0"}, "sv", four_colour=False)
>>> snap["v"], snap["lang"], len(snap["cards"]), valid(snap)
(5, 'sv', 52, True)
>>> valid({**snap, "texts": {"tableau": "x" * 1000}})
False
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from scorpion.session import CHOICES, Settings
from webapp.table.render import CardView, by_container, parents

VERSION = 5
MAX_CHARS = 16_000  # the stored JSON text; tests/webapp/test_app.py holds a real one to it
MAX_TEXT = 600  # characters of one text (a German note in Statistics is over 300)
MAX_TEXTS = 200  # the page's fixed texts (page_texts.static_texts) and the board's
MAX_OFFSET = 100.0  # card widths
LANGS = ("en", "sv", "de", "zh-TW")
_CODE = re.compile(r"[A2-9TJQK][SHDC]")
_ID = re.compile(r"[a-z][a-z0-9-]{0,40}")

Record = list[Any]  # [parent, x, y, h, up, live, code]

# Each one-of-a-few setting: its radio buttons' id prefix (Settings) and its root classes'.
CHOOSERS = {"card_back": "back", "table_colour": "table"}
#: Every class the root may take for them: one per choice but the default.
LOOKS = tuple(f"{CHOOSERS[field]}-{name}" for field in CHOOSERS for name in CHOICES[field][1:])


def look_classes(settings: Settings) -> dict[str, bool]:
    """The root's classes for the card back and the table colour, on or off: none for the
    defaults (the stylesheet's own), so the dark scheme's green felt stays its own.

    >>> on = [name for name, on in look_classes(Settings(table_colour="blue")).items() if on]
    >>> on, len(LOOKS)
    (['table-blue'], 5)
    """
    return {
        f"{prefix}-{name}": getattr(settings, field) == name
        for field, prefix in CHOOSERS.items()
        for name in CHOICES[field][1:]
    }


def records(view: Mapping[str, CardView]) -> list[Record]:
    """The cards as the paint keeps them (a held pile drawn resting)."""
    return [
        [
            v.parent,
            round(v.x, 3),
            round(v.y, 3),
            round(v.h, 3),
            v.up,
            v.live,
            v.card if v.up else "",
        ]
        for group in by_container(view).values()
        for v in group
    ]


def _3(value: float) -> float:
    """Three decimals, as the page's styles write them: the paint draws what Python would."""
    return round(value, 3)


def snapshot(
    view: Mapping[str, CardView],
    texts: Mapping[str, str],
    lang: str,
    four_colour: bool,
    looks: Sequence[str] = (),
) -> dict[str, Any]:
    """``looks``: the root's classes for the chosen back and table (``look_classes``)."""
    return {
        "v": VERSION,
        "lang": lang,
        "four": four_colour,
        "looks": list(looks),
        "cards": records(view),
        "texts": dict(texts),
    }


def valid(data: Any) -> bool:
    """The checks ``index.html`` makes before painting, for the tests to hold it to."""
    if not isinstance(data, dict) or set(data) != {"v", "lang", "four", "looks", "cards", "texts"}:
        return False
    if data["v"] != VERSION or data["lang"] not in LANGS or not isinstance(data["four"], bool):
        return False
    looks = data["looks"]
    if not isinstance(looks, list) or len(looks) > len(CHOOSERS):
        return False
    if not all(isinstance(name, str) and name in LOOKS for name in looks):
        return False
    texts, cards = data["texts"], data["cards"]
    if not isinstance(texts, dict) or len(texts) > MAX_TEXTS:
        return False
    for key, text in texts.items():
        if not _ID.fullmatch(key) or not isinstance(text, str) or len(text) > MAX_TEXT:
            return False
    if not isinstance(cards, list) or len(cards) != 52:
        return False
    codes: set[str] = set()
    known = set(parents())
    for card in cards:
        if not isinstance(card, list) or len(card) != 7:
            return False
        parent, x, y, h, up, live, code = card
        numbers = (x, y, h)
        if parent not in known or not all(_offset(n) for n in numbers):
            return False
        if not isinstance(up, bool) or not isinstance(live, bool) or (live and not up):
            return False
        if up != bool(code) or not isinstance(code, str) or (up and not _CODE.fullmatch(code)):
            return False
        if code in codes:
            return False
        if code:
            codes.add(code)
    return True


def _offset(value: Any) -> bool:
    return (
        isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= MAX_OFFSET
    )
