"""Playable by everyone: keyboard, screen reader, phones, motion and colour, in Chromium.

Two contexts, each booted once and reused by the tests that follow: light with reduced
motion (and touch), and dark with motion. Tests bring the table back with Undo instead
of reloading, and on to positions far into the seed's winning line through the game
(``bring_to``); only a link to another deal loads the light page again.
axe-core comes from node_modules (pinned in package.json), injected from disk: no CDN.

Screenshots: ``SCORPION_SHOTS=/tmp/shots-a11y make e2e ARGS=e2e/test_accessibility.py``
saves the screens checked at each size there.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e.ui import (
    COLUMN_OF,
    MARKUP_WITHOUT_SCRIPTS,
    bring_to,
    click_column,
    column_cards,
    watched_context,
)
from scorpion import Game, Move, saves
from scorpion.help import HelpTable, help_page
from scorpion.moves import DEAL, Action
from scorpion.session import Session
from scorpion.wording import (
    card_label,
    card_name,
    column_label,
    describe,
    describe_move,
    describe_played,
    refusal_message,
    sentences,
)

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SEED = json.loads((ROOT / "tests" / "fixtures" / "seed-deal.json").read_text())
DECK = "".join(SEED["deck"])
LINE: list[str] = SEED["winning_line"]
LOCAL = ("127.0.0.1", "localhost", "::1")
DESKTOP = {"width": 1280, "height": 900}
SIZES = [(360, 740), (390, 844), (844, 390), (1920, 1080)]
SHOTS = os.environ.get("SCORPION_SHOTS")
# Every dialog and how a player opens it (clicks from the main screen). A new dialog
# must be added here, so the audit covers it. The win dialog opens by winning.
OPENERS: dict[str, tuple[str, ...]] = {
    "new-game-dialog": ("#new-game",),
    "rules-dialog": ("#rules",),
    "stats-dialog": ("#stats",),
    "reset-dialog": ("#stats", "#stats-reset"),
    "settings-dialog": ("#settings-button",),
    # Asks before a backup is deleted (or an import or a restore replaces the data).
    "data-dialog": ("#settings-button", "#backups button[data-action=delete]"),
    # Asks before the solver looks at the face-down cards (a game in progress).
    "lost-dialog": ("#new-game", "#ng-lost"),
    # Asks before the solver's line shows the face-down cards.
    "solver-dialog": ("#new-game", "#ng-solver"),
    # The daily deal's calendar, from Statistics (also from New game).
    "daily-dialog": ("#stats", "#stats-daily"),
    # Review this game (also from the win and a replay's bar).
    "review": ("#new-game", "#review-game"),
}
BY_GAME = {"win-dialog", "link-dialog"}  # opened by the game, or by a link


def action(text: str) -> Action:
    return DEAL if text == "deal" else Move.parse(text)


def seed_after(moves: int) -> Game:
    game = Game.from_deck(DECK)
    for text in LINE[:moves]:
        game.play(action(text))
    return game


def announcement(game: Game, text: str) -> str:
    """What ``#status`` says for the move ``text`` played on ``game`` (which it plays)."""
    move = action(text)
    before = describe_move(game, move, "en", long_names=True)
    played = game.play(move)
    return sentences([before, *describe_played(game, played, "en", long_names=True)], "en")


# --- contexts and pages -------------------------------------------------------------------


def boot(page: Page, site_url: str, wait_ready, game: Game | None = None) -> Page:
    """Load the seed deal (``?deck=``), or ``game`` as the saved game."""
    page.goto(site_url + "static/icon.svg")  # same origin, tiny: set the storage first
    page.evaluate("localStorage.clear()")
    if game is not None:
        text = saves.dump(Session(game, counted=bool(game.moves)), revision=1, saved_at=0)
        page.evaluate("text => localStorage.setItem('scorpion.save@/', text)", text)
        page.goto(site_url)
    else:
        page.goto(site_url + f"?deck={DECK}")
    wait_ready(page)
    settle(page)
    return page


