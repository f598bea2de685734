"""The card art's budget and bands, the card backs and table colours: their settings, the
paint that shows them first, and the contrast of the table's texts on every colour."""

from __future__ import annotations

import gzip
import html
import re
from pathlib import Path

import pytest
from webapp.table import rules_page as rulespage
from webapp.table.cardart import (
    INDEX_BASELINE,
    INDEX_DEPTH,
    INDEX_FALL,
    INDEX_SIZE,
    INDEX_SUIT,
    sprite,
)
from webapp.table.early_paint import LOOKS, look_classes, snapshot, valid
from webapp.table.layout import UP_READABLE
from webapp.table.render import board_view

from scorpion import Game, saves
from scorpion.cards import FULL_DECK
from scorpion.help import help_page
from scorpion.i18n import LANGUAGES
from scorpion.session import CARD_BACKS, TABLE_COLOURS, Session, Settings

ROOT = Path(__file__).resolve().parents[2]
CSS = (ROOT / "static" / "app.css").read_text()
SPRITE_GZIP_BUDGET = 12_000  # bytes: the sprite with its court figures, gzipped


def test_the_sprite_has_every_face_one_back_with_each_design_and_no_pattern() -> None:
    art = sprite()
    assert len(re.findall(r'<symbol id="f\d+"', art)) == len(FULL_DECK) == 52
    assert art.count('<symbol id="back"') == 1
    for name in CARD_BACKS:
        assert f"display:var(--back-{name}," in art
    assert "<pattern" not in art  # WebKit draws none inside an external sprite's <use>
    assert art.count("display:var(--body,inline)") == 52  # a covered card hides it
    assert "licence" in art


def test_the_sprite_stays_small() -> None:
    size = len(gzip.compress(sprite().encode(), 9))
    assert size <= SPRITE_GZIP_BUDGET, size


def test_the_index_is_alone_in_the_top_band() -> None:
    band = INDEX_DEPTH * 100
    assert INDEX_DEPTH <= UP_READABLE
    assert band >= INDEX_BASELINE + INDEX_FALL * INDEX_SIZE
    _x, y, size = INDEX_SUIT
    assert y + size / 2 <= band
    # Nothing else of a face starts in the band: pips' tops and court panels' below it.
    for top in re.findall(r'<rect x="9" y="(\d+)"', sprite()):
        assert float(top) > band
    from webapp.table.cardart import PIP_BOX, PIP_SIZE

    assert PIP_BOX[1] - PIP_SIZE / 2 > band


def test_backs_and_tables_are_saved_and_old_saves_keep_loading() -> None:
    chosen = Settings(card_back="black", table_colour="red")
    assert Settings.from_dict(chosen.to_dict()) == (chosen, [])
    text = saves.dump(Session(Game.new(5), chosen), revision=1, saved_at=0)
    assert saves.read(text).settings == chosen
    old = {"language": "sv", "interactive_rules": True, "four_colour": True, "animations": True}
    assert Settings.from_dict(old) == (Settings(language="sv", four_colour=True), [])
    for bad in ({"card_back": "paisley"}, {"card_back": 3}, {"table_colour": None}):
        settings, named = Settings.from_dict({**bad, "timer": True})
        assert settings == Settings(timer=True) and named == list(bad)


def test_the_paint_carries_the_looks_and_refuses_others() -> None:
    on = [n for n, v in look_classes(Settings(card_back="blue", table_colour="grey")).items() if v]
    assert on == ["back-blue", "table-grey"] and set(on) <= set(LOOKS)
    snap = snapshot(board_view(Game.new(2)), {}, "en", False, on)
    assert valid(snap)
    assert not valid({**snap, "looks": ["table-pink"]})
    assert not valid({**snap, "looks": "table-blue"})
    assert look_classes(Settings()) == dict.fromkeys(LOOKS, False)  # defaults: no class


# --- contrast (WCAG 2): the table's texts on every table colour -----------------------


def _rgb(text: str) -> tuple[float, float, float, float]:
    text = text.strip()
    if text.startswith("#"):
        h = text[1:]
        return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), 1.0)
    m = re.fullmatch(r"rgb\((\d+) (\d+) (\d+) / ([\d.]+)\)", text)
    assert m, text
    return (float(m[1]), float(m[2]), float(m[3]), float(m[4]))


def _over(top: tuple[float, ...], below: tuple[float, ...]) -> tuple[float, ...]:
    a = top[3]
    return (*(top[i] * a + below[i] * (1 - a) for i in range(3)), 1.0)


def _luminance(c: tuple[float, ...]) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in c[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _block(selector: str, css: str = CSS) -> dict[str, str]:
    body = re.search(re.escape(selector) + r" \{([^}]*)\}", css)
    assert body, selector
    return dict(re.findall(r"(--[\w-]+): ([^;]+);", body[1]))


DARK = CSS[CSS.index("@media (prefers-color-scheme: dark)") :]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("table", TABLE_COLOURS)
def test_texts_and_controls_keep_4_5_to_1_on_every_table(table: str, scheme: str) -> None:
    values = _block(":root")
    if scheme == "dark":
        values |= _block(":root", DARK)
    if table != TABLE_COLOURS[0]:
        values |= _block(f".table-{table}")
    felt = _rgb(values["--felt-1"])  # the lightest felt: the worst case
    bar = _over(_rgb(values["--bar"]), felt)
    button = _over(_rgb(values["--button-hover"]), bar)
    ink, soft, refusal = _rgb(values["--ink"]), _rgb(values["--ink-soft"]), _rgb("#ffe08a")
    assert _contrast(soft, felt) >= 4.5  # the score, the labels on the felt
    assert _contrast(ink, bar) >= 4.5  # the status line
    assert _contrast(refusal, bar) >= 4.5  # a refused move's reason
    assert _contrast(ink, button) >= 4.5  # a toolbar button, hovered


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_rules_board_gets_a_picture_with_its_cards(lang: str) -> None:
    boards = [
        block.to_dict()
        for section in help_page(lang).sections
        for block in section.blocks
        if block.kind == "board"
    ]
    markup = rulespage.rules_markup(lang)
    assert len(boards) == 2 and markup.count('<svg class="board-picture"') == 2
    for board in boards:
        assert html.escape(board["text"]) in markup  # the listing stays, beside it
        picture = rulespage.board_picture(board, "x")
        piles = re.findall(r'<g class="pile">(.*?)</g>', picture)
        assert [p.count("<use") for p in piles] == [len(c) for c in board["columns"]]
        downs = sum(1 for c in board["columns"] for _card, up in c if not up)
        assert picture.count("#back") == downs + board["reserve"]
