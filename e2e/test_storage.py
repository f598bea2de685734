"""Saved data that is never lost, statistics and settings, in the browser.

Two tabs on one game follow each other through real storage events and a stale one never
overwrites the newer save; export (a real download), clear, import (the real file input)
gives everything back; statistics after a win, opened from the win dialog; settings
across a reload; a full quota, as the browser raises it, is reported. What the game
makes of damaged or newer-version saves is told on the fakes (``tests/webapp/
test_startup.py``, ``test_storage.py``, ``test_session_swap.py``).

One browser context for the module (its HTTP cache keeps boots warm); each test starts
from an empty localStorage. Tests wait for conditions, never for fixed times.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e.ui import DECK, LINE, blank, click_column, open_game, play, play_line, watched_context
from scorpion import Game, Move, saves
from scorpion.wording import describe

SAVE_KEY = "scorpion.save@/"
BACKUPS = """() => Object.keys(localStorage).filter(k => k.startsWith('scorpion.backup.'))
    .sort((a, b) => parseInt(a.split('.')[3]) - parseInt(b.split('.')[3]))
    .map(k => localStorage.getItem(k))"""
# The browser's own error for a full storage, from every write.
QUOTA = """() => {
  Storage.prototype.setItem = function () {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
}"""


@pytest.fixture(scope="module")
def shared(browser: Browser) -> Iterator[BrowserContext]:
    """Requests are watched, not routed: routing would turn the HTTP cache off."""
    with watched_context(
        browser,
        viewport={"width": 1280, "height": 900},
        locale="en-US",
        reduced_motion="reduce",
        accept_downloads=True,
    ) as context:
        yield context


def boot(page: Page, site_url: str, wait_ready, query: str = "", saved: str | None = None) -> Page:
    return open_game(page, site_url, query, wait_ready, saved)


def description(page: Page) -> str:
    return page.locator("#board-description").inner_text()


def stored(page: Page) -> dict:
    text = page.evaluate("localStorage.getItem('scorpion.save@/')")
    assert text, "nothing saved"
    return json.loads(text)


def wait_saved(page: Page, moves: list[str]) -> None:
    """Wait until the stored game has exactly these moves (saving follows the paint)."""
    page.wait_for_function(
        """moves => { const t = localStorage.getItem('scorpion.save@/'); return !!t
            && JSON.stringify(JSON.parse(t).current.game.moves) === JSON.stringify(moves); }""",
        arg=moves,
    )


def stat(page: Page, variant: str, name: str):
    return page.locator(f'#stats-table [data-variant="{variant}"][data-stat="{name}"]')


def game_after(moves: list[str], game: Game | None = None) -> Game:
    game = game or Game.from_deck(DECK)
    for move in moves:
        game.play(Move.parse(move))
    return game


# --- two tabs on one game ------------------------------------------------------------


def test_two_tabs_follow_each_other_and_a_stale_one_never_overwrites(
    fresh, shared, site_url, wait_ready
):
    first = boot(fresh, site_url, wait_ready, f"?deck={DECK}")
    second = boot(shared.new_page(), site_url, wait_ready)  # resumes the same saved game
    try:
        dealt = describe(Game.from_deck(DECK), "en")  # both show it once their words are in
        expect(first.locator("#board-description")).to_have_text(dealt)
        expect(second.locator("#board-description")).to_have_text(dealt)
        play(first, "4H>7")
        after_move = describe(game_after(["4H>7"]), "en")
        expect(second.locator("#board-description")).to_have_text(after_move)
        expect(second.locator("#status")).to_contain_text("changed in another tab")
        play(second, "deal")
        after_deal = describe(game_after(["4H>7", "deal"]), "en")
        expect(first.locator("#board-description")).to_have_text(after_deal)

        # The second tab stops hearing about saves (every storage event names another key):
        # it goes stale after the first undoes.
        second.evaluate(
            "Object.defineProperty(StorageEvent.prototype, 'key', {get: () => 'elsewhere'})"
        )
        first.click("#undo")
        wait_saved(first, ["4H>7"])
        newest = first.evaluate("localStorage.getItem('scorpion.save@/')")
        expect(second.locator("#board-description")).to_have_text(after_deal)  # stale
        stale_move = next(
            m for m in game_after(["4H>7", "deal"]).legal_moves() if isinstance(m, Move)
        )
        # Clicked, not played with ``play``: the card may come straight back (below).
        second.click(f'[data-card="{stale_move.card}"]')
        click_column(second, stale_move.to + 1)
        # Its save finds the newer one: it shows that instead of writing over it.
        expect(second.locator("#board-description")).to_have_text(
            describe(game_after(["4H>7"]), "en")
        )
        expect(second.locator("#status")).to_contain_text("Another tab saved this game first")
        assert first.evaluate("localStorage.getItem('scorpion.save@/')") == newest
        assert stored(first)["current"]["game"]["redo"] == ["deal"]
        second.click("#redo")  # now up to date, its next change is saved and followed
        expect(first.locator("#board-description")).to_have_text(after_deal)
        assert first.errors == [] and second.errors == []  # type: ignore[attr-defined]
    finally:
        second.close()


# --- a win in the statistics; export, clear, import ------------------------------------


def test_statistics_after_a_win_then_export_clear_import(fresh, site_url, wait_ready, tmp_path):
    page = boot(fresh, site_url, wait_ready, f"?deck={DECK}")
    play_line(page, LINE)
    win = page.locator("#win-dialog")
    expect(win).to_be_visible()
    # The win dialog's Statistics open over the win, with the win counted.
    expect(page.locator("#win-stats")).to_have_text("Statistics")
    page.click("#win-stats")
    dialog = page.locator("#stats-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#stats-close")).to_be_focused()
    for name, value in (
        ("played", "1"), ("won", "1"), ("win_rate", "100%"), ("best_score", "695"),
        ("fewest_moves", str(len(LINE))), ("current_streak", "1"), ("longest_streak", "1"),
    ):  # fmt: skip
        expect(stat(page, "classic", name)).to_have_text(value)
    expect(stat(page, "classic", "fastest_ms")).to_have_text(re.compile(r"^\d+:\d\d$"))
    expect(stat(page, "relaxed", "played")).to_have_text("0")
    page.keyboard.press("Escape")  # back to the win, on the button that opened them
    expect(dialog).to_be_hidden()
    expect(win).to_be_visible()
    expect(page.locator("#win-stats")).to_be_focused()
    page.click("#win-close")
    expect(win).to_be_hidden()

    # A second game, in progress, then everything to a file.
    page.click("#new-game")
    page.fill("#ng-deal", "42")
    page.click("#ng-start")
    move = next(m for m in Game.new(42).legal_moves() if isinstance(m, Move))
    play(page, f"{move.card}>{move.to + 1}")
    wait_saved(page, [str(move)])
    before = description(page)
    page.click("#settings-button")
    expect(page.locator("#settings-dialog")).to_be_visible()
    expect(page.locator("#persist-status")).to_have_attribute(
        "data-state", re.compile("granted|denied|unknown")
    )
    with page.expect_download() as download:
        page.click("#export")
    assert re.fullmatch(r"scorpion-\d{4}-\d\d-\d\d\.json", download.value.suggested_filename)
    exported = tmp_path / "export.json"
    download.value.save_as(exported)
    expect(page.locator("#data-message")).to_contain_text("Exported")
    loaded = saves.read(exported.read_text())
    assert loaded.problems == () and loaded.session is not None
    assert loaded.session.game.deal_number == 42 and loaded.session.game.moves == (move,)
    assert loaded.stats["classic"].played == 2 and loaded.stats["classic"].best_score == 695

    # Storage cleared: a new game, no statistics.
    blank(page, site_url)
    boot(page, site_url, wait_ready)
    assert description(page) != before
    page.click("#stats")
    expect(stat(page, "classic", "played")).to_have_text("0")
    page.click("#stats-close")

    # A bad file changes nothing; the exported one gives everything back.
    page.click("#settings-button")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "scorpion-solitaire", "version": 1, "current": 7}')
    page.set_input_files("#import-file", str(bad))
    expect(page.locator("#data-message")).to_contain_text("not a readable Scorpion save")
    expect(page.locator("#data-message")).to_have_class(re.compile(r"\berror\b"))
    assert description(page) != before
    page.set_input_files("#import-file", str(exported))
    expect(page.locator("#data-dialog")).to_contain_text("In the file")  # asked first
    page.click("#data-dialog-ok")
    expect(page.locator("#data-message")).to_contain_text("Imported")
    page.click("#settings-close")
    expect(page.locator("#board-description")).to_have_text(before)
    expect(page.locator("#deal-line")).to_contain_text("42")
    wait_saved(page, [str(move)])
    page.click("#stats")
    for name, value in (("played", "2"), ("won", "1"), ("best_score", "695")):
        expect(stat(page, "classic", name)).to_have_text(value)

    # Reset asks first: Cancel keeps them, Reset clears them.
    page.click("#stats-reset")
    expect(page.locator("#reset-dialog")).to_be_visible()
    expect(page.locator("#reset-cancel")).to_be_focused()
    page.click("#reset-cancel")
    expect(page.locator("#stats-reset")).to_be_focused()
    expect(stat(page, "classic", "played")).to_have_text("2")
    page.click("#stats-reset")
    page.click("#reset-confirm")
    expect(page.locator("#reset-dialog")).to_be_hidden()
    expect(stat(page, "classic", "played")).to_have_text("0")
    expect(stat(page, "classic", "best_score")).to_contain_text("–")
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('scorpion.save@/')).stats.classic.played === 0"
    )
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#stats")).to_be_focused()

    # The storage full, as the browser says it: reported, and the game goes on.
    page.evaluate(QUOTA)
    play(page, "deal")
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("storage is full")
    dealt = game_after([str(move), "deal"], Game.new(42))
    expect(page.locator("#board-description")).to_have_text(describe(dealt, "en"))
    assert stored(page)["current"]["game"]["moves"] == [str(move)]
    page.click("#settings-button")
    expect(page.locator("#persist-status")).to_have_attribute("data-state", "failing")
    assert page.errors == []  # type: ignore[attr-defined]


# --- settings across a reload --------------------------------------------------------


def test_settings_are_saved_and_shown_in_both_places(fresh, site_url, wait_ready):
    fresh.emulate_media(reduced_motion="no-preference")  # the Animations switch is the player's
    page = boot(fresh, site_url, wait_ready, f"?deck={DECK}")
    root = page.locator("html")
    expect(page.locator("#timer")).to_be_hidden()
    page.click("#settings-button")
    dialog = page.locator("#settings-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#set-interactive-rules")).to_be_checked()
    expect(page.locator("#set-animations")).to_be_checked()
    page.check("#set-four-colour")
    page.check("#set-timer")
    page.uncheck("#set-animations")
    page.uncheck("#set-interactive-rules")
    expect(root).to_have_class(re.compile(r"\bfour-colour\b"))
    expect(root).to_have_class(re.compile(r"\bno-motion\b"))
    expect(page.locator("#timer")).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#settings-button")).to_be_focused()
    expect(page.locator("#four-colour")).to_be_checked()  # the footer's quick settings
    expect(page.locator("#interactive-rules")).not_to_be_checked()
    page.check("#interactive-rules")  # and back from the footer
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('scorpion.save@/')).settings.interactive_rules === true"
    )
    page.click("#settings-button")
    page.select_option("#set-language", "de")
    expect(root).to_have_attribute("lang", "de")
    expect(page.locator("#settings-title")).to_have_text("Einstellungen")
    expect(page.locator("#language")).to_have_value("de")
    page.click("#settings-close")
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('scorpion.save@/')).settings.language === 'de'"
    )

    page.reload()
    wait_ready(page)
    expect(root).to_have_attribute("lang", "de")
    expect(page.locator("#settings-title")).to_have_text("Einstellungen")
    expect(root).to_have_class(re.compile(r"\bfour-colour\b"))
    expect(root).to_have_class(re.compile(r"\bno-motion\b"))
    expect(page.locator("#timer")).to_be_visible()
    expect(page.locator("#timer-value")).to_have_text("0:00")
    play(page, "4H>7")
    expect(page.locator("#timer-value")).not_to_have_text("0:00", timeout=10_000)  # it runs
    page.click("#settings-button")
    for element_id in ("set-four-colour", "set-timer", "set-interactive-rules"):
        expect(page.locator(f"#{element_id}")).to_be_checked()
    expect(page.locator("#set-animations")).not_to_be_checked()
    expect(page.locator("#set-language")).to_have_value("de")
    page.uncheck("#set-timer")
    expect(page.locator("#timer")).to_be_hidden()
    assert page.errors == []  # type: ignore[attr-defined]
