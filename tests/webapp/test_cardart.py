from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from webapp.table import cardart
from webapp.table.cardart import (
    INDEX_BASELINE,
    INDEX_FALL,
    INDEX_RISE,
    INDEX_SIZE,
    INDEX_SUIT,
    SUIT_PATHS,
    W,
    face_symbol,
    placed,
    sprite,
    suit_mark,
    symbol_id,
)
from webapp.table.layout import UP_READABLE

from scorpion.cards import FULL_DECK

STATIC = Path(__file__).resolve().parents[2] / "static"


def test_committed_sprite_is_current() -> None:
    assert (STATIC / "cards.svg").read_text() == sprite(), (
        "static/cards.svg is stale: python static/webapp/table/cardart.py > static/cards.svg"
    )


def test_symbols_never_name_a_card() -> None:
    art = sprite()
    for card in FULL_DECK:
        assert f'id="{symbol_id(card)}"' in art
        assert f'"{card}"' not in art
    assert 'id="back"' in art


def test_no_external_references() -> None:
    art = sprite()
    assert "http" not in art.replace("http://www.w3.org/2000/svg", "")


def test_the_corner_index_fits_the_tightest_readable_strip() -> None:
    """A long column overlaps its face-up cards down to layout.UP_READABLE before the
    cards shrink: the rank (Q's tail included) and the suit must fit in that strip, or a
    queen reads as an O."""
    strip = UP_READABLE * W  # in the card's units: its width is W
    assert strip >= INDEX_BASELINE + INDEX_FALL * INDEX_SIZE
    assert INDEX_BASELINE - INDEX_RISE * INDEX_SIZE >= 3  # clear of the card's edge
    _x, y, size = INDEX_SUIT
    assert y + size / 2 <= strip and y - size / 2 >= 3
    assert f'y="{INDEX_BASELINE}"' in sprite()


def test_a_face_is_few_elements() -> None:
    """Each card's <use> copies its face, and a moved card restyles that copy: the marks
    of a number face share one path (at most seven elements), and a court figure is one
    path per colour (at most sixteen)."""
    for index in range(len(FULL_DECK)):
        face = face_symbol(index)
        most = 16 if FULL_DECK[index][0] in "JQK" else 7
        assert face.count("<") - face.count("</") - 1 <= most, FULL_DECK[index]


def test_placed_marks_match_the_transform_they_replace() -> None:
    """A mark's outline moved and scaled in the path data: every vertex where
    ``translate(dx dy) scale(s)`` (and, flipped, a half turn about its centre) puts it."""
    vertices = [(50, 2), (86, 50), (50, 98), (14, 50)]  # the diamond: absolute vertices
    x, y, size = 30.0, 60.0, 20.0
    placed_at = [(x - 10 + vx * 0.2, y - 10 + vy * 0.2) for vx, vy in vertices]
    for flip, want in ((False, placed_at), (True, [(2 * x - a, 2 * y - b) for a, b in placed_at])):
        flat = [float(n) for n in suit_mark("D", x, y, size, flip=flip).strip("Mz").split()]
        assert flat == pytest.approx([n for vertex in want for n in vertex])
    assert placed(SUIT_PATHS["D"], 1, 0, 0) == SUIT_PATHS["D"]


def test_the_doctests() -> None:
    assert doctest.testmod(cardart).failed == 0
