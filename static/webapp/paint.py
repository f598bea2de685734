"""Pure: the snapshot of the board that ``index.html`` paints before Python starts.

It holds markup and texts only, never the game: a face-down card is a back in the
markup, as on the page. Bump ``VERSION`` (and the check in ``index.html``) whenever the
page's structure changes, so an old snapshot is ignored rather than misdrawn.

>>> from scorpion import Game
>>> from webapp.render import board_view
>>> snap = snapshot(board_view(Game.new(3)), {"score": "0"}, "sv", four_colour=False)
>>> snap["v"], snap["lang"], sorted(snap["parents"])[:2]
(3, 'sv', ['p0', 'p1'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .render import CardView, owners, parent_markup

# 2: the columns' cards in one container ('table'), columns' aria-owns; 3: cards placed
# by transform, height and z-index, no longer by custom properties the stylesheet read
VERSION = 3


def snapshot(
    view: Mapping[str, CardView], texts: Mapping[str, str], lang: str, four_colour: bool
) -> dict[str, Any]:
    resting = {card: replace(v, lifted=False) if v.lifted else v for card, v in view.items()}
    return {
        "v": VERSION,
        "lang": lang,
        "four": four_colour,
        "parents": parent_markup(resting),
        "owners": owners(resting),
        "texts": dict(texts),
    }
