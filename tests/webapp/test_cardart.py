from __future__ import annotations

from pathlib import Path

from webapp.cardart import (
    INDEX_BASELINE,
    INDEX_FALL,
    INDEX_RISE,
    INDEX_SIZE,
    INDEX_SUIT,
    W,
    sprite,
    symbol_id,
)
from webapp.layout import UP_READABLE

from scorpion.cards import FULL_DECK

STATIC = Path(__file__).resolve().parents[2] / "static"


def test_committed_sprite_is_current() -> None:
    assert (STATIC / "cards.svg").read_text() == sprite(), (
        "static/cards.svg is stale: python static/webapp/cardart.py > static/cards.svg"
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
