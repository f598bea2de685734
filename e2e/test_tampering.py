"""Stored data written by someone else: another page of this origin (on GitHub Pages every
project site of an account shares one) can write any key. Nothing it writes may run code,
break later visits, block saves or lose the player's data; the game always starts.

One browser context for the module; each test starts from an empty localStorage. Tests
wait for conditions, never for fixed times.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e.ui import DECK, LINE, desktop_context, open_game, play
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


def store(page: Page, key: str, text: str) -> None:
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, text])


def save_of(moves: list[str], revision: int = 1) -> str:
    game = Game.from_deck(DECK)
    for move in moves:
        game.play(Move.parse(move))
    session = Session(game, counted=bool(moves))
    return saves.dump(session, revision=revision, saved_at=1_700_000_000_000)


def stored(page: Page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE}')"))


def start(page: Page, site_url: str, wait_ready) -> Page:
    return open_game(page, site_url, "", wait_ready)


# --- the early paint --------------------------------------------------------------------


def test_markup_in_the_paint_never_runs_and_the_game_starts(fresh, site_url, wait_ready):
    markup = '<img src=x onerror="window.__pwned=1">'
    old = {"v": 3, "lang": "en", "four": False, "parents": {"table": markup}, "owners": []}
    store(fresh, "scorpion.paint", json.dumps({**old, "texts": {}}))  # the first builds' key
    store(fresh, PAINT, json.dumps({**old, "v": 4, "texts": {}}))
    page = start(fresh, site_url, wait_ready)
    assert page.evaluate(PWNED)
    assert page.locator("[data-card]").count() == 37  # a fresh game, drawn by Python
    assert page.evaluate("localStorage.getItem('scorpion.paint')") is None  # dropped
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_selector_or_a_text_in_the_paint_cannot_break_the_page(fresh, site_url, wait_ready):
    # A well-formed paint first, from a real visit.
    page = start(fresh, site_url, wait_ready)
    page.wait_for_function(f"localStorage.getItem('{PAINT}') !== null")
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


def test_a_line_longer_than_any_game_is_refused_on_load_quickly(fresh, site_url, wait_ready):
    document = json.loads(save_of([]))
    document["current"]["game"]["moves"] = ["QS>2", "QS>1"] * 120_000
    document["stats"]["classic"]["played"] = 9
    store(fresh, SAVE, json.dumps(document))
    began = time.monotonic()
    page = start(fresh, site_url, wait_ready)
    assert time.monotonic() - began < 30  # replaying it took seconds per boot before
    expect(page.locator("#notice")).to_contain_text("longer than any real game")
    assert page.evaluate(BACKUPS)[0][0] == "unreadable"
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{SAVE}') || 'null')?.stats.classic.played === 9"
    )


def test_an_unreadable_revision_says_the_game_was_restored(fresh, site_url, wait_ready):
    document = json.loads(save_of(LINE[:2]))
    document["revision"] = "abc"
    store(fresh, SAVE, json.dumps(document))
    page = start(fresh, site_url, wait_ready)
    notice = page.locator("#notice")
    expect(notice).to_contain_text("were restored")
    expect(notice).not_to_contain_text("new game has started")
    expect(page.locator("#undo")).to_be_enabled()  # the saved moves are there


# --- import -------------------------------------------------------------------------------


def import_text(page: Page, text: str) -> None:
    if not page.locator("#settings-dialog").is_visible():
        page.click("#settings-button")
    page.locator("#import-file").set_input_files(
        files=[{"name": "save.json", "mimeType": "application/json", "buffer": text.encode()}]
    )


def test_import_asks_first_and_keeps_what_it_replaces(fresh, site_url, wait_ready):
    page = open_game(fresh, site_url, "", wait_ready, saved=save_of(LINE[:3], revision=4))
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


@pytest.mark.parametrize("saved_at", ["100000000000000000000", "9007199254740993", "-5"])
def test_import_with_any_saved_at_asks_first(fresh, site_url, wait_ready, saved_at):
    """Issue 38: a huge ``saved_at`` (a BigInt in JavaScript, which ``Date`` refuses) made
    the import do nothing, silently."""
    page = open_game(fresh, site_url, "", wait_ready, saved=save_of(LINE[:2]))
    text = save_of(LINE[:1], revision=9).replace(
        '"saved_at":1700000000000', f'"saved_at":{saved_at}'
    )
    assert saved_at in text
    import_text(page, text)
    dialog = page.locator("#data-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("In the file (saved at an unknown time")
    page.click("#data-dialog-ok")
    expect(page.locator("#data-message")).to_contain_text("kept as a backup")
    assert stored(page)["current"]["game"]["moves"] == LINE[:1]
    assert page.errors == []  # type: ignore[attr-defined]


def test_import_of_a_line_longer_than_any_game_offers_only_the_rest(fresh, site_url, wait_ready):
    page = open_game(fresh, site_url, "", wait_ready, saved=save_of(LINE[:2]))
    document = json.loads(save_of([]))
    document["current"]["game"]["moves"] = ["QS>2", "QS>1"] * 120_000
    began = time.monotonic()
    import_text(page, json.dumps(document))
    expect(page.locator("#data-dialog")).to_contain_text("longer than any real game")
    assert time.monotonic() - began < 10
    page.click("#data-dialog-cancel")
    assert stored(page)["current"]["game"]["moves"] == LINE[:2]


# --- two tabs -----------------------------------------------------------------------------


def test_a_win_is_kept_when_another_tab_saved_a_move_meanwhile(fresh, site_url, wait_ready):
    before_win = LINE[:-1]
    page = open_game(fresh, site_url, "", wait_ready, saved=save_of(before_win, revision=5))
    # The other tab's save, whose storage event has not arrived yet: another move there.
    game = Game.from_deck(DECK)
    for move in before_win:
        game.play(Move.parse(move))
    other = next(m for m in game.legal_moves() if str(m) != LINE[-1])
    store(page, SAVE, save_of([*before_win, str(other)], revision=50))
    play(page, LINE[-1])
    expect(page.locator("#win-dialog")).to_be_visible()
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{SAVE}')).revision === 51")
    saved = stored(page)
    assert saved["current"]["finished"] is True
    assert saved["current"]["game"]["moves"] == LINE
    assert saved["stats"]["classic"]["won"] == 1


def test_an_overtaken_action_is_said_and_the_saved_game_shown(fresh, site_url, wait_ready):
    page = open_game(fresh, site_url, "", wait_ready, saved=save_of(LINE[:2], revision=5))
    store(page, SAVE, save_of(LINE[:3], revision=50))  # the other tab's move, not yet heard
    play(page, "deal")
    expect(page.locator("#status")).to_contain_text("Another tab saved this game first")
    assert stored(page)["current"]["game"]["moves"] == LINE[:3]
    expect(page.locator("#score")).to_have_text(
        str(Game.from_deck(DECK, moves=" ".join(LINE[:3])).score)
    )
