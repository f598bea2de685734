"""The rules help page (scorpion/help.py): the seeds' page, written for the app."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorpion.help import BulletList, HelpBoard, HelpTable, Paragraph, help_page, help_text
from scorpion.i18n import LANGUAGES
from scorpion.wording import refusal_message, variant_name

SEEDS = Path(__file__).parent / "fixtures" / "seeds"
SECTIONS = [
    "in-short",
    "layout",
    "moves",
    "empty-column",
    "face-down",
    "reserve",
    "sequences",
    "end",
    "relaxed",
    "scoring",
    "choices",
    "keyboard",
]
#: The one sentence of the seeds the app leaves out: it has no list of sources to point to.
NO_SOURCES = {"sv": " Se källorna.", "de": " Siehe die Quellen.", "zh-TW": "請參閱資料來源。"}


@pytest.mark.parametrize("lang", ["sv", "de", "zh-TW"])
def test_the_page_is_the_seeds_page_then_the_keyboard(lang):
    seed = (SEEDS / f"{lang}.txt").read_text(encoding="utf-8").splitlines()
    assert seed[-1].endswith(NO_SOURCES[lang])
    seed[-1] = seed[-1].removesuffix(NO_SOURCES[lang])
    page = help_text(lang).splitlines()
    assert page[: len(seed)] == seed
    assert page[len(seed)] == help_page(lang).section("keyboard").title


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sections(lang):
    page = help_page(lang)
    assert page.lang == lang
    assert [section.id for section in page.sections] == SECTIONS
    titles = [page.title] + [section.title for section in page.sections]
    assert all(titles) and len(set(titles)) == len(titles)


@pytest.mark.parametrize(
    ("lang", "title", "keyboard"),
    [
        ("en", "The rules of Scorpion", "Keyboard shortcuts"),
        ("sv", "Reglerna för Scorpion", "Kortkommandon"),
        ("de", "Die Regeln von Scorpion", "Tastenkürzel"),
        ("zh-TW", "Scorpion 的規則", "鍵盤快速鍵"),
    ],
)
def test_titles(lang, title, keyboard):
    page = help_page(lang)
    assert (page.title, page.section("keyboard").title) == (title, keyboard)


def test_unknown_section():
    with pytest.raises(KeyError):
        help_page("en").section("sources")


@pytest.mark.parametrize(
    ("lang", "rows"),
    [
        (
            "en",
            [
                ("Arrow keys", "Move between the columns and along the cards"),
                ("Enter or Space", "Pick up the selected cards, or put down the cards you hold"),
                ("Escape", "Cancel the move in progress"),
                ("U or Ctrl+Z", "Undo"),
                ("Ctrl+Y or Ctrl+Shift+Z", "Redo"),
                ("D", "Deal the reserve"),
                ("N", "New game"),
                ("H", "Hint"),
                ("B", "Read the whole board aloud"),
            ],
        ),
        (
            "sv",
            [
                ("Piltangenterna", "Flytta mellan kolumnerna och längs korten"),
                (
                    "Enter eller blanksteg",
                    "Ta upp de markerade korten eller lägg ned korten du håller",
                ),
                ("Esc", "Avbryt det påbörjade draget"),
                ("U eller Ctrl+Z", "Ångra"),
                ("Ctrl+Y eller Ctrl+Skift+Z", "Gör om"),
                ("D", "Dela ut reserven"),
                ("N", "Nytt parti"),
                ("H", "Visa ett tips"),
                ("B", "Läs upp hela spelbordet"),
            ],
        ),
        (
            "de",
            [
                ("Pfeiltasten", "Zwischen den Spalten und entlang der Karten wechseln"),
                (
                    "Eingabe- oder Leertaste",
                    "Die ausgewählten Karten aufnehmen oder die gehaltenen Karten ablegen",
                ),
                ("Esc", "Den begonnenen Zug abbrechen"),
                ("U oder Strg+Z", "Rückgängig"),
                ("Strg+Y oder Strg+Umschalt+Z", "Wiederholen"),
                ("D", "Vorrat austeilen"),
                ("N", "Neues Spiel"),
                ("H", "Tipp anzeigen"),
                ("B", "Das ganze Spielfeld vorlesen"),
            ],
        ),
        (
            "zh-TW",
            [
                ("方向鍵", "在各列之間移動，或沿著牌移動"),
                ("Enter 或空白鍵", "拿起選取的牌，或放下手上的牌"),
                ("Esc", "取消進行中的移動"),
                ("U 或 Ctrl+Z", "復原"),
                ("Ctrl+Y 或 Ctrl+Shift+Z", "重做"),
                ("D", "發出備用牌"),
                ("N", "新遊戲"),
                ("H", "顯示提示"),
                ("B", "朗讀整個牌面"),
            ],
        ),
    ],
)
def test_keyboard_shortcuts(lang, rows):
    blocks = help_page(lang).section("keyboard").blocks
    assert isinstance(blocks[0], Paragraph)
    table = blocks[1]
    assert isinstance(table, HelpTable)
    assert len(table.header) == 2
    assert list(table.rows) == rows


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_refusals_quoted_are_the_games_own(lang):
    page = help_page(lang)
    empty = page.section("empty-column").blocks[0]
    relaxed = page.section("relaxed").blocks[0]
    assert isinstance(empty, Paragraph) and isinstance(relaxed, Paragraph)
    assert refusal_message("king_only", lang) in empty.text
    assert refusal_message("same_suit", lang) in relaxed.text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_variant_names_are_the_games_own(lang):
    text = help_page(lang).section("relaxed").blocks[0]
    assert isinstance(text, Paragraph)
    assert variant_name("classic", lang) in text.text
    assert variant_name("relaxed", lang) in text.text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_scoring_table(lang):
    table = help_page(lang).section("scoring").blocks[1]
    assert isinstance(table, HelpTable)
    assert [row[1] for row in table.rows] == ["+5", "+5", "+100", "0"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_example_boards(lang):
    layout = help_page(lang).section("layout").blocks
    moves = help_page(lang).section("moves").blocks
    assert [type(block) for block in layout] == [Paragraph, BulletList, Paragraph, HelpBoard]
    assert [type(block) for block in moves] == [Paragraph, BulletList, Paragraph, HelpBoard]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plain_data_for_the_interface(lang):
    data = help_page(lang).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["lang"] == lang
    kinds = {block["type"] for section in data["sections"] for block in section["blocks"]}
    assert kinds == {"paragraph", "list", "table", "board"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_placeholder_is_left(lang):
    text = help_text(lang)
    assert "{" not in text and "}" not in text
