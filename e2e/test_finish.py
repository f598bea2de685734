"""The finish of a game: a removed sequence flies to its place (and back on undo), the
opt-in auto-finish (offered only when nothing is hidden, its moves counted like a
player's, undone like them) and the win's confetti, gone with the dialog.

Two browser contexts: one with motion (the flights and the confetti), one where the
system asks for reduced motion (the finish, played at its quick pace). Each has one page
booted once on a save of the seed line, shared by the tests: each
brings it to its position, setting and language through the game (Escape, Undo, the
line's moves, Settings, the language menu) and checks it got there. What the finish
counts in the statistics, and its offer in the other variant, are told on the fakes
(``tests/webapp/test_finish.py``, ``tests/webapp/test_hint_and_finish.py``,
``tests/test_stats_more.py``). Tests wait for conditions, never for fixed times.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from webapp.table.cardart import symbol_id

from e2e.ui import (
    DECK,
    LINE,
    blank,
    bring_to,
    column_cards,
    desktop_context,
    open_game,
    play,
    watched_context,
)
from scorpion import Game, saves
from scorpion.session import Session, Settings

SAVE = "scorpion.save@/"
READY = 47  # after LINE[:47] every card is face up and the reserve is dealt
REMOVING = 41  # LINE[41], 8H>2, completes the hearts in column 2
IDLE = "document.getAnimations().length === 0"


@pytest.fixture(scope="module")
def moving(browser: Browser) -> Iterator[BrowserContext]:
    """A context where the system does not ask for reduced motion: cards fly."""
    with watched_context(
        browser, viewport={"width": 1280, "height": 900}, locale="en-US",
        reduced_motion="no-preference",
    ) as context:  # fmt: skip
        yield context


def saved_after(moves: int, variant: str = "classic", offer: bool = True) -> str:
    game = Game.from_deck(DECK, variant, moves=" ".join(LINE[:moves]))
    session = Session(game, Settings(offer_finish=offer), counted=True)
    return saves.dump(session, revision=1, saved_at=0)


def booted(context: BrowserContext, site_url: str, wait_ready) -> Iterator[Page]:
    page = context.new_page()
    blank(page, site_url)
    open_game(page, site_url, "", wait_ready, saved=saved_after(REMOVING, offer=False))
    yield page
    errors = page.errors  # type: ignore[attr-defined]
    page.close()
    assert errors == []


@pytest.fixture(scope="module")
def moving_page(moving: BrowserContext, site_url: str, wait_ready) -> Iterator[Page]:
    """The page with motion, booted once."""
    yield from booted(moving, site_url, wait_ready)


@pytest.fixture(scope="module")
def still_page(browser: Browser, site_url: str, wait_ready) -> Iterator[Page]:
    """The page under reduced motion, booted once."""
    with desktop_context(browser) as context:
        yield from booted(context, site_url, wait_ready)


DESKTOP = {"width": 1280, "height": 900}


def at(page: Page, moves: int, offer: bool, lang: str = "en") -> Page:
    """A shared page brought, through the game, ``moves`` moves into the seed line, with
    Offer to finish as ``offer``, in ``lang``, on a desktop, nothing open, held or moving."""
    page.set_viewport_size(DESKTOP)
    for _ in range(3):  # the win dialog (or New game, from it), a finish, a held card
        page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)
    expect(page.locator('[aria-pressed="true"]')).to_have_count(0)
    if page.locator("html").get_attribute("lang") != lang:
        page.select_option("#language", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
    settings = json.loads(page.evaluate(f"localStorage.getItem('{SAVE}')"))["settings"]
    if settings["offer_finish"] != offer:
        page.click("#settings-button")
        page.locator("#set-offer-finish").set_checked(offer)
        page.keyboard.press("Escape")
        expect(page.locator("#settings-dialog")).to_be_hidden()
    bring_to(page, LINE[:moves])
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{SAVE}')).settings.offer_finish === {str(offer).lower()}"
    )
    page.wait_for_function(IDLE)
    return page


def stored_moves(page: Page) -> list[str]:
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE}')"))["current"]["game"]["moves"]


def wait_saved(page: Page, count: int) -> None:
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{SAVE}')).current.game.moves.length === {count}"
    )


def rect(page: Page, selector: str) -> dict[str, float]:
    return page.evaluate(
        "s => { const r = document.querySelector(s).getBoundingClientRect();"
        " return {x: r.left, y: r.top}; }",
        selector,
    )


PLACE_CARDS = """() => [...document.querySelectorAll('#place-1 .card')].map(c => {
    const r = c.getBoundingClientRect();
    return [r.left, r.top, c.querySelector('use').getAttribute('href').split('#')[1]]; })"""


# --- a removed sequence flies to its place ---------------------------------------------


def test_a_removed_sequence_flies_to_its_place_and_back_on_undo(moving_page):
    page = at(moving_page, REMOVING, offer=False)
    card, column = LINE[REMOVING].split(">")
    columns = [column_cards(page, c) for c in range(1, 8)]
    page.click(f'[data-card="{card}"]')
    page.wait_for_function(IDLE)
    # The click that removes the hearts, and at once the flights that started with it.
    flights = page.evaluate(
        f"""() => {{
        document.querySelector('[data-column="{column}"]').click();
        return document.getAnimations()
            .filter(a => a.effect.target.closest('#place-1'))
            .map(a => [a.effect.getTiming().delay, a.effect.getTiming().duration]);
    }}"""
    )
    assert len(flights) == 13, flights
    delays = sorted(delay for delay, _ms in flights)
    assert delays[0] == 0 and len(set(delays)) == 13 and delays[-1] <= 600, delays  # staggered
    page.wait_for_function(IDLE)
    place = rect(page, "#place-1")
    landed = page.evaluate(PLACE_CARDS)
    assert len(landed) == 13
    for x, y, _symbol in landed:
        assert abs(x - place["x"]) < 2 and abs(y - place["y"]) < 2, (x, y, place)
    assert landed[-1][2] == symbol_id("KH")  # the King of the suit on top
    # Undo: the thirteen fly back to the columns they came from.
    page.click("#undo")
    page.wait_for_function(IDLE)
    expect(page.locator("#place-1 .card")).to_have_count(0)
    assert [column_cards(page, c) for c in range(1, 8)] == columns
    for c, cards in enumerate(columns, start=1):
        left = rect(page, f'[data-column="{c}"]')["x"]
        for name in cards:
            assert abs(rect(page, f'[data-card="{name}"]')["x"] - left) < 2, (name, c)


def test_with_animations_off_a_removed_sequence_lands_at_once(still_page):
    page = at(still_page, REMOVING, offer=False)
    card, column = LINE[REMOVING].split(">")
    page.click(f'[data-card="{card}"]')
    started = page.evaluate(
        f"""() => {{ document.querySelector('[data-column="{column}"]').click();
            return [document.querySelectorAll('#place-1 .card').length,
                    document.getAnimations().length]; }}"""
    )
    assert started == [13, 0]


# --- the confetti goes with the win dialog ----------------------------------------------


@pytest.mark.parametrize("how", ["close", "escape", "new-game"])
def test_no_confetti_after_the_win_dialog_closes(moving_page, how):
    page = at(moving_page, len(LINE) - 1, offer=True)
    play(page, LINE[-1])
    expect(page.locator("#win-dialog")).to_be_visible()
    expect(page.locator(".confetti i")).to_have_count(36)
    if how == "close":
        page.click("#win-close")
    elif how == "escape":
        page.keyboard.press("Escape")
    else:
        page.click("#win-new")
    expect(page.locator("#win-dialog")).to_be_hidden()
    expect(page.locator(".confetti")).to_have_count(0)
    page.wait_for_function(IDLE)  # the last flights land; nothing falls any more


def test_no_confetti_without_animations(still_page):
    page = at(still_page, len(LINE) - 1, offer=True)
    play(page, LINE[-1])
    expect(page.locator("#win-dialog")).to_be_visible()
    expect(page.locator(".confetti")).to_have_count(0)


PHRASES = """() => [...document.querySelectorAll('#win-text .phrase')].map(span => {
    const r = document.createRange(); r.selectNodeContents(span);
    return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; })"""


@pytest.mark.parametrize("lang", ["en", "sv", "de", "zh-TW"])
def test_the_win_dialog_wraps_by_phrase(still_page, lang):
    page = at(still_page, len(LINE) - 1, offer=True, lang=lang)
    page.set_viewport_size({"width": 360, "height": 640})
    page.wait_for_function("innerWidth === 360")
    play(page, LINE[-1])
    expect(page.locator("#win-dialog")).to_be_visible()
    expect(page.locator("#win-score")).to_have_text("695")
    # "Final score" is one line box; the sentence before it ends before it starts.
    assert page.evaluate("document.getElementById('win-score-label').getClientRects().length") == 1
    label = page.evaluate(
        "(() => { const r = document.createRange();"
        " r.selectNodeContents(document.getElementById('win-score-label'));"
        " return r.getClientRects().length; })()"
    )
    assert label == 1
    for width in (360, 1440):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_function(f"innerWidth === {width}")
        # each phrase of the sentence on lines of its own: never broken inside
        assert page.evaluate(PHRASES) == [1, 1], width
        assert (
            page.evaluate("document.getElementById('win-score-label').getClientRects().length") == 1
        )


# --- the auto-finish --------------------------------------------------------------------


def finish_stage(page: Page, *stages: str) -> str:
    """Wait until the offer's stage is one of ``stages``; return it."""
    page.wait_for_function(
        "stages => stages.includes(document.getElementById('finish').dataset.finish)",
        arg=list(stages),
    )
    return str(page.locator("#finish").get_attribute("data-finish"))


