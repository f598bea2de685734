"""The table's layout at the sizes players use, with the seed line's longest column.

After its 32nd move the seed line's column 6 holds 36 face-up cards. Held to: the cards
keep the size the window gives (no other column changes when one grows), the long
column's strips still show a whole index, and the table scrolls to its last card; on
phones one compact bar with a menu, a table of at least 85 % of the height, thumb-sized
targets, a status line that is not cut; on its side the phone uses its width. Geometry
and state are asserted, never pictures. ``SCORPION_SHOTS=/tmp/dir`` keeps screenshots.

One page for the module, booted once on a save of the seed line: each test sizes the
window (the page measures and lays out again on resize, as at its start), picks its
language in the language menu and brings the game to its position through the game
itself: Escape closes what is open, Undo takes moves back, the line's next moves are
played. Every test checks that it starts where it asked to.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from webapp.table.layout import TAP_PX, UP_READABLE

from e2e.ui import DECK, LINE, blank, bring_to, open_game, play, watched_context
from scorpion import Game, saves
from scorpion.session import Session

SHOTS = os.environ.get("SCORPION_SHOTS")
LONG = 32  # after LINE[:32], column 6 holds 36 face-up cards
DESKTOPS = [(1280, 800), (1440, 900), (1920, 1080)]
PHONES = [(390, 844), (360, 640)]
SIDEWAYS = [(844, 390), (640, 360)]


BASE = (1280, 800)  # where the language menu shows


@pytest.fixture(scope="module")
def shared(browser: Browser) -> Iterator[BrowserContext]:
    with watched_context(
        browser, viewport={"width": BASE[0], "height": BASE[1]}, locale="en-US",
        reduced_motion="reduce", has_touch=True,
    ) as context:  # fmt: skip
        yield context


def saved_after(moves: int) -> str:
    game = Game.from_deck(DECK, moves=" ".join(LINE[:moves]))
    return saves.dump(Session(game, counted=True), revision=1, saved_at=0)


@pytest.fixture(scope="module")
def seed_page(shared: BrowserContext, site_url: str, wait_ready) -> Iterator[Page]:
    """The module's page, booted once, LONG - 1 moves into the seed line."""
    page = shared.new_page()
    blank(page, site_url)
    open_game(page, site_url, "", wait_ready, saved=saved_after(LONG - 1))
    yield page
    errors = page.errors  # type: ignore[attr-defined]
    page.close()
    assert errors == []


FRAME = "() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))"


