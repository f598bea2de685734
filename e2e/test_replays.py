"""Replays in the page: a ``?replay=`` link played back (step, play, pause, speed, at the
page's own timers) over the player's own game, which nothing in real storage touches, and
the address cleaned of the link. Chromium, reduced motion (nothing glides).

What a replay does is the browser layer's logic, told on the fakes: Share this game
(``tests/webapp/test_sharing.py``), a tampered or bad link's notice in each language,
another tab's save during a replay, Play from here (``tests/webapp/test_replays.py``),
the solver's line, asked first (``tests/webapp/test_solver_watch.py``)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e.ui import SEED, column_cards, open_game, watched_context
from scorpion import DEAL, Game, saves
from scorpion.replay import encode
from scorpion.session import Session

SEED_REPLAY = encode(SEED["deck"], "classic", SEED["winning_line"])
SAVE_KEY = "scorpion.save@/"
# The game's own keys (save, paint, ...), not the note of a kept Python snapshot, which
# static/python-snapshot.mjs writes whenever the page is first idle, replay or not.
STORAGE = """() => JSON.stringify(Object.entries(localStorage)
    .filter(([key]) => !key.startsWith("scorpion.python-snapshot@")).sort())"""
INDEX = "document.documentElement.dataset.replayIndex"


@pytest.fixture(scope="module")
def shared(browser: Browser) -> Iterator[BrowserContext]:
    with watched_context(
        browser,
        viewport={"width": 1280, "height": 900},
        locale="en-US",
        reduced_motion="reduce",
    ) as context:
        yield context


def saved_game(page: Page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))["current"]["game"]


def own_save() -> str:
    """The player's own game, saved: deal 1 with its reserve dealt (counted)."""
    session = Session(Game.new(1))
    session.play(DEAL)
    return saves.dump(session, revision=1, saved_at=0)


def own_game(page: Page, site_url: str, query: str, wait_ready) -> tuple[Page, dict]:
    """``query`` opened over the player's own game; that game as saved."""
    text = own_save()
    game = json.loads(text)["current"]["game"]
    return open_game(page, site_url, query, wait_ready, saved=text), game


def index(page: Page) -> int:
    return int(page.evaluate(INDEX))


def forward_to(page: Page, target: int) -> None:
    """Step forward by keyboard to move ``target`` (playing there at 4x would take a
    quarter of a second per move)."""
    for _ in range(target - index(page)):
        page.keyboard.press("ArrowRight")
    page.wait_for_function(f"{INDEX} === '{target}'")


def test_a_replay_link_plays_the_seed_line_and_leaves_the_saved_game_alone(
    fresh, site_url, wait_ready
) -> None:
    page, before = own_game(fresh, site_url, f"?replay={SEED_REPLAY}", wait_ready)
    expect(page.locator("#replay-bar")).to_be_visible()
    assert "replay=" not in page.url  # a reload opens the player's own game
    expect(page.locator("#replay-position")).to_have_text("At the deal, 51 moves to go")
    stored = page.evaluate(STORAGE)
    assert saved_game(page) == before
    # the seed deal on the table, not the player's deal 1
    assert column_cards(page, 2) == ["QH", "3C", "4H", "7S"]
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("#hint")).to_be_disabled()
    # step forward: 4H (with 7S) goes onto 5H in column 7; step back puts them back
    page.click("#replay-forward")
    expect(page.locator("#replay-position")).to_have_text("Move 1 of 51")
    assert column_cards(page, 7)[-2:] == ["4H", "7S"]
    assert column_cards(page, 2) == ["QH", "3C"]
    expect(page.locator("#score")).to_have_text("5")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-position")).to_have_text("At the deal, 51 moves to go")
    assert column_cards(page, 2) == ["QH", "3C", "4H", "7S"]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-position")).to_have_text("Move 2 of 51")
    # the table takes no moves during a replay
    page.locator('[data-card="3C"]').click()
    expect(page.locator('[data-card="3C"]')).not_to_have_attribute("aria-pressed", "true")
    # speed: 1x, 2x, 4x; play runs on, pause stops it
    page.click("#replay-speed")
    page.click("#replay-speed")
    expect(page.locator("#replay-speed")).to_have_text("4×")
    page.click("#replay-play")
    page.wait_for_function(f"{INDEX} >= 6")
    dropped = "Number(document.documentElement.dataset.replayDropped || 0)"
    before = page.evaluate(dropped)
    page.click("#replay-play")
    expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "false")
    paused_at = index(page)
    # The step that was waiting when pause came arrives, and is dropped unplayed.
    page.wait_for_function(f"{dropped} > {before}")
    assert index(page) == paused_at
    # on to the end: the game is won (stepped to the last move but one, played from there)
    forward_to(page, 50)
    page.click("#replay-play")
    page.wait_for_function(f"{INDEX} === '51'", timeout=60_000)
    expect(page.locator("#status")).to_contain_text("End of the replay: the game is won.")
    expect(page.locator("#win-dialog")).not_to_be_visible()
    expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "false")
    # what the page keeps when it is left (save, paint), kept now: nothing
    page.evaluate("dispatchEvent(new Event('pagehide'))")
    assert page.evaluate(STORAGE) == stored
    # Close replay: the player's own game, as it was
    page.click("#replay-close")
    expect(page.locator("#replay-bar")).to_be_hidden()
    expect(page.locator("#deal-line")).to_contain_text("Deal 1")
    expect(page.locator("#deal-reserve")).to_be_disabled()
    expect(page.locator("#undo")).to_be_enabled()
    assert page.evaluate(STORAGE) == stored
    assert page.errors == []
