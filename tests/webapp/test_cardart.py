from __future__ import annotations

from pathlib import Path

from webapp.cardart import sprite, symbol_id

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
