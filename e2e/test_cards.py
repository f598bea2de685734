"""The cards as a player sees them: the card back and table colour chosen in Settings
(kept over a reload, painted before Python starts), the Rules dialog's board pictures in
every language, and the strips of a long column showing each card's whole index.

Geometry and state, not images; screenshots go to /tmp for a person to look at. The
Rules tests share one page, which changes language through its menu."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e.ui import DECK, LINE, desktop_context, open_game, watched_context
from scorpion import Game, saves
from scorpion.help import help_page
from scorpion.i18n import LANGUAGES
from scorpion.session import Session

PAINT_KEY = "scorpion.paint@/"


@pytest.fixture(scope="module")
def shared(browser: Browser) -> Iterator[BrowserContext]:
    with desktop_context(browser) as context:
        yield context


def root_value(page: Page, name: str) -> str:
    return page.evaluate(
        "name => getComputedStyle(document.documentElement).getPropertyValue(name).trim()", name
    )


def test_a_chosen_back_and_table_show_and_survive_a_reload(fresh, site_url, wait_ready):
    page = open_game(fresh, site_url, "?deal=3", wait_ready)
    green = root_value(page, "--felt-1")
    page.click("#settings-button")
    expect(page.locator("#set-back-classic")).to_be_checked()
    expect(page.locator("#set-table-green")).to_be_checked()
    # Radio buttons named by their labels, in groups named by their legends.
    expect(page.get_by_role("group", name="Card back")).to_be_visible()
    page.get_by_role("radio", name="Blue rings").check()
    page.get_by_role("radio", name="Grey").check()
    page.screenshot(path="/tmp/cards-settings-1440.png")
    assert page.evaluate("document.documentElement.className").split().count("back-blue") == 1
    assert "table-grey" in page.evaluate("document.documentElement.className")
    assert root_value(page, "--back-blue") == "inline"
    assert root_value(page, "--back-classic") == "none"
    assert root_value(page, "--felt-1") not in ("", green)
    background = page.evaluate("getComputedStyle(document.body).backgroundImage")
    assert "rgb(80, 85, 91)" in background  # the grey felt, --felt-1 #50555b
    # The face-down cards still use the one back symbol: the class picks the design.
    assert page.locator(".card.down use").first.get_attribute("href").endswith("#back")
    # Each preview shows its own design, whatever the root's class says.
    for name in ("classic", "blue", "black"):
        shown = page.locator(f"#set-back-{name} + svg.preview").evaluate(
            """svg => ['classic', 'blue', 'black'].filter(
                n => getComputedStyle(svg).getPropertyValue('--back-' + n).trim() === 'inline')"""
        )
        assert shown == [name], (name, shown)
    page.click("#settings-close")
    page.wait_for_function(
        "key => (localStorage.getItem(key) || '').includes('table-grey')", arg=PAINT_KEY
    )
    page.screenshot(path="/tmp/cards-table-grey-1440.png")
    # After a reload: the early paint sets the classes before Python is ready.
    page.goto(site_url + "?deal=3", wait_until="commit")
    ready_when_painted = page.wait_for_function(
        """() => document.documentElement.classList.contains('table-grey')
                 && document.documentElement.classList.contains('back-blue')
                 && (document.documentElement.dataset.ready || '0')"""
    ).json_value()
    wait_ready(page)
    assert ready_when_painted in ("0", "1")
    assert root_value(page, "--back-blue") == "inline"
    page.click("#settings-button")
    expect(page.locator("#set-back-blue")).to_be_checked()
    expect(page.locator("#set-table-grey")).to_be_checked()
    # Back to the defaults: no class left on the root.
    page.get_by_role("radio", name="Red lattice").check()
    page.get_by_role("radio", name="Green felt").check()
    classes = page.evaluate("document.documentElement.className").split()
    assert not [c for c in classes if c.startswith(("back-", "table-"))]
    assert root_value(page, "--felt-1") == green


def board_columns(lang: str) -> list[tuple[str, list[int]]]:
    """Each example board's listing and column lengths, from the help module."""
    return [
        (block.text, [len(column) for column in block.columns])
        for section in help_page(lang).sections
        for block in section.blocks
        if block.kind == "board"
    ]