def settle(page: Page) -> None:
    """Two frames: the words and saves that wait for a painted frame have run."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")


@pytest.fixture(scope="module")
def light(browser: Browser) -> Iterator[BrowserContext]:
    with watched_context(
        browser, locale="en-US", viewport=DESKTOP, reduced_motion="reduce",
        color_scheme="light", has_touch=True,
    ) as context:  # fmt: skip
        yield context


@pytest.fixture(scope="module")
def dark(browser: Browser) -> Iterator[BrowserContext]:
    with watched_context(
        browser, locale="en-US", viewport=DESKTOP, reduced_motion="no-preference",
        color_scheme="dark",
    ) as context:  # fmt: skip
        yield context


@pytest.fixture(scope="module")
def booted(light: BrowserContext, site_url: str) -> Iterator[dict[str, Page]]:
    """The light page, booted on the seed deal by the first test that asks for it."""
    page = light.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield {"page": page}
    page.close()
    assert errors == []


def tidy(page: Page) -> None:
    """Nothing open, the page in English, nothing held."""
    for _ in range(3):
        if page.locator("dialog[open]").count():
            page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)
    if page.locator("html").get_attribute("lang") != "en":
        choose_language(page, "en")
    page.keyboard.press("Escape")  # put back anything held


@pytest.fixture
def seed(booted: dict[str, Page], site_url: str, wait_ready) -> Page:
    """The light page at the start of the seed deal, in English, on a desktop screen."""
    page = booted["page"]
    if page.url == "about:blank" or booted.get("position") != "seed":
        boot(page, site_url, wait_ready)
        booted["position"] = "seed"  # type: ignore[assignment]
    page.set_viewport_size(DESKTOP)
    tidy(page)
    undo = page.locator("#undo")
    while undo.is_enabled():
        undo.click()
    expect(page.locator("#board-description")).to_have_text(describe(Game.from_deck(DECK), "en"))
    page.evaluate("document.activeElement && document.activeElement.blur()")
    return page


def load(booted: dict[str, Page], site_url: str, wait_ready, moves: int) -> Page:
    """The light page with the seed deal played ``moves`` moves into the winning line, in
    English, on a desktop screen, nothing open: brought there through the game (Undo, the
    line's moves) if the page holds the seed game, else booted on that save."""
    page = booted["page"]
    page.set_viewport_size(DESKTOP)
    position = str(booted.get("position", ""))
    if page.url == "about:blank" or not position.startswith(("seed", "line", "link")):
        boot(page, site_url, wait_ready, seed_after(moves))
    else:
        tidy(page)
        bring_to(page, LINE[:moves])
        settle(page)
    booted["position"] = f"line {moves}"  # type: ignore[assignment]
    return page


def choose_language(page: Page, lang: str) -> None:
    """Through the language menu: on the page, or in the Settings dialog."""
    menu = page.locator("#language")
    if menu.count() and menu.is_visible():
        menu.select_option(lang)
    else:
        page.click("#settings-button")
        page.select_option("#set-language", lang)
        page.keyboard.press("Escape")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    settle(page)


def setting_box(page: Page, name: str) -> str:
    """The checkbox of a setting: on the page, or (opening it) in the Settings dialog."""
    if page.locator(f"#{name}").count() and page.locator(f"#{name}").is_visible():
        return f"#{name}"
    page.click("#settings-button")
    return f"#set-{name}"


def focused(page: Page) -> str:
    """The focused card's code, "column N", or the focused element's id."""
    return str(
        page.evaluate(
            """() => {
            const a = document.activeElement;
            if (a.dataset.card) return a.dataset.card;
            if (a.dataset.column) return 'column ' + a.dataset.column;
            return a.id || a.tagName.toLowerCase();
        }"""
        )
    )


# --- keyboard helpers ---------------------------------------------------------------------


def focused_column(page: Page) -> int:
    return int(page.evaluate(f"({COLUMN_OF})(document.activeElement)"))


def key_to(page: Page, card: str | None, column: int) -> None:
    """With the arrow keys only: to ``card`` in ``column`` (1-7), or to its top card."""
    if not page.evaluate("!!document.activeElement.closest('#tableau')"):
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.keyboard.press("ArrowRight")  # from nowhere, arrows enter the table
    here = focused_column(page)
    steps = (column - here) % 7
    for _ in range(steps if steps <= 3 else 7 - steps):
        page.keyboard.press("ArrowRight" if steps <= 3 else "ArrowLeft")
    assert focused_column(page) == column
    if card is None:
        return
    codes = column_cards(page, column)
    # Up or down from wherever the focus is: entering the table lands where the keyboard
    # cursor last was, which on this module's shared page depends on the tests run before
    # it (under xdist, on the order; the walk once ended a card short).
    target = codes.index(card)
    for _ in range(2 * len(codes) + 2):
        now = focused(page)
        if now == card:
            break
        at = codes.index(now) if now in codes else len(codes)  # the column: above the top
        page.keyboard.press("ArrowUp" if at > target else "ArrowDown")
    try:
        expect(page.locator(f'[data-card="{card}"]')).to_be_focused()
    except AssertionError as missed:
        raise AssertionError(f"arrows in {codes} led to {focused(page)}, not {card}") from missed


def key_move(page: Page, text: str, key: str = "Enter") -> None:
    """One move of the notation with the keyboard: D, or to the card, Enter (or ``key``),
    over to the column, Enter again."""
    if text == "deal":
        page.keyboard.press("d")
        return
    card, column = text.split(">")
    source = int(page.locator(f'[data-card="{card}"]').evaluate(COLUMN_OF))
    key_to(page, card, source)
    page.keyboard.press(key)
    expect(page.locator(f'[data-card="{card}"]')).to_have_attribute("aria-pressed", "true")
    key_to(page, None, int(column))
    page.keyboard.press(key)


def click_move(page: Page, text: str) -> None:
    if text == "deal":
        page.click("#deal-reserve")
        return
    card, column = text.split(">")
    page.click(f'[data-card="{card}"]')
    click_column(page, column)


# --- keyboard -----------------------------------------------------------------------------


def test_keyboard_only_seed_move_refusal_and_reserve_deal(seed: Page) -> None:
    page, status = seed, seed.locator("#status")
    game = Game.from_deck(DECK)
    # one tab stop in the table, and arrows from nowhere land on column 1's top card
    assert page.locator('#tableau [tabindex="0"]').count() == 1
    page.keyboard.press("ArrowRight")
    assert focused(page) == "3S"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowUp")
    assert focused(page) == "4H"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    expect(status).to_have_text("4 of hearts picked up. It can go onto column 7.")
    expect(page.locator('[data-column="7"]')).to_have_class(re.compile(r"\btarget\b"))
    page.keyboard.press("Escape")
    expect(status).to_have_text("Put back.")
    expect(page.locator('[data-card="4H"]')).to_have_attribute("aria-pressed", "false")
    # a refused drop is said, and nothing moves
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    expect(status).to_have_text(refusal_message("rank", "en"))
    expect(status).to_have_class(re.compile(r"\brefusal\b"))
    expect(page.locator('[data-column="2"][aria-owns~="card-4H"]')).to_have_count(1)
    # the seeds' example move, 4H with 7S onto 5H in column 7, with Space this time
    key_move(page, "4H>7", key="Space")
    expect(status).to_have_text(announcement(game, "4H>7"))
    expect(page.locator('[data-column="7"][aria-owns~="card-4H"]')).to_have_count(1)
    assert focused(page) == "7S"  # the focus goes with the pile, onto its top card
    expect(page.locator("#score")).to_have_text("5")
    expect(page.locator("#board-description")).to_have_text(describe(game, "en"))
    # the reserve, with D: its three cards are named where they land
    key_move(page, "deal")
    expect(status).to_have_text(announcement(game, "deal"))
    for card, column in (("QS", 1), ("AH", 2), ("5D", 3)):
        expect(page.locator(f'[data-column="{column}"][aria-owns~="card-{card}"]')).to_have_count(1)
    expect(page.locator("#deal-reserve")).to_be_disabled()
    assert page.evaluate("!!document.activeElement.closest('#tableau')")
    assert page.locator('#tableau [tabindex="0"]').count() == 1
    # Tab leaves the table, Shift+Tab comes back to where the cursor was
    here = focused(page)
    page.keyboard.press("Tab")
    assert not page.evaluate("!!document.activeElement.closest('#tableau')")
    page.keyboard.press("Shift+Tab")
    assert focused(page) == here


def test_shortcuts_and_the_help_lists_them(seed: Page) -> None:
    page, status = seed, seed.locator("#status")
    game = Game.from_deck(DECK)
    key_move(page, "4H>7")
    expect(page.locator('[data-column="7"][aria-owns~="card-4H"]')).to_have_count(1)
    for undo, redo in (("u", "Control+y"), ("Control+z", "Control+Shift+Z")):
        page.keyboard.press(undo)
        expect(status).to_have_text("Move undone.")
        expect(page.locator('[data-column="2"][aria-owns~="card-4H"]')).to_have_count(1)
        page.keyboard.press(redo)
        expect(status).to_have_text("Move redone.")
        expect(page.locator('[data-column="7"][aria-owns~="card-4H"]')).to_have_count(1)
    game.play(Move.parse("4H>7"))
    # B reads the whole board, also while a toolbar button has the focus
    page.focus("#rules")
    page.keyboard.press("b")
    expect(status).to_have_text(describe(game, "en"))
    # N asks first (a game is in progress); Escape gives the focus back
    key_to(page, "4H", 7)
    page.keyboard.press("n")
    dialog = page.locator("#new-game-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#ng-deal")).to_be_focused()
    page.keyboard.press("h")  # typed into the deal number: no shortcut
    expect(page.locator("#ng-deal")).to_have_value("h")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert focused(page) == "4H"
    # H: a hint
    expect(page.locator("#hint")).to_be_enabled()
    page.keyboard.press("h")
    expect(status).to_contain_text("Hint:")
    page.keyboard.press("Escape")
    expect(page.locator('[aria-pressed="true"]')).to_have_count(0)
    # the help lists every key, in a dialog that gives the focus back
    page.focus("#rules")
    page.keyboard.press("Enter")
    body = page.locator("#rules-body")
    expect(body).to_be_visible()
    section = help_page("en").section("keyboard")
    table = next(block for block in section.blocks if isinstance(block, HelpTable))
    text = body.inner_text()
    assert section.title in text
    for key, what in table.rows:
        assert key in text and what in text, key
    for key in ("Arrow", "Enter", "Space", "Escape", "U", "Ctrl+Z", "Ctrl+Y", "Ctrl+Shift+Z"):
        assert key in text, key
    keys = {row[0] for row in table.rows}
    assert {"D", "N", "H", "B"} <= keys
    page.keyboard.press("Escape")
    expect(body).to_be_hidden()
    expect(page.locator("#rules")).to_be_focused()


