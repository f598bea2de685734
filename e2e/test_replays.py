"""Replays in the page: a ``?replay=`` link played back (step, play, pause, speed) over the
player's own game, which nothing touches; Share this game; a tampered link; the solver's
line, asked first. Chromium, reduced motion (nothing glides)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e.ui import DECK, SEED, column_cards, open_game, play, watched_context
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
        service_workers="block",
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


def test_share_this_game_replays_the_same_game(fresh, site_url, wait_ready) -> None:
    page = open_game(fresh, site_url, "?deal=1", wait_ready)
    play(page, "deal")
    play(page, "2H>6")
    board = [column_cards(page, c) for c in range(1, 8)]
    page.click("#new-game")
    page.click("#ng-share-game")
    link = re.compile(r"http\S+\?replay=[A-Za-z0-9_-]+")
    page.wait_for_function(
        "['status', 'notice-text'].some(id =>"
        " document.getElementById(id).textContent.includes('?replay='))"
    )
    text = (
        page.locator("#status").text_content() + " " + page.locator("#notice-text").text_content()
    )
    url = link.search(text).group(0)
    page.goto(url)
    wait_ready(page)
    expect(page.locator("#replay-position")).to_have_text("At the deal, 2 moves to go")
    page.click("#replay-forward")
    page.click("#replay-forward")
    expect(page.locator("#replay-position")).to_have_text("Move 2 of 2")
    assert [column_cards(page, c) for c in range(1, 8)] == board


def test_a_tampered_link_says_so_and_opens_the_saved_game(fresh, site_url, wait_ready) -> None:
    tampered = SEED_REPLAY[:20] + ("A" if SEED_REPLAY[20] != "A" else "B") + SEED_REPLAY[21:]
    page, before = own_game(fresh, site_url, f"?replay={tampered}", wait_ready)
    expect(page.locator("#notice-text")).to_have_text(
        "This replay link cannot be played: it was changed or cut short. "
        "Your own game is as you left it."
    )
    expect(page.locator("#replay-bar")).to_be_hidden()
    expect(page.locator("#deal-line")).to_contain_text("Deal 1")
    expect(page.locator("#deal-reserve")).to_be_disabled()
    assert saved_game(page) == before
    assert page.errors == []


def test_a_bad_link_is_said_in_the_players_language(fresh, site_url, wait_ready) -> None:
    page = open_game(fresh, site_url, "?replay=9xyz&lang=de", wait_ready)
    expect(page.locator("#notice-text")).to_contain_text(
        "Dieser Wiederholungslink lässt sich nicht abspielen"
    )


def test_another_tabs_save_during_a_replay_is_the_game_that_comes_back(
    fresh, shared, site_url, wait_ready
) -> None:
    page, _ = own_game(fresh, site_url, f"?replay={SEED_REPLAY}", wait_ready)
    other = open_game(shared.new_page(), site_url, "", wait_ready)
    play(other, "2H>6")
    other.wait_for_function(
        f"JSON.parse(localStorage.getItem('{SAVE_KEY}')).current.game.moves.length === 2"
    )
    saved = other.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    other.close()
    expect(page.locator("#replay-bar")).to_be_visible()  # still the replay
    page.click("#replay-close")
    expect(page.locator('[data-column="6"]')).to_have_attribute("aria-owns", re.compile("2H"))
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == saved  # not written back


def test_watching_the_solver_asks_first_then_plays_to_a_win(fresh, site_url, wait_ready) -> None:
    page = open_game(fresh, site_url, f"?deck={DECK}", wait_ready)
    play(page, "4H>7")
    page.click("#new-game")
    page.click("#ng-solver")
    expect(page.locator("#solver-dialog")).to_be_visible()
    expect(page.locator("#solver-text")).to_contain_text("face-down")
    expect(page.locator("#replay-bar")).to_be_hidden()  # nothing shown before the answer
    page.click("#solver-watch")
    expect(page.locator("#replay-bar")).to_be_visible(timeout=60_000)
    expect(page.locator("#replay-title")).to_have_text("The solver's line")
    assert index(page) == 1  # from the player's position
    # The player's own game is saved as helped before the line is shown.
    saved = json.loads(page.evaluate("localStorage.getItem('scorpion.save@/')"))
    assert saved["current"]["assisted"] == ["solver_line"]
    for _ in range(3):
        page.click("#replay-speed")  # 1x -> 2x -> 4x -> 0.5x
    expect(page.locator("#replay-speed")).to_have_text("0.5×")
    page.click("#replay-speed")
    page.click("#replay-speed")
    page.click("#replay-speed")
    expect(page.locator("#replay-speed")).to_have_text("4×")
    page.click("#replay-play")
    page.wait_for_function(f"{INDEX} >= 3")  # it plays on by itself
    page.click("#replay-play")  # paused; stepped to the last move but one, played from there
    total = int(page.locator("#replay-position").inner_text().rsplit(" ", 1)[-1])
    forward_to(page, total - 1)
    page.click("#replay-play")
    expect(page.locator("#status")).to_contain_text(
        "End of the replay: the game is won.", timeout=120_000
    )
    page.click("#replay-close")
    expect(page.locator("#score")).to_have_text("5")  # the player's game, after 4H>7
    assert column_cards(page, 7)[-2:] == ["4H", "7S"]


def test_play_from_here_asks_before_abandoning_a_counted_game(fresh, site_url, wait_ready) -> None:
    page, _ = own_game(fresh, site_url, f"?replay={SEED_REPLAY}", wait_ready)  # counted
    page.click("#replay-forward")
    page.click("#replay-take")
    expect(page.locator("#link-dialog")).to_be_visible()  # another deal: asked first
    page.click("#link-keep")
    expect(page.locator("#replay-bar")).to_be_visible()  # kept: still watching
    page.click("#replay-take")
    page.click("#link-play")
    expect(page.locator("#replay-bar")).to_be_hidden()
    expect(page.locator("#deal-line")).to_contain_text("Custom deal")
    expect(page.locator("#undo")).to_be_enabled()
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{SAVE_KEY}')).current.game.moves[0] === '4H>7'"
    )
    play(page, "2H>3")  # the player plays on from there
    expect(page.locator("#score")).to_have_text("10")