def at(page: Page, size: tuple[int, int], moves: int, lang: str = "en") -> Page:
    """The module's page brought, through the game, to ``moves`` moves into the seed line,
    in ``lang``, at ``size``, with nothing open, held, focused or scrolled."""
    page.set_viewport_size({"width": BASE[0], "height": BASE[1]})
    for _ in range(3):  # a dialog, or the phone's menu, or a held card
        page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)
    expect(page.locator("#menu-button")).not_to_have_attribute("aria-expanded", "true")
    expect(page.locator('[aria-pressed="true"]')).to_have_count(0)
    if page.locator("html").get_attribute("lang") != lang:
        page.select_option("#language", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
    bring_to(page, LINE[:moves])
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.wait_for_function(f"innerWidth === {size[0]} && innerHeight === {size[1]}")
    page.evaluate("document.getElementById('table').scrollTop = 0")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.evaluate(FRAME)
    page.evaluate(FRAME)  # the words that wait for a painted frame are in
    page.wait_for_function("document.getAnimations().length === 0")
    return page


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png")


# Each card of the columns: its column, its box (viewport pixels), face up or not.
CARDS = """() => [...document.querySelectorAll('#tableau .card')].map(e => {
    const r = e.getBoundingClientRect();
    const owner = e.id && document.querySelector(`[aria-owns~="${e.id}"]`);
    return {card: e.dataset.card || null, column: owner ? +owner.dataset.column : null,
            x: r.left, y: r.top, w: r.width, h: r.height};
})"""

TABLE = """() => {
    const t = document.getElementById('table'), r = t.getBoundingClientRect();
    const bar = document.querySelector('.bar').getBoundingClientRect();
    const status = document.getElementById('status');
    const s = status.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height,
            scrollHeight: t.scrollHeight, clientHeight: t.clientHeight,
            bar: {top: bar.top, bottom: bar.bottom, left: bar.left, right: bar.right,
                  width: bar.width, height: bar.height},
            status: {top: s.top, bottom: s.bottom, scrollWidth: status.scrollWidth,
                     clientWidth: status.clientWidth, scrollHeight: status.scrollHeight,
                     clientHeight: status.clientHeight},
            width: innerWidth, height: innerHeight,
            docWidth: document.documentElement.scrollWidth};
}"""


def card_width(page: Page) -> float:
    return float(page.locator("#tableau .card").first.bounding_box()["width"])  # type: ignore[index]


def column_boxes(page: Page) -> dict[int, list[tuple[float, float]]]:
    """Each column's face-up cards (left, top), from the column's top down."""
    boxes: dict[int, list[tuple[float, float]]] = {}
    for card in page.evaluate(CARDS):
        if card["column"] is not None:
            boxes.setdefault(card["column"], []).append((round(card["x"]), round(card["y"])))
    return {column: sorted(cards, key=lambda box: box[1]) for column, cards in boxes.items()}


@pytest.mark.parametrize("size", DESKTOPS + PHONES + SIDEWAYS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_column_closes_up_alone_and_the_table_scrolls(seed_page, size):
    page = at(seed_page, size, LONG - 1)
    width, before = card_width(page), column_boxes(page)
    play(page, LINE[LONG - 1])  # JH>6: column 6 takes 20 cards, 36 in all
    expect(page.locator('[data-column="6"] ~ .cards [data-card]')).not_to_have_count(0)
    page.wait_for_function("document.getAnimations().length === 0")
    page.evaluate("document.getElementById('table').scrollTop = 0")
    after = column_boxes(page)
    assert len(after[6]) == 36
    # the cards keep their size, and every column the move left alone its place
    assert card_width(page) == pytest.approx(width, abs=0.5)
    for column in (2, 3, 4, 5, 7):  # JH came from column 1 (with the 19 cards on it)
        assert after.get(column) == before.get(column), column
    # the long column's strips show a whole index, never less
    strips = [b[1] - a[1] for a, b in pairwise(after[6])]
    assert min(strips) >= UP_READABLE * width - 1, (min(strips), width)
    table = page.evaluate(TABLE)
    lowest = after[6][-1][1] + 1.4 * width
    if lowest > table["bottom"]:  # too long for the room: the table scrolls, not the cards
        assert table["scrollHeight"] > table["clientHeight"]
    assert table["docWidth"] <= table["width"]  # never sideways
    # the last card can be brought into view and hit there
    last = page.locator('[data-column="6"]').get_attribute("aria-owns").split()[-1]  # type: ignore[union-attr]
    page.locator(f"#{last}").scroll_into_view_if_needed()
    box = page.locator(f"#{last}").bounding_box()
    table = page.evaluate(TABLE)
    assert box and table["top"] - 1 <= box["y"] and box["y"] + box["height"] <= table["bottom"] + 1
    hit = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('[data-card]')?.id",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert hit == last
    shot(page, f"long-column-{size[0]}x{size[1]}")


def test_the_desktop_uses_its_width(seed_page):
    widths = {}
    for size in DESKTOPS:
        page = at(seed_page, size, LONG)
        widths[size] = card_width(page)
        table = page.evaluate(TABLE)
        seven = page.locator("#tableau").bounding_box()
        assert seven and seven["width"] >= 0.55 * table["width"], (size, seven["width"])
    assert widths[(1440, 900)] >= 115  # was 57 once column 6 grew long
    assert widths[(1920, 1080)] >= 1.3 * widths[(1280, 800)], widths


def test_drag_and_drop_while_the_table_is_scrolled(seed_page):
    page = at(seed_page, (1440, 900), LONG)
    assert LINE[LONG] == "QC>3"  # QC, low in the long column 6, onto KC alone in column 3
    page.evaluate("document.getElementById('table').scrollTop = 300")
    assert page.evaluate("document.getElementById('table').scrollTop") == 300
    card = page.locator('[data-card="QC"]')
    box = card.bounding_box()
    target = page.locator('[data-column="3"]').bounding_box()
    table = page.evaluate(TABLE)
    assert box and target and table["top"] < box["y"] < table["bottom"] - 40
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 8)
    page.mouse.down()
    page.mouse.move(box["x"] - 100, box["y"], steps=4)
    page.mouse.move(target["x"] + target["width"] / 2, box["y"] + 10, steps=6)
    page.mouse.up()
    expect(page.locator('[data-column="3"][aria-owns~="card-QC"]')).to_have_count(1)


def test_the_keyboard_cursor_brings_the_last_card_into_view(seed_page):
    page = at(seed_page, (1280, 800), LONG)
    page.locator('[data-column="6"]').focus()
    for _ in range(40):  # down the column to its top card
        page.keyboard.press("ArrowDown")
    last = page.locator('[data-column="6"]').get_attribute("aria-owns").split()[-1]  # type: ignore[union-attr]
    expect(page.locator(f"#{last}")).to_be_focused()
    box = page.locator(f"#{last}").bounding_box()
    table = page.evaluate(TABLE)
    assert box and box["y"] + box["height"] <= table["bottom"] + 1
    assert page.evaluate("document.getElementById('table').scrollTop") > 0


@pytest.mark.parametrize("lang", ["en", "sv", "de", "zh-TW"])
def test_a_phone_has_one_compact_bar_and_the_table_most_of_the_height(seed_page, lang):
    page = at(seed_page, (390, 844), LONG - 1, lang)
    table = page.evaluate(TABLE)
    share = table["height"] / 844
    assert share >= 0.85, share
    bar = table["bar"]
    assert bar["top"] >= table["status"]["bottom"] - 1 and bar["bottom"] <= 844 + 0.5  # at the foot
    assert bar["height"] <= 64
    tools = page.evaluate(
        """() => [...document.querySelectorAll('#tools button')].filter(b => b.offsetParent)
            .map(b => { const r = b.getBoundingClientRect(); return [b.id, r.width, r.height]; })"""
    )
    assert [t[0] for t in tools] == ["undo", "hint", "new-game", "menu-button"]
    for name, w, h in tools:
        assert w >= 44 and h >= 44, (name, w, h)
    # column 4's overlapped cards (5 face up, room to spare) are a thumb's size
    four = column_boxes(page)[4]
    strips = [b[1] - a[1] for a, b in pairwise(four)]
    assert strips and min(strips) >= TAP_PX - 1, strips
    shot(page, f"phone-{lang}-390x844")


def test_the_phones_menu(seed_page):
    page = at(seed_page, (390, 844), LONG - 1)
    menu = page.locator("#menu-button")
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#share")).to_be_hidden()
    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "true")
    for item in ("#menu-redo", "#share", "#rules", "#stats", "#settings-button"):
        expect(page.locator(item)).to_be_visible()
        box = page.locator(item).bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44
    expect(page.locator("#share")).to_be_focused()  # the first item that can be used
    shot(page, "phone-menu-390x844")
    page.keyboard.press("Escape")
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#share")).to_be_hidden()
    expect(menu).to_be_focused()
    # an item opens its dialog and closes the menu; closing the dialog comes back to Menu
    menu.click()
    page.click("#stats")
    expect(page.locator("#stats-dialog")).to_be_visible()
    expect(menu).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("Escape")
    expect(page.locator("#stats-dialog")).to_be_hidden()
    expect(menu).to_be_focused()
    # Redo in the menu redoes; a press elsewhere closes it
    page.click("#undo")
    menu.click()
    expect(page.locator("#menu-redo")).to_be_enabled()
    page.click("#menu-redo")
    expect(page.locator("#status")).to_have_text("Move redone.")
    menu.click()
    page.mouse.click(200, 300)
    expect(menu).to_have_attribute("aria-expanded", "false")