# --- screen reader ------------------------------------------------------------------------


def test_names_of_cards_and_columns_and_face_down_cards_say_nothing(seed: Page) -> None:
    page = seed
    game = Game.from_deck(DECK)
    hidden = [c for column in game.columns for c, up in column if not up] + list(game.reserve)
    assert len(hidden) == 15
    for lang in ("en", "de"):
        if lang != "en":
            choose_language(page, lang)
        tree = page.locator("#table").aria_snapshot()
        column = page.locator('[data-column="1"]').aria_snapshot()
        assert f'group "{column_label(game, 0, lang)}"' in column
        # its face-up cards are in it for assistive technology (aria-owns: on the page all
        # the columns' cards share one element)
        for card, up in game.columns[0]:
            if up:
                assert f'button "{card_label(game, card, lang)}"' in column, card
        # every face-up card a button named as wording says ("jack of hearts, column 1, ...")
        for cards in game.columns:
            for card, up in cards:
                if up:
                    assert f'button "{card_label(game, card, lang)}"' in tree, card
        assert tree.count("- button") == 37 + 1  # the live cards and the reserve
        for card in hidden:  # a face-down card has no name, so nothing to reveal
            assert card_name(card, lang) not in tree, card
    assert (
        card_label(game, "JH", "en")
        == "jack of hearts, column 1, 2 cards on top, 3 face-down cards below"
    )
    # the DOM itself: no attribute, text, id or label of a face-down card names it
    markup = page.evaluate(MARKUP_WITHOUT_SCRIPTS)
    for card in hidden:
        assert not re.search(rf"\b{card}\b", markup), card
    backs = page.evaluate(
        """[...document.querySelectorAll('.card.down')].map(e => [
            [...e.attributes].map(a => a.name).sort().join(' '), e.textContent,
            [...e.querySelectorAll('*')].map(c => c.getAttribute('href')).filter(Boolean)])"""
    )
    assert len(backs) == 15
    for attributes, text, links in backs:
        assert attributes == "aria-hidden class style" and text == "", attributes
        assert len(links) == 1 and links[0].endswith("#back"), links