@pytest.fixture(scope="module")
def rules_page(browser: Browser, site_url: str, wait_ready) -> Iterator[Page]:
    """One page for the Rules in every language, booted once (in a context of its own: the
    other tests empty their localStorage); each test picks its language in the menu."""
    with desktop_context(browser) as context:
        page = open_game(context.new_page(), site_url, "?deal=3", wait_ready)
        yield page
        assert page.errors == []  # type: ignore[attr-defined]
        page.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_draw_each_board_beside_its_listing(rules_page, lang):
    page = rules_page
    page.keyboard.press("Escape")  # the Rules of the test before
    expect(page.locator("dialog[open]")).to_have_count(0)
    if page.locator("html").get_attribute("lang") != lang:
        page.select_option("#language", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
    page.click("#rules")
    body = page.locator("#rules-body")
    expect(body.locator("h3").first).to_be_visible()
    pictures = body.locator("svg.board-picture")
    listings = body.locator(".board-listing")
    expected = board_columns(lang)
    expect(pictures).to_have_count(len(expected))
    expect(listings).to_have_count(len(expected))
    for index, (listing, lengths) in enumerate(expected):
        picture = pictures.nth(index)
        assert picture.get_attribute("role") == "img"
        assert len(picture.get_attribute("aria-label") or "") > 10
        counts = picture.locator("g.pile").evaluate_all(
            "gs => gs.map(g => g.querySelectorAll('use').length)"
        )
        assert counts == lengths
        # Beside (or above, where narrow) its listing, inside the same figure, both seen.
        picture.scroll_into_view_if_needed()
        box, text = picture.bounding_box(), listings.nth(index).bounding_box()
        assert box and text and box["width"] > 200 and box["height"] > 150
        assert listings.nth(index).inner_text() == listing  # the specification's, as it was
    pictures.first.scroll_into_view_if_needed()
    page.locator("#rules-dialog").screenshot(path=f"/tmp/cards-rules-{lang}.png")


# The position after 32 moves of the seed game: one column of 36 cards.
LONG_COLUMN_MOVES = 32


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1440, 900)])
def test_a_long_columns_strips_show_each_whole_index(browser, site_url, wait_ready, width, height):
    from webapp.table.cardart import INDEX_BASELINE, INDEX_FALL, INDEX_SIZE

    game = Game.from_deck(DECK, moves=" ".join(LINE[:LONG_COLUMN_MOVES]))
    text = saves.dump(Session(game, counted=True), revision=1, saved_at=0)
    options = {"viewport": {"width": width, "height": height}, "reduced_motion": "reduce"}
    if width < 500:
        options |= {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}
    with watched_context(browser, **options) as context:
        page = context.new_page()
        page.goto(site_url + "static/icon.svg")
        page.evaluate("text => localStorage.setItem('scorpion.save@/', text)", text)
        page.goto(site_url)
        wait_ready(page)
        longest = max(range(7), key=lambda c: len(game.columns[c]))
        owned = page.locator(f'[data-column="{longest + 1}"]').get_attribute("aria-owns") or ""
        ids = owned.split()
        assert len(ids) >= 20
        strips = page.evaluate(
            """ids => ids.map(id => {
                const el = document.getElementById(id);
                const art = el.querySelector('.art').getBoundingClientRect();
                return {h: el.getBoundingClientRect().height, w: art.width,
                        covered: el.classList.contains('covered'),
                        body: getComputedStyle(el).getPropertyValue('--body').trim()};
            })""",
            ids,
        )
        *under, top = strips
        assert not top["covered"] and top["body"] == ""
        index_depth = (INDEX_BASELINE + INDEX_FALL * INDEX_SIZE) / 100  # in card widths
        for strip in under:
            assert strip["covered"] and strip["body"] == "none"  # the index alone shows
            assert strip["h"] + 0.5 >= index_depth * strip["w"], (strip, index_depth)
        # A press on the top card's picture is a press on the card: the art takes none.
        hit = page.evaluate(
            """id => { document.getElementById(id).scrollIntoView({block: 'center'});
                const r = document.getElementById(id).getBoundingClientRect();
                const e = document.elementFromPoint(r.left + r.width / 2, r.bottom - r.height / 3);
                return e && e.closest('[data-card]') && e.closest('[data-card]').id; }""",
            ids[-1],
        )
        assert hit == ids[-1]
        page.screenshot(path=f"/tmp/cards-long-column-{width}.png")