def test_the_finish_is_offered_only_when_nothing_is_hidden(still_page):
    # One move before: a card is still face down; the button never shows.
    page = at(still_page, READY - 1, offer=True)
    assert finish_stage(page, "off") == "off"
    expect(page.locator("#finish")).to_be_hidden()
    play(page, LINE[READY - 1])  # the last face-down card turns up
    assert finish_stage(page, "offered", "none") == "offered"
    expect(page.locator("#finish")).to_be_visible()
    page.click("#undo")  # a card hidden again: the offer goes
    assert finish_stage(page, "off") == "off"
    expect(page.locator("#finish")).to_be_hidden()


def test_the_finish_is_opt_in(still_page):
    page = at(still_page, READY, offer=False)
    assert finish_stage(page, "off") == "off"
    expect(page.locator("#finish")).to_be_hidden()
    page.click("#settings-button")
    switch = page.locator("#set-offer-finish")
    expect(switch).not_to_be_checked()
    switch.check()
    page.keyboard.press("Escape")
    assert finish_stage(page, "offered", "none") == "offered"
    saved = json.loads(page.evaluate(f"localStorage.getItem('{SAVE}')"))
    assert saved["settings"]["offer_finish"] is True


def test_the_finish_plays_to_a_win_undone_like_moves_by_hand(still_page):
    page = at(still_page, READY, offer=True)
    finish_stage(page, "offered")
    before = stored_moves(page)
    page.click("#finish")
    expect(page.locator("#win-dialog")).to_be_visible()
    score = int(page.locator("#win-score").inner_text())
    # The save may follow the screen by a moment, and a win earlier on this shared page left
    # the session finished: wait for the save of as many moves as the dialog says.
    said = re.search(r"in (\d+) moves", page.locator("#win-text").inner_text())
    assert said is not None
    wait_saved(page, int(said.group(1)))
    moves = stored_moves(page)
    assert moves[:READY] == before and len(moves) > READY
    saved = json.loads(page.evaluate(f"localStorage.getItem('{SAVE}')"))
    assert saved["current"]["finished"] is True
    assert saved["current"]["assisted"] == ["auto_finish"]  # an assisted win
    # The same line by hand, in Python: the same score and moves.
    by_hand = Game.from_deck(DECK, moves=" ".join(moves))
    assert by_hand.won and by_hand.score == score
    page.click("#win-close")
    # Undo takes back the last move of the finish, then the whole finish, one by one.
    page.click("#undo")
    wait_saved(page, len(moves) - 1)
    expect(page.locator("#score")).to_have_text(
        str(Game.from_deck(DECK, moves=" ".join(moves[:-1])).score)
    )
    for _ in range(len(moves) - 1 - READY):
        page.click("#undo")
    wait_saved(page, READY)
    assert stored_moves(page) == before
    expect(page.locator("#score")).to_have_text(
        str(Game.from_deck(DECK, moves=" ".join(before)).score)
    )
    assert finish_stage(page, "offered") == "offered"  # offered again from here


def test_a_key_stops_the_finish(moving_page):
    page = at(moving_page, READY, offer=True)
    finish_stage(page, "offered")
    page.click("#finish")
    wait_saved(page, READY + 1)  # the first move of the finish is played
    page.keyboard.press("Escape")
    expect(page.locator("#status")).to_contain_text("Finish stopped.")
    stopped = len(stored_moves(page))
    # The rest of the line is offered again at once; the game is not won.
    assert finish_stage(page, "offered", "searching", "none") == "offered"
    expect(page.locator("#finish")).to_be_visible()
    expect(page.locator("#win-dialog")).to_be_hidden()
    assert len(stored_moves(page)) == stopped
