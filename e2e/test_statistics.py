"""Statistics over several games in the browser: a hinted win, the same deal won without
help, an abandoned game; the panel's averages, clean and assisted wins and the last games;
the CSV export downloads the right file; the chart pointed at and walked by keys, axe on
the panel. That the figures and the list survive a save is told without a browser
(``tests/test_stats_over_games.py``)."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e.test_accessibility import audit
from e2e.ui import DECK, LINE, SEED, open_game, play, play_line, watched_context
from scorpion import Game, Move


@pytest.fixture(scope="module")
def shared(browser: Browser) -> Iterator[BrowserContext]:
    """Reduced motion (no transitions to wait out), no service worker, downloads kept."""
    with watched_context(
        browser,
        viewport={"width": 1280, "height": 900},
        locale="en-US",
        reduced_motion="reduce",
        accept_downloads=True,
    ) as context:
        yield context


def cell(page: Page, stat: str, variant: str = "classic") -> str:
    return page.locator(f'#stats-table [data-variant="{variant}"][data-stat="{stat}"]').inner_text()


def win_the_seed(page: Page) -> None:
    play_line(page, LINE)
    expect(page.locator("#win-dialog")).to_be_visible()


def three_games(page: Page) -> None:
    # 1. Won with a hint: assisted.
    page.keyboard.press("h")
    expect(page.locator("#status")).to_contain_text("Hint:")
    page.keyboard.press("Escape")
    win_the_seed(page)
    page.click("#win-close")
    # 2. The same deal again, won without help.
    page.click("#new-game")
    page.click("#ng-restart")
    expect(page.locator("#score")).to_have_text("0")
    win_the_seed(page)
    # 3. Deal 7: one move, then another game: abandoned.
    page.click("#win-new")
    page.fill("#ng-deal", "7")
    page.click("#ng-start")
    expect(page.locator("#deal-line")).to_contain_text("7")
    move = next(m for m in Game.new(7).legal_moves() if isinstance(m, Move))
    play(page, f"{move.card}>{move.to + 1}")
    page.click("#new-game")
    page.fill("#ng-deal", "8")
    page.click("#ng-start")
    expect(page.locator("#deal-line")).to_contain_text("8")


def test_three_games_in_the_panel_and_the_csv(fresh, site_url, wait_ready) -> None:
    page = open_game(fresh, site_url, f"?deck={DECK}", wait_ready)
    page.click("#stats")
    expect(page.locator("#recent-empty")).to_be_visible()
    expect(page.locator("#recent-scroll")).to_be_hidden()
    page.click("#stats-close")
    three_games(page)

    page.click("#stats")
    dialog = page.locator("#stats-dialog")
    expect(dialog).to_be_visible()
    assert (cell(page, "played"), cell(page, "won"), cell(page, "win_rate")) == ("3", "2", "67%")
    assert (cell(page, "assisted_wins"), cell(page, "clean_wins")) == ("1", "2")
    assert cell(page, "current_streak") == "0" and cell(page, "longest_streak") == "1"
    assert cell(page, "best_score") == str(SEED["winning_score"])
    assert cell(page, "fewest_moves") == str(len(LINE))
    assert cell(page, "average_moves") == f"{len(LINE)}.0"
    # one unassisted win: its time is both the fastest and the average
    assert re.fullmatch(r"\d+:\d\d", cell(page, "average_ms"))
    assert cell(page, "average_ms") == cell(page, "fastest_ms")
    assert cell(page, "played", "relaxed") == "0"

    expect(page.locator("#recent-empty")).to_be_hidden()
    rows = page.locator("#recent-table tbody tr")
    expect(rows).to_have_count(3)
    assert [rows.nth(i).get_attribute("data-result") for i in range(3)] == [
        "abandoned",
        "won",
        "won",
    ]
    expect(rows.nth(2)).to_have_attribute("data-assisted", "hint")
    expect(rows.nth(2)).to_contain_text("assisted (hint)")
    expect(rows.nth(1)).to_have_attribute("data-assisted", "")
    expect(rows.nth(1)).to_contain_text("clean")
    expect(rows.nth(1)).to_contain_text("own deck")
    expect(rows.nth(0)).to_contain_text("Classic #7")
    expect(page.locator("#recent-scroll")).to_have_attribute("role", "region")

    with page.expect_download() as info:
        page.click("#stats-export")
    download = info.value
    assert re.fullmatch(r"scorpion-statistics-\d{4}-\d\d-\d\d\.csv", download.suggested_filename)
    expect(page.locator("#stats-message")).to_contain_text(download.suggested_filename)
    with open(download.path(), "rb") as file:
        data = file.read()
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with a byte order mark
    text = data.decode("utf-8-sig")
    table = list(csv.reader(io.StringIO(text, newline="")))
    figures = {row[0]: row[1:] for row in table[1 : table.index([])]}
    assert figures["Games played"] == ["3", "0"] and figures["Assisted wins"] == ["1", "0"]
    assert figures["Average moves per win"] == [f"{len(LINE)}.0", ""]
    games = table[table.index([]) + 1 :]
    assert games[0][:4] == ["Ended", "Game", "Result", "Moves"]
    assert [g[2] for g in games[1:]] == ["Abandoned", "Won", "Won"]
    assert games[3][6] == "assisted (hint); clean" and games[2][6] == "clean"
    assert games[2][1] == "Classic, own deck" and games[2][3] == str(len(LINE))
    assert page.errors == []  # type: ignore[attr-defined]

    audit(page, "Statistics with the last games")
    the_chart_drawn_pointed_at_and_walked_by_keys(page)
    page.emulate_media(color_scheme="dark")
    audit(page, "Statistics with the chart, dark")
    page.emulate_media(color_scheme="light")
    page.locator("#recent-scroll").focus()  # the list scrolls by keyboard too
    page.keyboard.press("End")
    the_chart_fits(page, 360, 740)
    page.locator("#stats-chart").screenshot(path="/tmp/stats-chart-360.png")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path="/tmp/stats-phone.png")
    page.set_viewport_size({"width": 1440, "height": 900})
    page.screenshot(path="/tmp/stats-desktop.png")
    page.locator("#recent-scroll").screenshot(path="/tmp/stats-recent.png")


# The chart's box, the dialog body's, and whether the body scrolls sideways.
CHART_BOX = """() => {
    const svg = document.querySelector('#chart-classic svg').getBoundingClientRect();
    const body = document.querySelector('#stats-dialog .panel-body');
    const box = body.getBoundingClientRect();
    const bars = [...document.querySelectorAll('#chart-classic .bar')]
        .map(b => b.getBoundingClientRect()).filter(r => r.width > 0 && r.height > 0);
    return {left: svg.left, right: svg.right, height: svg.height, inside: [box.left, box.right],
            sideways: [body, body.parentElement].some(e => e.scrollWidth > e.clientWidth),
            bars: bars.length};
}"""
READOUT = '#chart-classic [data-readout="classic"]'


def the_chart_drawn_pointed_at_and_walked_by_keys(page: Page) -> None:
    """The three games drawn (classic only); pointing at a game says it; Shift+Tab from the
    list reaches the chart's one tab stop, the newest game, and the arrows walk the games."""
    expect(page.locator("#stats-chart figure")).to_have_count(1)
    marks = page.locator("#chart-classic [data-game]")
    expect(marks).to_have_count(3)
    drawn = page.evaluate(CHART_BOX)
    assert drawn["bars"] == 3 and drawn["height"] == 190 and drawn["right"] - drawn["left"] > 400
    expect(page.locator("#chart-classic")).to_contain_text("Last 3 games · 2 won (67%)")
    expect(page.locator("#chart-classic .trend-streak")).to_have_text("0 wins in a row")
    page.locator('[data-game="classic-0"]').hover()
    expect(page.locator(READOUT)).to_contain_text("Game 1 of 3")
    expect(page.locator(READOUT)).to_contain_text("assisted (hint)")
    page.locator("#recent-scroll").focus()
    page.keyboard.press("Shift+Tab")
    focused = "() => document.activeElement.dataset.game"
    assert page.evaluate(focused) == "classic-2"
    expect(page.locator(READOUT)).to_contain_text("Game 3 of 3")
    expect(page.locator(READOUT)).to_contain_text("Abandoned")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(focused) == "classic-1"
    expect(page.locator(READOUT)).to_contain_text("Game 2 of 3")
    page.keyboard.press("Home")
    assert page.evaluate(focused) == "classic-0"
    page.keyboard.press("Tab")  # one tab stop per chart: on to the list
    assert page.evaluate("() => document.activeElement.id") == "recent-scroll"


def the_chart_fits(page: Page, width: int, height: int) -> None:
    """At a phone's width the chart fills the dialog's body and nothing scrolls sideways."""
    page.set_viewport_size({"width": width, "height": height})
    page.locator("#chart-classic").scroll_into_view_if_needed()
    box = page.evaluate(CHART_BOX)
    left, right = box["inside"]
    assert left <= box["left"] < box["right"] <= right and box["right"] - box["left"] > 250
    assert not box["sideways"] and box["bars"] == 3
