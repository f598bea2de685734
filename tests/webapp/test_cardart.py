from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

from webapp.cardart import (
    DARK,
    FOUR_DARK,
    FOUR_LIGHT,
    INDEX_BASELINE,
    INDEX_FALL,
    INDEX_RISE,
    INDEX_SIZE,
    INDEX_SUIT,
    LIGHT,
    W,
    face_symbol,
    stylesheet,
    symbol_id,
)
from webapp.layout import UP_READABLE

from scorpion.cards import FULL_DECK

STATIC = Path(__file__).resolve().parents[2] / "static"
RULE = re.compile(
    r'^(?P<selector>[^{]+)\{background-image:url\("data:image/svg\+xml,(?P<svg>[^"]+)"\)\}$'
)


def pictures(css: str) -> dict[str, str]:
    """Each picture rule's selector (with its @media, if any) and its SVG document."""
    found: dict[str, str] = {}
    media = ""
    for line in css.splitlines():
        if line.startswith("@media"):
            media = line.removesuffix(" {") + " "
        elif line == "}":
            media = ""
        elif match := RULE.match(line):
            found[media + match["selector"]] = unquote(match["svg"])
    return found


def test_committed_stylesheet_is_current() -> None:
    assert (STATIC / "cards.css").read_text() == stylesheet(), (
        "static/cards.css is stale: "
        "PYTHONPATH=.:static python static/webapp/cardart.py > static/cards.css"
    )


def test_every_face_and_the_back_in_both_schemes_never_named_by_card() -> None:
    found = pictures(stylesheet())
    dark = "@media (prefers-color-scheme: dark) "
    names = ["back", *(symbol_id(card) for card in FULL_DECK)]
    for scheme in ("", dark):
        for name in names:
            assert f"{scheme}.art.{name}" in found
        # the four-colour deck redraws diamonds and clubs only
        four = {s for s in found if s.startswith(f"{scheme}.four-colour ")}
        assert four == {
            f"{scheme}.four-colour .art.{symbol_id(c)}" for c in FULL_DECK if c[1] in "DC"
        }
    assert len(found) == 2 * (len(names) + 26)
    css = stylesheet()
    for card in FULL_DECK:
        assert card not in re.sub(r'url\("[^"]+"\)', "", css)


def test_pictures_are_standalone_documents_in_the_palettes_colours() -> None:
    found = pictures(stylesheet())
    for selector, svg in found.items():
        assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140">')
        assert "var(" not in svg and "<use" not in svg and "href" not in svg, selector
        assert "http" not in svg.replace("http://www.w3.org/2000/svg", ""), selector
    ace_of_diamonds = symbol_id("AD")
    dark = "@media (prefers-color-scheme: dark) "
    assert LIGHT["suit-d"] in found[f".art.{ace_of_diamonds}"]
    assert FOUR_LIGHT["suit-d"] in found[f".four-colour .art.{ace_of_diamonds}"]
    assert DARK["suit-d"] in found[f"{dark}.art.{ace_of_diamonds}"]
    assert FOUR_DARK["suit-d"] in found[f"{dark}.four-colour .art.{ace_of_diamonds}"]
    assert DARK["face-bg"] in found[f"{dark}.art.{ace_of_diamonds}"]
    assert DARK["back-bg"] in found[f"{dark}.art.back"]


def test_the_palettes_are_also_the_pages_custom_properties() -> None:
    """The rest of the page (a place's edge, the colour checks in e2e) reads --face-bg,
    --suit-s ... from the same palettes the pictures are drawn in."""
    css = stylesheet()
    for palette in (LIGHT, FOUR_LIGHT, DARK, FOUR_DARK):
        for name, value in palette.items():
            assert f"--{name}: {value};" in css


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_every_suit_reads_on_its_face_in_every_palette() -> None:
    for palette in (LIGHT, LIGHT | FOUR_LIGHT, DARK, DARK | FOUR_DARK):
        face = _luminance(palette["face-bg"])
        for suit in "shdc":
            ink = _luminance(palette[f"suit-{suit}"])
            assert (max(face, ink) + 0.05) / (min(face, ink) + 0.05) >= 4.5, (palette, suit)
    for four in (FOUR_LIGHT, FOUR_DARK):
        assert len({LIGHT["suit-s"], LIGHT["suit-h"], four["suit-d"], four["suit-c"]}) == 4


def test_the_corner_index_fits_the_tightest_readable_strip() -> None:
    """A long column overlaps its face-up cards down to layout.UP_READABLE before the
    cards shrink: the rank (Q's tail included) and the suit must fit in that strip, or a
    queen reads as an O."""
    strip = UP_READABLE * W  # in the card's units: its width is W
    assert strip >= INDEX_BASELINE + INDEX_FALL * INDEX_SIZE
    assert INDEX_BASELINE - INDEX_RISE * INDEX_SIZE >= 3  # clear of the card's edge
    _x, y, size = INDEX_SUIT
    assert y + size / 2 <= strip and y - size / 2 >= 3
    assert f'y="{INDEX_BASELINE}"' in face_symbol(0)
