"""Pure: the Rules dialog's markup, from the help module's page (``scorpion.help``).

Each example board keeps its listing (the specification's text) and gets a picture beside
it: the same cards drawn as on the table (``board_picture``), from the board's data, with
the sprite's symbols: face-down cards as the back, an overlapped card showing its index.

>>> column = [["", False], ["KS", True], ["QS", True]]
>>> block = {"type": "board", "text": "T", "columns": [column] * 7, "reserve": 3, "removed": []}
>>> picture = board_picture(block, "A board")
>>> picture.count("<use"), picture.count('class="covered"'), 'aria-label="A board"' in picture
(24, 7, True)
"""

from __future__ import annotations

from typing import Any

from scorpion.moves import COLUMNS
from webapp.escaping import escape
from webapp.table.cardart import symbol_id
from webapp.table.render import SPRITE
from webapp.translated import pgettext

CARD_W, CARD_H = 100, 140
GAP = 14  # between columns, in the card's units
ROW_GAP = 24  # between the reserve's row and the columns
DOWN_STEP, UP_STEP = 18, 33  # a face-down card's sliver; a face-up card's index band and a bit
RESERVE_STEP = 6
PLACES = 4


def rules_markup(lang: str) -> str:
    """The rules page from the i18n module's help content, as simple HTML."""
    # Imported when the rules are first opened, not while the page boots; the dialog
    # works without the help module.
    try:
        from scorpion.help import help_page
    except ImportError:  # pragma: no cover - only while the help module is missing
        return ""
    page = help_page(lang).to_dict()
    parts: list[str] = []
    for section in page.get("sections", []):
        title = section.get("title")
        if title:
            parts.append(f"<h3>{escape(title)}</h3>")
        for block in section.get("blocks", []):
            parts.append(block_markup(block))
    return "".join(parts)


def block_markup(block: dict[str, Any]) -> str:
    kind = block.get("type") or block.get("kind")
    if kind == "list":
        items = "".join(f"<li>{escape(str(i))}</li>" for i in block.get("items", []))
        return f"<ul>{items}</ul>"
    if kind == "table":
        rows = [block.get("header", []), *list(block.get("rows", []))]
        body = "".join(
            "<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
        )
        return f"<table>{body}</table>"
    text = block.get("text", "")
    if kind == "board" and block.get("columns"):
        # Translators: the accessible name of the picture beside an example board's listing.
        label = pgettext("rules picture", "The board described beside it, drawn as on the table")
        return (
            f'<figure class="board-example">{board_picture(block, label)}'
            f'<p class="board-listing">{escape(str(text))}</p></figure>'
        )
    return f"<p>{escape(str(text))}</p>" if text else ""


def _use(card: str, up: bool, x: float, y: float, covered: bool) -> str:
    symbol = symbol_id(card) if up else "back"
    cls = ' class="covered"' if covered and up else ""
    return (
        f'<use href="{SPRITE}#{symbol}"{cls} x="{x:g}" y="{y:g}" '
        f'width="{CARD_W}" height="{CARD_H}"/>'
    )


def _slot(x: float, y: float) -> str:
    return (
        f'<rect class="slot-outline" x="{x + 2:g}" y="{y + 2:g}" width="{CARD_W - 4}" '
        f'height="{CARD_H - 4}" rx="8"/>'
    )


def board_picture(block: dict[str, Any], label: str) -> str:
    """The board of a help ``board`` block as one SVG: the reserve and the four places for
    removed sequences in a row above the seven columns, each column a group of ``<use>``."""
    step = CARD_W + GAP
    top = CARD_H + ROW_GAP
    reserve = int(block.get("reserve", 0))
    row = [_use("", False, i * RESERVE_STEP, 0, False) for i in range(reserve)] or [_slot(0, 0)]
    removed = list(block.get("removed", []))
    for place in range(PLACES):
        x = (COLUMNS - PLACES + place) * step
        suit = removed[place] if place < len(removed) else None
        row.append(_use("K" + suit, True, x, 0, False) if suit else _slot(x, 0))
    columns, bottom = [], top + CARD_H
    for index, cards in enumerate(block.get("columns", [])[:COLUMNS]):
        y, uses = float(top), []
        for k, (card, up) in enumerate(cards):
            uses.append(_use(str(card), bool(up), index * step, y, k + 1 < len(cards)))
            if k + 1 < len(cards):
                y += UP_STEP if up else DOWN_STEP
        bottom = max(bottom, int(y) + CARD_H)
        columns.append(f'<g class="pile">{"".join(uses) or _slot(index * step, top)}</g>')
    width = COLUMNS * step - GAP
    return (
        f'<svg class="board-picture" viewBox="0 0 {width} {bottom}" role="img" '
        f'aria-label="{escape(label)}">'
        f'<g class="top-row">{"".join(row)}</g>{"".join(columns)}</svg>'
    )