def reduced_move(page: Page, card: str, column: int) -> int:
    """Play a move by synthetic clicks in one task; the animations it started."""
    count = page.evaluate(
        """([card, column]) => {
        document.querySelector(`[data-card="${card}"]`).click();
        document.querySelector(`[data-column="${column}"]`).click();
        return document.getAnimations().length;
    }""",
        [card, column],
    )
    expect(page.locator(f'[data-column="{column}"][aria-owns~="card-{card}"]')).to_have_count(1)
    return int(count)


def test_reduced_motion_leaves_nothing_running(seed: Page) -> None:
    assert reduced_move(seed, "4H", 7) == 0


# --- phones and desktops ------------------------------------------------------------------

FITS = """() => {
    const width = innerWidth, out = [];
    for (const e of document.querySelectorAll('.screen *')) {
        const r = e.getBoundingClientRect();
        if (!r.width || !r.height || e.closest('.visually-hidden, [hidden]')) continue;
        if (getComputedStyle(e).clipPath !== 'none') continue;
        if (r.left < -0.5 || r.right > width + 0.5) out.push((e.id || e.className.baseVal
            || e.className || e.tagName) + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
    }
    const round = n => Math.round(n * 10) / 10;
    const tools = [...document.querySelectorAll('#tools button')].filter(b => b.offsetParent)
        .map(b => { const r = b.getBoundingClientRect(); return [b.id, round(r.width),
                                                                 round(r.height)]; });
    const status = document.getElementById('status').getBoundingClientRect();
    // the score's box, where it sits above the columns (beside them on short screens)
    const table = document.getElementById('tableau').getBoundingClientRect();
    const info = [...document.querySelectorAll('.info > *')].filter(e => e.offsetParent)
        .map(e => e.getBoundingClientRect())
        .filter(r => r.right > table.left && r.left < table.right && r.top < table.top)
        .map(r => r.bottom);
    const arts = [...document.querySelectorAll('#tableau .art')]
        .map(a => a.getBoundingClientRect());
    // a column too long for the room at its tightest: the table scrolls (e2e/test_layout.py)
    const area = document.getElementById('table'), shown = area.getBoundingClientRect();
    return {
        scrolls: area.scrollHeight > area.clientHeight + 1, shown: shown.bottom,
        scroll: document.documentElement.scrollWidth, width, out: out.slice(0, 8), tools,
        lowest: Math.max(...arts.map(r => r.bottom)), status: status.top,
        cardWidth: arts.length ? arts[0].width : 0,
        info: info.length ? Math.max(...info) : null, tableau: table.top,
    };
}"""