@pytest.mark.parametrize("size", SIDEWAYS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_phone_on_its_side_uses_its_width(seed_page, size):
    page = at(seed_page, size, LONG - 1)
    table = page.evaluate(TABLE)
    bar = table["bar"]
    # the bar down the left edge, the table beside it, nothing overlapping
    assert bar["left"] <= 0.5 and bar["width"] <= 80 and bar["height"] >= size[1] - 1
    assert table["left"] >= bar["right"] - 0.5
    cards = page.evaluate(CARDS)
    assert min(c["x"] for c in cards) >= bar["right"]
    # reserve, seven columns and the places span most of the width beside the bar
    places = page.locator("#places").bounding_box()
    reserve = page.locator("#deal-reserve").bounding_box()
    assert places and reserve
    used = places["x"] + places["width"] - reserve["x"]
    assert used >= 0.8 * (size[0] - bar["width"]), used
    # cards sized by the height: the reserve's row and ~3.8 widths of columns in it
    width = card_width(page)
    assert width * 5.2 >= (table["height"] - 30) * 0.95 or used >= 0.95 * (size[0] - bar["width"])
    tools = page.evaluate(
        """() => [...document.querySelectorAll('#tools button')].filter(b => b.offsetParent)
            .map(b => { const r = b.getBoundingClientRect(); return [r.width, r.height]; })"""
    )
    assert len(tools) == 4 and all(w >= 44 and h >= 44 for w, h in tools)


@pytest.mark.parametrize("lang", ["en", "sv", "de", "zh-TW"])
def test_the_status_line_says_the_win_whole_at_360(seed_page, lang):
    page = at(seed_page, (360, 640), len(LINE) - 1, lang)
    play(page, LINE[-1])
    status = page.locator("#status")
    expect(status).to_contain_text("695")
    page.keyboard.press("Escape")  # the win dialog: the status line under it
    table = page.evaluate(TABLE)
    s = table["status"]
    assert s["scrollWidth"] <= s["clientWidth"] and s["scrollHeight"] <= s["clientHeight"] + 1, s
    assert s["bottom"] <= table["bar"]["top"] + 1
    shot(page, f"won-{lang}-360x640")
