"""Small defects a player met, each held to its fix: focus after a removed sequence, the
hinted card taken by clicking it, the timer from the first action, the Animations switch
under the system's reduced motion, and a restart after undoing every move. (The win
dialog's phrases at 360 px: e2e/test_finish.py.)

Reduced motion asked by the system. The tests about what a game does share one booted page
(``SharedTable``: each starts from a save of its own, taken as another tab's); the timer's
and the Animations switch's boot their own, on an empty localStorage. Tests wait for
conditions, never for fixed times.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e.test_accessibility import focused, key_move
from e2e.ui import DECK, LINE, SharedTable, desktop_context, open_game, play, shared_table
from scorpion import Game, Move
from scorpion.session import Session

SAVE = "scorpion.save@/"


@pytest.fixture(scope="module")
def shared(browser: Browser) -> Iterator[BrowserContext]:
    with desktop_context(browser) as context:
        yield context


@pytest.fixture(scope="module")
def table(browser: Browser, site_url: str, wait_ready) -> Iterator[SharedTable]:
    with shared_table(browser, site_url, wait_ready) as table:
        yield table


def after(moves: int) -> Session:
    return Session(Game.from_deck(DECK, moves=" ".join(LINE[:moves])), counted=True)


def stored(page: Page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE}')"))


def test_focus_stays_in_the_table_after_a_removed_sequence(table):
    removing = 41  # LINE[41], 8H>2, completes the hearts in column 2
    assert Game.from_deck(DECK, moves=" ".join(LINE[:42])).history[-1].removed
    page = table.load(after(removing))
    key_move(page, LINE[removing])
    expect(page.locator("#place-1 .card")).to_have_count(13)
    page.wait_for_function("!!document.activeElement.closest('#tableau')")
    assert focused(page).startswith("column ") or len(focused(page)) == 2


def test_clicking_the_hinted_card_plays_the_hint(table):
    page = table.load(Session(Game.from_deck(DECK)))
    page.click("#hint")
    expect(page.locator("#status")).to_contain_text("Hint:")
    hinted = page.evaluate(
        "document.querySelector('[aria-pressed=\"true\"]').dataset.card"
    )  # the pile's bottom card: the first of its column's cards in the page
    page.click(f'[data-card="{hinted}"]')
    expect(page.locator("#status")).not_to_contain_text("Put back")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{SAVE}') || 'null')?.current.game.moves.length === 1"
    )
    assert stored(page)["current"]["game"]["moves"][0].startswith(hinted)


def test_the_timer_starts_at_the_first_action(fresh, site_url, wait_ready):
    fresh.clock.install()
    page = open_game(fresh, site_url, f"?deck={DECK}", wait_ready)
    page.click("#settings-button")
    page.click("#set-timer")
    page.keyboard.press("Escape")
    expect(page.locator("#timer")).to_be_visible()
    page.clock.run_for(90_000)  # a minute and a half looking at the deal: not play time
    expect(page.locator("#timer-value")).to_have_text("0:00")
    play(page, LINE[0])
    page.clock.run_for(5_000)
    expect(page.locator("#timer-value")).to_have_text("0:05")


def test_the_animations_switch_shows_the_systems_reduced_motion(fresh, site_url, wait_ready):
    page = open_game(fresh, site_url, "", wait_ready)
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    page.click("#settings-button")
    switch = page.locator("#set-animations")
    expect(switch).not_to_be_checked()
    expect(switch).to_be_disabled()
    assert stored(page)["settings"]["animations"] is True  # the player's choice is kept


def test_a_restart_after_undoing_every_move_is_no_loss(table):
    page = table.load(Session(Game.from_deck(DECK)))
    play(page, LINE[0])
    page.click("#undo")
    expect(page.locator("#undo")).to_be_disabled()
    page.click("#new-game")
    page.click("#ng-restart")
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{SAVE}')).stats.classic.played === 0")
    saved = stored(page)
    assert saved["current"]["counted"] is False and saved["stats"]["classic"]["current_streak"] == 0
    # A move played and kept, then a restart: that one is a loss, as before.
    play(page, LINE[0])
    page.click("#new-game")
    page.click("#ng-restart")
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{SAVE}')).stats.classic.played === 1")
    assert Move.parse(LINE[0])  # the line's first move is a move, not the deal


def test_where_was_it_lost_asks_first_then_goes_back_in_the_same_game(table):
    lost = Game.new(3, moves="4C>1 5C>2 4H>5 AS>1 deal")  # dealing the reserve lost it
    session = Session(lost, counted=True)
    session.stats = session.stats.updated("classic", session.stats["classic"].started())
    page = table.load(session)
    page.click("#new-game")
    ask = page.locator("#ng-lost")
    expect(ask).to_be_visible()
    ask.click()
    dialog = page.locator("#lost-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("face-down ones too")  # it reveals: the player confirms
    page.click("#lost-cancel")
    expect(dialog).to_be_hidden()
    expect(page.locator("#new-game-dialog")).to_be_visible()  # back where it was asked
    assert len(stored(page)["current"]["game"]["moves"]) == 5  # nothing changed
    ask.click()
    page.click("#lost-look")
    # the search runs in slices between frames: on a loaded machine it takes seconds
    expect(page.locator("#lost-status")).to_contain_text(
        "could still be won 1 action ago", timeout=60_000
    )
    page.click("#lost-back")
    expect(dialog).to_be_hidden()
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    expect(page.locator("#status")).to_contain_text("Back 1 action")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{SAVE}')).current.game.moves.length === 4"
    )
    saved = stored(page)
    assert saved["current"]["counted"] is True and saved["stats"]["classic"]["played"] == 1
    expect(page.locator("#deal-reserve")).to_be_enabled()  # the deal taken back