def check_fits(page: Page, size: tuple[int, int], what: str) -> dict:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    settle(page)
    page.wait_for_function("document.getAnimations().length === 0")  # the cards at rest
    fits = page.evaluate(FITS)
    where = f"{what} at {size[0]}x{size[1]}"
    assert fits["scroll"] <= fits["width"], where
    assert fits["out"] == [], f"{where}: sticks out sideways: {fits['out']}"
    for button, width, height in fits["tools"]:
        assert width >= 44 and height >= 44, f"{where}: {button} is {width}x{height}"
    lowest = fits["shown"] if fits["scrolls"] else fits["lowest"]
    assert lowest <= fits["status"] + 1, f"{where}: a column runs under the status line"
    if fits["info"] is not None:
        assert fits["info"] <= fits["tableau"] + 1, f"{where}: the score's box runs into columns"
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{what}-{size[0]}x{size[1]}.png")
    return fits


def test_every_size_without_sideways_scroll_and_thumb_sized(seed: Page) -> None:
    page = seed
    for lang in ("en", "de"):
        if lang != "en":
            choose_language(page, lang)
        for size in SIZES:
            fits = check_fits(page, size, f"{lang}-light")
            if size[0] < size[1]:  # upright phones: the cards take the whole width
                assert fits["cardWidth"] * 7 > size[0] * 0.8, fits["cardWidth"]
    choose_language(page, "zh-TW")
    for size in SIZES:
        check_fits(page, size, "zh-TW-light")
    choose_language(page, "en")
    # At 360 px the cards are narrow: each overlapped card's visible strip is a thumb's
    # target, and a tap there is a tap on that card.
    page.set_viewport_size({"width": 360, "height": 740})
    settle(page)
    strips = page.evaluate(
        """() => [...document.querySelectorAll('#tableau [data-card]')].map(e => {
            const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
            const hit = document.elementFromPoint(x, y);
            return [e.dataset.card, r.height, hit && hit.closest('[data-card]')
                    && hit.closest('[data-card]').dataset.card];
        })"""
    )
    assert len(strips) == 37
    for card, height, hit in strips:
        assert height >= 28, (card, height)
        assert hit == card, (card, hit)
    box = page.locator('[data-card="4H"]').bounding_box()
    assert box
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    # a tap on a card with one place to go moves it there
    expect(page.locator('[data-column="7"][aria-owns~="card-4H"]')).to_have_count(1)


# Each line a toolbar label wraps onto must start after a space or a soft hyphen (the
# catalogs place them: "Wieder\u00adholen"), never inside a word. The one-row toolbar is
# tightest between the two-row phone layout and a desktop.
WORD_BREAKS = r"""() => {
    const broken = [];
    for (const label of document.querySelectorAll('#tools button > span')) {
        if (!label.offsetWidth || getComputedStyle(label).clipPath !== 'none') continue;
        const text = label.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) continue;
        let top = null;
        for (let i = 0; i < text.data.length; i++) {
            const range = document.createRange();
            range.setStart(text, i);
            range.setEnd(text, i + 1);
            const rects = [...range.getClientRects()].filter(r => r.width > 0);
            if (!rects.length) continue;
            const here = rects[rects.length - 1].top;
            if (top !== null && here > top + 2 && !/[\s\u00ad-]/.test(text.data[i - 1]))
                broken.push(label.id + ': ' + text.data.slice(0, i) + '|' + text.data.slice(i));
            top = here;
        }
    }
    return broken;
}"""


def test_toolbar_words_are_never_broken_inside(seed: Page) -> None:
    page = seed
    for lang in ("en", "sv", "de", "zh-TW"):
        choose_language(page, lang)
        for width in (480, 560, 600, 640, 680, 720, 760, 800):
            for height in (900, 400):
                check_fits(page, (width, height), f"{lang}-toolbar")
                where = f"{lang} at {width}x{height}"
                assert page.evaluate(WORD_BREAKS) == [], where
    choose_language(page, "en")


def test_light_colours(seed: Page) -> None:
    check_colours(seed, "light")


