"""Stored data written by someone else: another page of this origin (on GitHub Pages every
project site of an account shares one) can write any key. Nothing it writes may run code,
break later visits, block saves or lose the player's data; the game always starts.

What only a browser shows is here: the early paint (JavaScript, before Python), a save
too big for the real quota, a file read through the real file input, saves between two
tabs in real storage. Which notice a tampered save or an import gives is the browser
layer's logic, told on the fakes (``tests/webapp/test_startup.py``,
``tests/webapp/test_saved_data.py``, ``tests/webapp/test_session_swap.py``).

The tests that plant storage before a boot use new pages of one context, on an emptied
localStorage; the import and the two tabs share one booted page (``SharedTable``), each
starting it from a save of its own. Tests wait for conditions, never for fixed times.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e.ui import DECK, LINE, SharedTable, desktop_context, open_game, play, shared_table
from scorpion import Game, Move, saves
from scorpion.session import Session

SAVE = "scorpion.save@/"
PAINT = "scorpion.paint@/"
BACKUPS = """() => Object.keys(localStorage).filter(k => k.startsWith('scorpion.backup.'))
    .sort().map(k => [k.split('.')[2], localStorage.getItem(k).length])"""
PWNED = "() => window.__pwned === undefined && !document.querySelector('img[src=x]')"


@pytest.fixture(scope="module")
def shared(browser: Browser) -> Iterator[BrowserContext]:
    with desktop_context(browser) as context:
        yield context


@pytest.fixture(scope="module")
def table(browser: Browser, site_url: str, wait_ready) -> Iterator[SharedTable]:
    with shared_table(browser, site_url, wait_ready) as table:
        yield table


def store(page: Page, key: str, text: str) -> None:
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, text])


def session_of(moves: list[str]) -> Session:
    game = Game.from_deck(DECK)
    for move in moves:
        game.play(Move.parse(move))
    return Session(game, counted=bool(moves))


def save_of(moves: list[str], revision: int = 1) -> str:
    return saves.dump(session_of(moves), revision=revision, saved_at=1_700_000_000_000)


def revision(page: Page) -> int:
    return int(stored(page)["revision"])


def stored(page: Page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE}')"))


def start(page: Page, site_url: str, wait_ready) -> Page:
    return open_game(page, site_url, "", wait_ready)


# --- the early paint --------------------------------------------------------------------


def test_the_paint_can_run_no_markup_nor_break_the_page(fresh, site_url, wait_ready):
    markup = '<img src=x onerror="window.__pwned=1">'
    old = {"v": 3, "lang": "en", "four": False, "parents": {"table": markup}, "owners": []}
    store(fresh, "scorpion.paint", json.dumps({**old, "texts": {}}))  # the first builds' key
    store(fresh, PAINT, json.dumps({**old, "v": 4, "texts": {}}))
    page = start(fresh, site_url, wait_ready)
    assert page.evaluate(PWNED)
    assert page.locator("[data-card]").count() == 37  # a fresh game, drawn by Python
    assert page.evaluate("localStorage.getItem('scorpion.paint')") is None  # dropped
    assert page.errors == []  # type: ignore[attr-defined]

    # A selector or a text in a well-formed paint (this visit's) cannot break the page.
    page.wait_for_function(f"'cards' in JSON.parse(localStorage.getItem('{PAINT}') || '{{}}')")
    paint = json.loads(page.evaluate(f"localStorage.getItem('{PAINT}')"))
    bad_parent = json.loads(json.dumps(paint))
    bad_parent["cards"][0][0] = 'x"],body,[y="'
    bad_text = json.loads(json.dumps(paint))
    bad_text["texts"]["tableau"] = "gone"  # an element with children: never replaced
    bad_text["texts"]["title"] = "<b>bold</b>"  # a leaf: text only, and Python rewrites it
    for tampered in (bad_parent, bad_text):
        page.goto(site_url + "static/icon.svg")
        store(page, PAINT, json.dumps(tampered))
        page.goto(site_url)
        wait_ready(page)
        expect(page.locator("[data-column]")).to_have_count(7)
        expect(page.locator("#title")).to_have_text("Scorpion")
        assert page.evaluate("document.querySelectorAll('#title b').length") == 0
        assert page.locator("[data-card]").count() >= 37
        assert page.evaluate(PWNED)


# --- the save -----------------------------------------------------------------------------


def test_a_huge_save_is_moved_aside_and_never_blocks_later_saves(fresh, site_url, wait_ready):
    huge = "x" * 3_000_000
    store(fresh, SAVE, huge)
    page = start(fresh, site_url, wait_ready)
    expect(page.locator("#notice")).to_contain_text("could not be read")
    expect(page.locator("#notice")).to_contain_text("kept in Settings")
    assert page.evaluate(BACKUPS) == [["unreadable", 3_000_000]]
    play(page, "deal")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{SAVE}') || 'null')?.current.game.moves.length === 1"
    )
    page.click("#settings-button")
    item = page.locator("#backups li")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("3000 KB")
    item.get_by_role("button", name="Delete…").click()
    page.click("#data-dialog-ok")
    expect(page.locator("#backups li")).to_have_count(0)
    assert page.evaluate(BACKUPS) == []


# --- import -------------------------------------------------------------------------------


def import_text(page: Page, text: str) -> None:
    if not page.locator("#settings-dialog").is_visible():
        page.click("#settings-button")
    page.locator("#import-file").set_input_files(
        files=[{"name": "save.json", "mimeType": "application/json", "buffer": text.encode()}]
    )


def test_import_asks_first_and_keeps_what_it_replaces(table: SharedTable):
    page = table.load(session_of(LINE[:3]))
    import_text(page, save_of(LINE[:1], revision=9))
    dialog = page.locator("#data-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("3 moves")  # what is here now
    expect(dialog).to_contain_text("1 move,")  # what the file holds
    page.click("#data-dialog-cancel")
    assert len(stored(page)["current"]["game"]["moves"]) == 3  # nothing changed
    import_text(page, save_of(LINE[:1], revision=9))
    page.click("#data-dialog-ok")
    expect(page.locator("#data-message")).to_contain_text("kept as a backup")
    assert stored(page)["current"]["game"]["moves"] == LINE[:1]
    assert [reason for reason, _size in page.evaluate(BACKUPS)] == ["replaced"]
    # The backup restores what the import replaced.
    expect(page.locator("#backups li")).to_have_count(1)
    page.locator("#backups li").get_by_role("button", name="Restore…").click()
    page.click("#data-dialog-ok")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{SAVE}')).current.game.moves.length === 3"
    )
    assert [reason for reason, _size in page.evaluate(BACKUPS)] == ["replaced"]  # the swap


# --- two tabs -----------------------------------------------------------------------------


def test_a_win_is_kept_when_another_tab_saved_a_move_meanwhile(table: SharedTable):
    before_win = LINE[:-1]
    page = table.load(session_of(before_win))
    newer = revision(page) + 45
    # The other tab's save, whose storage event has not arrived yet: another move there.
    game = Game.from_deck(DECK)
    for move in before_win:
        game.play(Move.parse(move))
    other = next(m for m in game.legal_moves() if str(m) != LINE[-1])
    store(page, SAVE, save_of([*before_win, str(other)], revision=newer))
    play(page, LINE[-1])
    expect(page.locator("#win-dialog")).to_be_visible()
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{SAVE}')).revision === {newer + 1}")
    saved = stored(page)
    assert saved["current"]["finished"] is True
    assert saved["current"]["game"]["moves"] == LINE
    assert saved["stats"]["classic"]["won"] == 1


def test_an_overtaken_action_is_said_and_the_saved_game_shown(table: SharedTable):
    page = table.load(session_of(LINE[:2]))
    newer = revision(page) + 45
    store(page, SAVE, save_of(LINE[:3], revision=newer))  # the other tab's move, not yet heard
    play(page, "deal")
    expect(page.locator("#status")).to_contain_text("Another tab saved this game first")
    assert stored(page)["current"]["game"]["moves"] == LINE[:3]
    expect(page.locator("#score")).to_have_text(
        str(Game.from_deck(DECK, moves=" ".join(LINE[:3])).score)
    )
