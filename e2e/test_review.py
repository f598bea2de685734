"""Review this game in the browser, for what only a browser shows: the chart drawn with the
figures CPython gives for the same line (Pyodide judges every position alike), a point
chosen shows the board there in the replay's bar with the save untouched, and the panel at
360 px, by keyboard alone, passing axe. One booted page is shared (``SharedTable``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.test_accessibility import audit
from e2e.ui import DECK, LINE, SAVE_KEY, SharedTable, shared_table
from scorpion import Game, saves
from scorpion.game_review import review_game
from scorpion.session import Session
from scorpion.wording import describe

MOVES = 16  # the seed deal's first moves: the reserve dealt, cards turned, mistakes to mark


@pytest.fixture(scope="module")
def table(browser: Browser, site_url: str, wait_ready) -> Iterator[SharedTable]:
    with shared_table(browser, site_url, wait_ready) as table:
        yield table


def seed_game(moves: int) -> Game:
    return Game.from_deck(DECK, "classic", " ".join(LINE[:moves]))


def reviewed(page: Page) -> list[int]:
    expect(page.locator("#review")).to_have_attribute("data-review-state", "done", timeout=60_000)
    chances = page.locator("#review-chart").get_attribute("data-chances") or ""
    return [int(c) for c in chances.split(",")]


# The legend's keys as drawn: the colour each shows, and whether it is a round dot.
LEGEND_KEYS = """() => Object.fromEntries(["chance", "deal", "removed", "mistake"].map((key) => {
    const style = getComputedStyle(document.querySelector(`#review-legend .key-${key}`));
    const colour = key === "deal" ? style.borderTopColor : style.backgroundColor;
    return [key, [colour, style.borderRadius === "50%"]];
}))"""
# The chart's marks that it draws: the chance line, the deal's mark, a removed sequence's,
# a mistake's dot.
MARKS = """() => {
    const drawn = {chance: [".chance", "stroke"], deal: [".deal-mark", "stroke"],
                   removed: [".removed-mark", "fill"], mistake: [".mistake .dot", "fill"]};
    const marks = {};
    for (const [key, [selector, paint]] of Object.entries(drawn)) {
        const mark = document.querySelector(`#review-chart ${selector}`);
        if (mark) marks[key] = [getComputedStyle(mark)[paint], key === "mistake"];
    }
    return marks;
}"""


def legend_keys(page: Page) -> dict[str, list[object]]:
    return page.evaluate(LEGEND_KEYS)


def marks(page: Page) -> dict[str, list[object]]:
    return page.evaluate(MARKS)


def test_the_chart_is_drawn_with_the_hints_figures_and_a_point_shows_the_board(
    table: SharedTable,
) -> None:
    game = seed_game(MOVES)
    page = table.load(Session(game))
    page.click("#new-game")
    page.click("#review-game")
    assert reviewed(page) == list(review_game(game).chances)  # as under CPython
    chart = page.locator("#review-chart")
    box = chart.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 100
    assert page.locator("#review-chart polyline.chance").count() == 1
    assert page.locator("#review-chart .point").count() == MOVES + 1
    expect(page.locator("#review-table tbody tr")).to_have_count(MOVES)
    drawn, keys = marks(page), legend_keys(page)
    assert {"chance", "deal", "mistake"} <= set(drawn), drawn
    assert {key: keys[key] for key in drawn} == drawn  # each key as its mark is drawn
    page.locator('#review-chart .point[data-index="5"] .hit').click()
    expect(page.locator("#review")).to_be_hidden()
    expect(page.locator("#replay-bar")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-replay-index", "5")
    expect(page.locator("#board-description")).to_have_text(describe(seed_game(5), "en"))
    saved = saves.read(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    assert saved.session.game.moves == game.moves  # untouched until Play from here
    page.click("#replay-review")  # back to the review, at once
    expect(page.locator("#review")).to_have_attribute("data-review-state", "done")


def test_at_360_px_the_keyboard_reaches_a_move_and_axe_passes(table: SharedTable) -> None:
    game = seed_game(MOVES)
    page = table.load(Session(game), viewport=(360, 740))
    page.locator("#new-game").focus()
    page.keyboard.press("Enter")
    page.locator("#review-game").focus()
    page.keyboard.press("Enter")
    reviewed(page)
    dialog = page.locator("#review")
    assert page.evaluate("d => d.contains(document.activeElement)", dialog.element_handle())
    fits = page.evaluate(
        "d => d.getBoundingClientRect().right <= innerWidth && d.scrollWidth <= d.clientWidth",
        dialog.element_handle(),
    )
    assert fits
    audit(page, "review at 360 px")
    row = page.locator('#review-table button[data-index="3"]')
    for _ in range(60):  # Tab, as a keyboard user would, to the third move's button
        if page.evaluate("b => document.activeElement === b", row.element_handle()):
            break
        page.keyboard.press("Tab")
    expect(row).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("data-replay-index", "3")