def test_long_columns_fit_and_every_step_is_announced(
    seed: Page, booted: dict[str, Page], site_url: str, wait_ready
) -> None:
    """Eleven moves of the winning line by the mouse (column 3 grows to 21 cards, a card
    is turned), each said in #status, with no animation left running (reduced motion);
    then the line's 36-card column, at every size: each fits, or the table scrolls above
    the status line (the card size and the long column's strips: e2e/test_layout.py)."""
    page = seed
    status = page.locator("#status")
    game = Game.from_deck(DECK)
    for text in LINE[:11]:
        said = announcement(game, text)
        click_move(page, text)
        expect(status).to_have_text(said)
        assert page.evaluate("document.getAnimations().length") == 0, text
    assert "5 of spades turned face up in column 2" in said
    assert max(len(column) for column in game.columns) >= 21
    for size in SIZES:
        check_fits(page, size, "en-light-long")
    page = load(booted, site_url, wait_ready, 32)
    assert max(len(column) for column in seed_after(32).columns) == 36
    for size in SIZES:
        check_fits(page, size, "en-light-longest")


# --- the win, and every dialog audited (light) --------------------------------------------


def audit(page: Page, what: str) -> None:
    """axe-core on the whole page: no serious or critical violation."""
    if not page.evaluate("!!window.axe"):
        # evaluated, not added as an inline <script> (the page's policy refuses those)
        page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3)
                .map(n => n.target.join(' ')).join(', ')})`)"""
    )
    assert found == [], f"{what}: {found}"


def dialogs_hold_and_return_focus(page: Page, scheme: str) -> None:
    """Each dialog: opened by its button, focus inside, Tab stays inside, audited;
    Escape closes it and the focus goes back to the button."""
    names = page.evaluate("[...document.querySelectorAll('dialog')].map(d => d.id)")
    # A backup in Settings, so that its Delete… can open the confirmation.
    page.evaluate("localStorage.setItem('scorpion.backup.replaced.1700000000000@/', '{}')")
    unknown = set(names) - set(OPENERS) - BY_GAME
    assert not unknown, f"add the dialogs {unknown} to OPENERS"
    for name in names:
        if name in BY_GAME:
            continue
        clicks = OPENERS[name]
        for selector in clicks:
            page.locator(selector).focus()
            page.keyboard.press("Enter")
        dialog = page.locator(f"#{name}")
        expect(dialog).to_be_visible()
        assert page.evaluate("d => d.contains(document.activeElement)", dialog.element_handle())
        assert page.evaluate("d => d.matches(':modal')", dialog.element_handle())
        for _ in range(8):
            page.keyboard.press("Tab")
            inside = page.evaluate(
                "d => d.contains(document.activeElement)"
                " || document.activeElement === document.body",
                dialog.element_handle(),
            )
            assert inside, f"{name}: Tab left the dialog for {focused(page)}"
        check_dialog_focus_ring(page, name)
        audit(page, f"{scheme} {name}")
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        if len(clicks) > 1:  # a dialog opened from another: back in that one, then out
            expect(page.locator(clicks[-1])).to_be_focused()
            page.keyboard.press("Escape")
        expect(page.locator(clicks[0])).to_be_focused()


def test_win_by_keyboard_is_announced_and_every_dialog_passes_axe(
    booted: dict[str, Page], site_url: str, wait_ready
) -> None:
    page = load(booted, site_url, wait_ready, len(LINE) - 1)
    audit(page, "light main")
    dialogs_hold_and_return_focus(page, "light")
    game = seed_after(len(LINE) - 1)
    said = announcement(game, LINE[-1])
    key_move(page, LINE[-1])
    expect(page.locator("#status")).to_have_text(said)
    assert said.endswith("Sequence of clubs removed from column 3. Game won with 695 points.")
    win = page.locator("#win-dialog")
    expect(win).to_be_visible()
    expect(page.locator("#win-new")).to_be_focused()
    audit(page, "light win-dialog")
    # on to a new game without the mouse: the focus comes back to the table
    page.keyboard.press("Enter")
    expect(win).to_be_hidden()
    expect(page.locator("#ng-deal")).to_be_focused()
    page.keyboard.type("42")
    page.keyboard.press("Enter")
    expect(page.locator("#deal-line")).to_contain_text("42")
    game = Game.new(42)
    top = game.face_up(0)[-1]
    expect(page.locator(f'[data-card="{top}"]')).to_be_focused()
    expect(page.locator("#status")).to_have_text("New game: deal 42.")
    booted["position"] = "deal 42"  # type: ignore[assignment]


# --- motion and colour, light and dark ----------------------------------------------------


COLOURS = """() => {
    const probe = document.createElement('i');
    document.body.append(probe);
    const css = name => getComputedStyle(document.documentElement).getPropertyValue(name).trim();
    const rgb = value => { probe.style.color = ''; probe.style.color = value;
                           return getComputedStyle(probe).color; };
    const out = {};
    for (const name of ['--felt-1', '--face-bg', '--focus', '--focus-edge', '--focus-light',
                        '--dialog-bg', '--suit-s', '--suit-h', '--suit-d', '--suit-c'])
        out[name] = rgb(css(name));
    for (const id of ['score', 'deal-line']) out['#' + id] = getComputedStyle(
        document.getElementById(id)).color;
    out['.score-name'] = getComputedStyle(document.querySelector('.score-name')).color;
    probe.remove();
    return out;
}"""


def luminance(colour: str) -> float:
    numbers = [float(n) for n in re.findall(r"[\d.]+", colour)[:3]]
    linear = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4
              for c in numbers]  # fmt: skip
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def check_colours(page: Page, scheme: str) -> None:
    """Texts on the felt at 4.5:1 against its lightest green (the gradient's centre, where
    the score is); the focus ring at 3:1 on felt and, with its dark band, on a white card;
    every suit at 4.5:1 on the card, in two and four colours."""
    c = page.evaluate(COLOURS)
    for text in ("#score", "#deal-line", ".score-name"):
        assert contrast(c[text], c["--felt-1"]) >= 4.5, (scheme, text, c[text])
    assert contrast(c["--focus"], c["--felt-1"]) >= 3, scheme
    assert contrast(c["--focus-edge"], c["--face-bg"]) >= 3, scheme
    assert contrast(c["--focus"], c["--focus-edge"]) >= 3, scheme
    assert contrast(c["--focus-light"], c["--dialog-bg"]) >= 3, scheme
    assert c["--suit-h"] == c["--suit-d"] and c["--suit-s"] == c["--suit-c"], scheme
    box = setting_box(page, "four-colour")
    page.check(box)
    four = page.evaluate(COLOURS)
    page.uncheck(box)
    if page.locator("dialog[open]").count():
        page.keyboard.press("Escape")
    expect(page.locator("html")).not_to_have_class(re.compile(r"\bfour-colour\b"))
    suits = [four[f"--suit-{s}"] for s in "shdc"]
    assert len(set(suits)) == 4, (scheme, suits)
    blue = [float(n) for n in re.findall(r"[\d.]+", four["--suit-d"])[:3]]
    green = [float(n) for n in re.findall(r"[\d.]+", four["--suit-c"])[:3]]
    assert blue[2] > max(blue[:2]) and green[1] > max(green[0], green[2]), (blue, green)
    for suit in suits:
        assert contrast(suit, c["--face-bg"]) >= 4.5, (scheme, suit)
    # a card's focus ring: yellow, between dark bands
    key_to(page, None, 1)
    page.wait_for_function("document.getAnimations().length === 0")  # the cards at rest
    art = page.evaluate(
        """() => { const s = getComputedStyle(document.activeElement.querySelector('.art'));
                   return [s.outlineColor, s.outlineStyle, s.boxShadow]; }"""
    )
    assert art[0] == c["--focus"] and art[1] == "solid", art
    assert c["--focus-edge"] in art[2], art


def check_dialog_focus_ring(page: Page, name: str) -> None:
    ring = page.evaluate(
        """d => { const a = document.activeElement, s = getComputedStyle(a);
                  return [a.matches(':focus-visible'), s.outlineColor, s.outlineStyle,
                          getComputedStyle(d).backgroundColor]; }""",
        page.locator(f"#{name}").element_handle(),
    )
    if ring[0] and ring[2] != "none":
        assert contrast(ring[1], ring[3]) >= 3, (name, ring)


@pytest.fixture(scope="module")
def dark_booted(dark: BrowserContext) -> Iterator[dict[str, Page]]:
    page = dark.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield {"page": page}
    page.close()
    assert errors == []


@pytest.fixture
def dark_page(dark_booted: dict[str, Page], site_url: str, wait_ready) -> Page:
    """The dark page with motion, ten moves into the line: column 3 holds 21 cards."""
    page = dark_booted["page"]
    if page.url == "about:blank":
        boot(page, site_url, wait_ready, seed_after(10))
    return page


def test_dark_theme_motion_colours_and_dialogs(dark_page: Page) -> None:
    page = dark_page
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    felt = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--felt-1')")
    assert felt.strip().lower() != "#267549"  # the dark felt, not the light one
    # Picking a card up and putting it down: the held cards rise and settle (their
    # transform, which the compositor runs) and nothing else animates; the ring and the
    # drop targets show at once (a fade of either is repainted in every frame).
    lift = """() => { document.querySelector('[data-card="QH"]').click();
                      return [document.querySelectorAll('.column.target').length,
                              document.getAnimations().filter(
                                  a => a.transitionProperty !== 'transform').length]; }"""
    targets, running = page.evaluate(lift)
    assert targets >= 1 and running == 0, (targets, running)
    expect(page.locator('[data-card="QH"]')).to_have_attribute("aria-pressed", "true")
    assert page.evaluate(lift) == [0, 0]
    expect(page.locator('[data-card="QH"]')).to_have_attribute("aria-pressed", "false")
    # Moves and turns animate briefly (about 190 ms): the move that turns 5S face up. The
    # held card, risen, glides from where it is seen (its first frame is where it was).
    page.click('[data-card="QH"]')
    page.wait_for_function("document.getAnimations().length === 0")  # risen
    timings, before, after = page.evaluate(
        """() => {
        const card = document.querySelector('[data-card="QH"]');
        const before = card.getBoundingClientRect().top;
        document.querySelector('[data-column="6"]').click();
        return [document.getAnimations().map(a => [a.animationName || a.transitionProperty
            || 'script', a.effect.getComputedTiming().duration]), before,
            card.getBoundingClientRect().top];
    }"""
    )
    expect(page.locator('[data-column="6"][aria-owns~="card-QH"]')).to_have_count(1)
    assert abs(after - before) < 1.5, (before, after)
    kinds = {kind for kind, _ms in timings}
    assert "turn-up" in kinds and "transform" in kinds, timings  # a column to another: a transition
    for kind, ms in timings:
        assert 150 <= ms <= 250, (kind, ms)
    page.wait_for_function("document.getAnimations().length === 0")
    # Sent back while it still glides, a card goes on from where it is seen, in one glide
    # (not two at once, which Chromium cannot run on the compositor): undo, and once its
    # glide has run 40 ms, redo.
    before, after, glides = page.evaluate(
        """async () => {
        const card = document.querySelector('[data-card="QH"]');
        document.getElementById('undo').click();
        const [glide] = card.getAnimations();
        for (let frame = 0; frame < 300 && glide && !(glide.currentTime > 40); frame++)
            await new Promise(requestAnimationFrame);
        const before = card.getBoundingClientRect().left;
        document.getElementById('redo').click();
        return [before, card.getBoundingClientRect().left, card.getAnimations()
            .filter(a => a.playState !== 'finished').map(a => a.transitionProperty || 'script')];
    }"""
    )
    assert glides == ["transform"], glides
    assert abs(after - before) < 1.5, (before, after)
    page.wait_for_function("document.getAnimations().length === 0")
    page.click("#undo")
    page.wait_for_function("document.getAnimations().length === 0")
    # the system asks for reduced motion while the page is open: from the next move on
    page.emulate_media(reduced_motion="reduce")
    settle(page)  # media queries are evaluated with the next frame
    assert reduced_move(page, "QH", 6) == 0
    page.emulate_media(reduced_motion="no-preference")
    page.click("#undo")
    check_colours(page, "dark")
    audit(page, "dark main")
    dialogs_hold_and_return_focus(page, "dark")
    # the win dialog's look in the dark (the win itself is played in the light test)
    page.evaluate("document.getElementById('win-dialog').showModal()")
    audit(page, "dark win-dialog")
    page.keyboard.press("Escape")
    for lang in ("en", "zh-TW"):
        if lang != "en":
            choose_language(page, lang)
        for size in SIZES:
            check_fits(page, size, f"{lang}-dark-long")
    choose_language(page, "en")


def test_a_link_asks_in_a_dialog_that_holds_focus_and_passes_axe(
    booted: dict[str, Page], site_url: str, wait_ready
) -> None:
    page = load(booted, site_url, wait_ready, 5)  # a game in progress
    page.goto(site_url + "?deal=42")
    wait_ready(page)
    booted["position"] = "link"  # type: ignore[assignment]
    dialog = page.locator("#link-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#link-keep")).to_be_focused()
    assert page.evaluate("d => d.matches(':modal')", dialog.element_handle())
    for _ in range(4):
        page.keyboard.press("Tab")
        assert page.evaluate(
            "d => d.contains(document.activeElement) || document.activeElement === document.body",
            dialog.element_handle(),
        ), f"Tab left the link dialog for {focused(page)}"
    audit(page, "light link-dialog")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_focus_moved_on_as_a_dialog_closes_stays_and_lost_focus_comes_back(
    booted: dict[str, Page], site_url: str, wait_ready
) -> None:
    """A dialog's close event comes a task after it closed. Focus the player has already
    moved (Escape, then at once Tab or a click) stays where it went: taking it back to the
    opener made the next Enter open that dialog again. Focus lost with the dialog (on
    nothing) does come back to the opener."""
    page = load(booted, site_url, wait_ready, 5)
    close_then = """async ([name, then]) => {
        const dialog = document.getElementById(name);
        // a listener added after the game's: it runs once the game's has run
        const closed = new Promise(done => dialog.addEventListener('close', done, {once: true}));
        dialog.close();
        if (then) document.getElementById(then).focus(); else document.activeElement.blur();
        await closed;
        return document.activeElement.id || document.activeElement.tagName;
    }"""
    for name, opener in (("rules-dialog", "#rules"), ("settings-dialog", "#settings-button")):
        page.click(opener)
        expect(page.locator(f"#{name}")).to_be_visible()
        assert page.evaluate(close_then, [name, "stats"]) == "stats", name
        page.click(opener)
        expect(page.locator(f"#{name}")).to_be_visible()
        assert page.evaluate(close_then, [name, None]) == opener[1:], name
