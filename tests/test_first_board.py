"""The board the build bakes into index.html for a newcomer (tools/first_board.py): it is
the game Python deals a newcomer, drawn as Python draws it, with the page's texts and the
loading pill's in every language."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "static"))

import first_board  # noqa: E402
from webapp import translated  # noqa: E402
from webapp.boot.startup import open_game  # noqa: E402
from webapp.page.storage import Store  # noqa: E402
from webapp.page_texts import loading_texts  # noqa: E402
from webapp.table.early_paint import VERSION, records, valid  # noqa: E402
from webapp.table.layout import UP_MAX, UP_ROOMY, up_step  # noqa: E402
from webapp.table.render import board_view  # noqa: E402

from scorpion import Game  # noqa: E402
from scorpion.i18n import LANGUAGES  # noqa: E402
from scorpion.moves import COLUMNS  # noqa: E402

INDEX = (ROOT / "index.html").read_text(encoding="utf-8")
IDS = set(re.findall(r'\bid="([^"]+)"', INDEX))


@pytest.fixture(scope="module")
def board() -> dict:
    return first_board.first_board(INDEX)


def between(a: float, b: float, step: float) -> float:
    """index.html's ``baked``: an offset for the face-up step ``step``, between the two."""
    t = (step - UP_MAX) / (UP_ROOMY - UP_MAX)
    return a if a == b else round(a + (b - a) * t, 3)


def test_the_baked_deal_is_the_one_python_deals_a_newcomer(board: dict) -> None:
    for languages in (["en"], ["sv-SE"], [], ["zh-Hant"]):
        opening = open_game(Store(None), "", languages)
        assert opening.session.game.deal_number == board["deal"]
        assert opening.session.game.variant == "classic"
        assert opening.session.settings.winnable_only
    # with ?lang= too: only a game in the address deals another
    assert open_game(Store(None), "?lang=de", []).session.game.deal_number == board["deal"]
    assert open_game(Store(None), "?deal=7", []).session.game.deal_number == 7


def test_the_page_names_no_face_down_card_of_the_baked_deal(board: dict) -> None:
    game = Game.new(board["deal"])
    face_up = {card for column in game.columns for card, up in column if up}
    named = {r[6] for r in [*board["cards"], *board["wide"]] if r[6]}
    assert named == face_up
    words = json.dumps(board["texts"])
    assert not any(re.search(rf"\b{card}\b", words) for card in game.deck if card not in named)


def test_the_baked_board_is_what_python_draws_at_any_card_width(board: dict) -> None:
    """Python's first board depends on the cards' width (its face-up step); the page
    draws it for the step of the window from the two baked drawings, and it must be the
    very board Python draws there, or Python would draw it again."""
    game = Game.new(board["deal"])
    rooms = [12.0] * COLUMNS  # a window with room to spare (phone or desktop)
    assert board["cards"] == records(board_view(game, rooms, None, UP_MAX))
    widths = {up_step(px) for px in range(20, 140)} | {x / 1000 for x in range(420, 751)}
    for step in sorted(widths):
        drawn = records(board_view(game, rooms, None, step))
        made = [
            [a[0], *(between(a[i], b[i], step) for i in (1, 2, 3)), *a[4:]]
            for a, b in zip(board["cards"], board["wide"], strict=True)
        ]
        assert made == drawn, step


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_gets_a_paint_the_page_accepts(board: dict, lang: str) -> None:
    paint = {"v": VERSION, "lang": lang, "four": False, "looks": [], "cards": board["cards"]}
    assert valid({**paint, "texts": board["texts"][lang]})
    texts = board["texts"][lang]
    assert set(texts) <= IDS
    assert f" {board['deal']} " in texts["deal-line"] and texts["score"] == "0"
    assert not set(texts) & first_board.dialog_ids(INDEX)  # what is on screen only
    assert "ng-title" not in texts and "undo-label" in texts
    translated.set_language(lang)
    try:
        assert board["loading"][lang] == loading_texts()
    finally:
        translated.set_language("en")


def test_the_loading_texts_are_translated_and_keep_their_numbers(board: dict) -> None:
    steps = {"loading", "download", "start", "ready"}
    seen = set()
    for lang in LANGUAGES:
        texts = board["loading"][lang]
        assert set(texts) == steps and all(texts.values())
        assert "{loaded}" in texts["download"] and "{total}" in texts["download"]
        seen.add(texts["start"])
    assert len(seen) == len(LANGUAGES)  # none left in English
    assert board["loading"]["de"]["ready"] != board["loading"]["en"]["ready"]


def test_the_page_knows_a_newcomer_by_the_save_keys_python_reads(board: dict) -> None:
    store = Store(None, "/a/")
    assert board["save"] + "/a/" == store.save_key
    assert board["legacy"] == "scorpion.save"


def test_baking_fills_the_page_and_counts_the_boots_big_files(tmp_path: Path) -> None:
    for rel, size in (
        ("static/vendor/pyodide/pyodide.asm.wasm", 200_000),
        ("static/vendor/pyodide/pyodide-lock.json", 200_000),  # not counted: data
        ("static/python.snapshot", 300_000),  # not on a first visit over a real link
        ("static/cards.svg", 300_000),  # on screen before: not the boot's
        ("static/app.zip", 150_000),
    ):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(b"x" * size)
    page = first_board.bake(INDEX, tmp_path)
    script = re.search(r"var FIRST = (.*?);\n", page)
    assert script is not None
    baked = json.loads(script.group(1))
    assert baked["files"] == {
        "static/vendor/pyodide/pyodide.asm.wasm": 200_000,
        "static/app.zip": 150_000,
    }
    assert "<" not in script.group(1)  # nothing that could close the script
    assert baked["texts"]["zh-TW"]["title"] and "/* BUILD:first */" not in page
    with pytest.raises(first_board.FirstBoardError):
        first_board.bake(page, tmp_path)  # the marker is gone once filled


def test_two_drawings_of_different_boards_are_refused() -> None:
    a = [["c0", 0.0, 0.0, 1.4, True, True, "KS"]]
    first_board.check_in_step(a, [["c0", 0.0, 0.5, 1.4, True, True, "KS"]])
    with pytest.raises(first_board.FirstBoardError):
        first_board.check_in_step(a, [["c0", 0.0, 0.0, 1.4, True, True, "QS"]])


TAGS = [
    "en", "en-US", "EN_gb", " sv-SE ", "sv", "de-AT", "de", "fr-FR", "", "  ", "zh", "zh-TW",
    "zh-Hant", "zh-Hant-CN", "zh-hk", "zh_MO", "zh-Hans-TW", "zh-CN", "zh-Hans", "-", "x-sv",
    "nb", "english", "de-", "zh--tw",
]  # fmt: skip


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (make deps)")
def test_the_page_matches_a_language_tag_as_python_does() -> None:
    """index.html's ``match`` (the language of the baked texts and the loading pill) run
    by Node against ``scorpion.i18n.match_language``."""
    from scorpion.i18n import match_language

    found = re.search(r"\n( *function match\(tag\) \{.*?\n      \})\n", INDEX, re.DOTALL)
    assert found is not None
    script = (
        f"{found.group(1)}\nconsole.log(JSON.stringify(JSON.parse(process.argv[1]).map(match)));"
    )
    done = subprocess.run(
        [str(shutil.which("node")), "-e", script, json.dumps([*TAGS, 42, None])],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    assert json.loads(done.stdout) == [match_language(tag) for tag in [*TAGS, 42, None]]
