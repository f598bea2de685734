"""The game in the browser, played as a player would: clicks, drags, keys, reloads.

The tests about what a game does share one booted page (``SharedTable``: each starts
from a save of its own, taken as another tab's); those about reloading (the board painted
before Python) and links boot their own, each on a new page with an empty localStorage.
What a bad save or a bad link says, and what a link does once asked, are told on the fakes
(``tests/webapp/test_startup.py``, ``test_urlparams.py``, ``test_dialogs.py``). Every
request is checked to stay on localhost. Tests wait for conditions (``expect``,
``wait_for_function``), never for fixed times.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from positions import stuck_game
from webapp.table.layout import LIFT

from e2e.ui import (
    DECK,
    FIXTURES,
    LINE,
    MARKUP_WITHOUT_SCRIPTS,
    SEED,
    SharedTable,
    add_style,
    click_column,
    open_game,
    play,
    play_line,
    shared_table,
    watched_context,
)
from scorpion import DEAL, Game, Move, saves
from scorpion.session import Session

LANGS = ("sv", "de", "zh-TW")

# The seeds' exact refusal messages (rules pages: the empty column; the Relaxed variant).
REFUSALS = {
    "sv": {
        "king_only": "Endast en kung får läggas i en tom kolumn",
        "same_suit": "Regel: korten måste vara av samma färg",
    },
    "de": {
        "king_only": "Nur ein König darf auf eine leere Spalte gelegt werden",
        "same_suit": "Regel: Die Karten müssen dieselbe Farbe haben",
    },
    "zh-TW": {"king_only": "只有 K 可以移到空列", "same_suit": "規則：牌的花色必須相同"},
}


def seed_boards(lang: str) -> tuple[str, str]:
    """The seeds' board texts: the deal, then after the example move 4H>7."""
    starts = ("reserv:", "Vorrat:", "備用牌：")
    text = (FIXTURES / "seeds" / f"{lang}.txt").read_text()
    boards = [line.strip() for line in text.splitlines() if line.startswith(starts)]
    assert len(boards) == 2, lang
    return boards[0], boards[1]


# --- one context for the module (its HTTP cache makes boots warm), a page per test ------


@pytest.fixture(scope="module")
def shared(browser: Browser) -> Iterator[BrowserContext]:
    """Requests are watched, not routed: routing would turn the HTTP cache off."""
    # Reduced motion: no transitions to wait out, so clicks need not wait for stillness.
    # No service worker (offline is e2e/test_offline.py's): once one controls the pages,
    # page.route no longer sees their requests, and a test here holds the wasm back.
    with watched_context(
        browser,
        viewport={"width": 1280, "height": 900},
        locale="en-US",
        reduced_motion="reduce",
    ) as context:
        yield context


@pytest.fixture(scope="module")
def table(browser: Browser, site_url: str, wait_ready) -> Iterator[SharedTable]:
    with shared_table(browser, site_url, wait_ready) as table:
        yield table


def seed() -> Session:
    return Session(Game.from_deck(DECK))


def description(page: Page) -> str:
    return page.locator("#board-description").inner_text()


def choose_language(page: Page, lang: str) -> None:
    page.select_option("#language", lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)


# --- the tests --------------------------------------------------------------------------


def assert_nothing_names_face_down_cards(page: Page) -> None:
    game = Game.from_deck(DECK)
    hidden = [c for column in game.columns for c, up in column if not up] + list(game.reserve)
    assert len(hidden) == 15
    markup = page.evaluate(MARKUP_WITHOUT_SCRIPTS)
    for card in hidden:
        assert not re.search(rf"\b{card}\b", markup), card
    backs = page.evaluate("[...document.querySelectorAll('.card.down')].map(e => e.outerHTML)")
    assert len(backs) == 15
    assert not any("data-card" in b or "aria-label" in b or "title" in b for b in backs)


def test_seed_move_by_click_and_board_in_three_languages(table) -> None:
    page = table.load(seed(), lang="sv")
    expect(page.locator("#board-description")).to_have_text(seed_boards("sv")[0])
    assert page.locator("[data-card]").count() == 37
    assert_nothing_names_face_down_cards(page)
    play(page, "4H>7")
    expect(page.locator("#score")).to_have_text("5")
    expect(page.locator("#board-description")).to_have_text(seed_boards("sv")[1])
    for lang in ("zh-TW", "de"):
        choose_language(page, lang)
        expect(page.locator("#board-description")).to_have_text(seed_boards(lang)[1])
    page.click("#undo")
    expect(page.locator("#board-description")).to_have_text(seed_boards("de")[0])
    drag_seed_move(page)
    keyboard_seed_move(page)
    assert page.errors == []  # type: ignore[attr-defined]


# The middle of a card's element, if that card is over column ``over`` and is what a click
# there hits (the top one); else null.
OVER_COLUMN = """([card, over]) => {
    const element = document.querySelector(`[data-card="${card}"]`);
    const column = document.querySelector(`[data-column="${over}"]`).getBoundingClientRect();
    const r = element.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < column.left + 4 || x > column.right - 4) return null;
    const hit = document.elementFromPoint(x, y);
    return hit && hit.closest("[data-card]") === element ? [x, y] : null;
}"""


def test_a_pile_held_goes_to_the_column_tapped_not_to_a_card_gliding_over_it(
    table,
) -> None:
    """2H and the four cards on it glide from column 7 to column 3, over columns 6-4
    (slowed down here). With 6S held, a tap on 7S while it is seen over column 5 means
    column 5, where 6S cannot go (refused: it stays), not column 3, where 7S is bound
    and where 6S could go."""
    page = table.load(seed(), reduced_motion="no-preference")
    play(page, "4H>7")
    add_style(page, ".cards .card { transition-duration: 30s !important; }")
    play(page, "2H>3")  # waits until 2H has left column 7, not for the glide
    six = page.locator('[data-card="6S"]')
    six.click()
    expect(six).to_have_attribute("aria-pressed", "true")
    x, y = page.wait_for_function(OVER_COLUMN, arg=["7S", 5]).json_value()
    page.mouse.click(x, y)
    expect(six).to_have_attribute("aria-pressed", "false")
    expect(page.locator('[data-column="7"][aria-owns~="card-6S"]')).to_have_count(1)
    expect(page.locator('[data-column="3"][aria-owns~="card-6S"]')).to_have_count(0)
    # Nothing held, a tap on a gliding card picks that card up, as seen.
    x, y = page.wait_for_function(OVER_COLUMN, arg=["7S", 4]).json_value()
    page.mouse.click(x, y)
    expect(page.locator('[data-card="7S"]')).to_have_attribute("aria-pressed", "true")
    assert page.errors == []  # type: ignore[attr-defined]


# A card raised by ``dy`` pixels at once (CSS ``translate``, which nothing here animates;
# 0 puts it back): a test's way of having a card come over a point.
COVER = """([card, dy]) => {
    document.querySelector(`[data-card="${card}"]`).style.translate = dy ? `0 ${-dy}px` : "";
}"""
# The card a click at (x, y) would hit now, or null.
CARD_AT = """([x, y]) => {
    const hit = document.elementFromPoint(x, y);
    const card = hit && hit.closest("[data-card]");
    return card ? card.dataset.card : null;
}"""


def test_a_tap_pressed_before_a_card_glides_under_it_still_drops_on_its_column(
    table,
) -> None:
    """With 6S held, the mouse is pressed on column 3 where the pile 2H-7S (slowed down
    here) is gliding to, and released once the pile covers that spot. Pressed on one
    element and released on another, the click goes to their common ancestor (the
    tableau, or the cards' layer), which is neither a card nor a column: the tap was
    once taken for one on an empty spot, and 6S was put back. It goes to column 3.
    Before that, with nothing held, 8D pressed and 5C brought over the spot before the
    release (as a card gliding by would be): the card pressed is picked up."""
    page = table.load(seed(), reduced_motion="no-preference")
    eight, five = (page.locator(f'[data-card="{card}"]').bounding_box() for card in ("8D", "5C"))
    assert eight and five
    strip = [eight["x"] + eight["width"] / 2, (eight["y"] + five["y"]) / 2]  # 8D's visible part
    assert page.evaluate(CARD_AT, strip) == "8D"
    page.mouse.move(*strip)
    page.mouse.down()
    page.evaluate(COVER, ["5C", five["y"] - eight["y"]])
    page.wait_for_function(f"p => ({CARD_AT})(p) === '5C'", arg=strip)
    page.mouse.up()
    page.evaluate(COVER, ["5C", 0])
    expect(page.locator('[data-card="8D"]')).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    expect(page.locator('[data-card="8D"]')).to_have_attribute("aria-pressed", "false")
    play(page, "4H>7")
    add_style(page, ".cards .card { transition-duration: 8s !important; }")
    play(page, "2H>3")  # waits until 2H has left column 7, not for the glide
    owned = (page.locator('[data-column="3"]').get_attribute("aria-owns") or "").split()
    pile = [name.removeprefix("card-") for name in owned[owned.index("card-2H") :]]
    arrived = f"p => {json.dumps(pile)}.includes(({CARD_AT})(p))"
    six = page.locator('[data-card="6S"]')
    six.click()
    expect(six).to_have_attribute("aria-pressed", "true")
    # Column 3's middle, at the height 7S glides at (its path is nearly level).
    column = page.locator('[data-column="3"]').bounding_box()
    seven = page.locator('[data-card="7S"]').bounding_box()
    assert column and seven
    spot = [column["x"] + column["width"] / 2, seven["y"] + seven["height"] / 2]
    assert page.evaluate(CARD_AT, spot) not in pile  # the pile has not arrived yet
    page.mouse.move(*spot)
    page.mouse.down()
    page.wait_for_function(arrived, arg=spot)
    page.mouse.up()
    expect(page.locator('[data-column="3"][aria-owns~="card-6S"]')).to_have_count(1)
    expect(page.locator("#status")).not_to_have_text("Put back.")
    assert page.errors == []  # type: ignore[attr-defined]


def drag_seed_move(page: Page) -> None:
    """4H onto column 7 with the mouse, the pile following the pointer."""
    card = page.locator('[data-card="4H"]').bounding_box()
    target = page.locator('[data-column="7"]').bounding_box()
    assert card and target
    page.mouse.move(card["x"] + card["width"] / 2, card["y"] + card["height"] / 2)
    below = page.locator('[data-card="7S"]').bounding_box()
    assert below
    page.mouse.down()
    page.mouse.move(card["x"] + 40, card["y"] + 30, steps=4)
    # the pile follows the pointer while dragging: each card's centre moved as the
    # pointer did, risen as a held card is (the transforms Board.drag_to writes)
    expect(page.locator('[data-column="2"]')).to_have_class(re.compile(r"\bdragging\b"))
    dx, dy = 40 - card["width"] / 2, 30 - card["height"] / 2 - LIFT * card["width"]
    followed = """([cards, dx, dy]) => cards.every(([name, x, y]) => {
        const box = document.querySelector(`[data-card="${name}"]`).getBoundingClientRect();
        return Math.abs(box.x + box.width / 2 - x - dx) < 2
            && Math.abs(box.y + box.height / 2 - y - dy) < 2;
    })"""
    centres = [[name, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
               for name, box in (("4H", card), ("7S", below))]  # fmt: skip
    page.wait_for_function(followed, arg=[centres, dx, dy])
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + 200, steps=8)
    page.mouse.up()
    expect(page.locator('[data-column="7"][aria-owns~="card-7S"]')).to_have_count(1)
    expect(page.locator("#board-description")).to_have_text(seed_boards("de")[1])
    page.click("#undo")
    expect(page.locator('[data-column="2"][aria-owns~="card-4H"]')).to_have_count(1)


def keyboard_seed_move(page: Page) -> None:
    """Into the table, column 2, up to 4H, pick it up, over to column 7, drop; U, Ctrl+Y."""
    page.locator('[data-column="1"]').focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowUp")
    expect(page.locator('[data-card="4H"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator('[data-card="4H"]')).to_have_attribute("aria-pressed", "true")
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(page.locator("#board-description")).to_have_text(seed_boards("de")[1])
    page.keyboard.press("u")
    expect(page.locator('[data-column="2"][aria-owns~="card-4H"]')).to_have_count(1)
    page.keyboard.press("Control+y")
    expect(page.locator('[data-column="7"][aria-owns~="card-4H"]')).to_have_count(1)


def refusal_position() -> tuple[Game, str, dict[str, tuple[str, int]]]:
    """The seed deal played until a column is empty, its save, and one refused move per
    seed message: (card, column index)."""
    game = Game.from_deck(DECK)
    for text in LINE:
        game.play(Move.parse(text))
        empty = [c for c in range(7) if not game.columns[c]]
        if empty:
            break
    tries = [Move(card, to) for c in range(7) for card in game.face_up(c) for to in range(7)]
    found = {}
    for reason in ("king_only", "same_suit"):
        move = next(m for m in tries if game.refusal(m) == reason)
        found[reason] = (move.card, move.to)
    return game, saves.dump(Session(game), revision=1, saved_at=0), found


def test_refusals_in_each_language_only_with_interactive_rules(table):
    game, _saved, refused = refusal_position()
    page = table.load(Session(game))
    status = page.locator("#status")
    board = page.locator("#board-description")
    expect(page.locator("#interactive-rules")).to_be_checked()
    for lang in LANGS:
        choose_language(page, lang)
        before = description_of(game, lang)
        expect(board).to_have_text(before)
        for reason, (card, column) in refused.items():
            page.click(f'[data-card="{card}"]')
            click_column(page, column + 1)
            expect(status).to_have_text(REFUSALS[lang][reason])
            assert description(page) == before  # nothing moved
    page.uncheck("#interactive-rules")
    for lang in LANGS:
        choose_language(page, lang)
        for card, column in refused.values():
            page.click(f'[data-card="{card}"]')
            click_column(page, column + 1)
            expect(page.locator(f'[data-card="{card}"]')).to_have_attribute("aria-pressed", "false")
            for message in REFUSALS[lang].values():
                expect(status).not_to_contain_text(message)


# The cards' elements, marked (a property, not an attribute) while Python is held back.
TAG_PAINTED = "() => document.querySelectorAll('.card').forEach(e => e.painted = true)"
ALL_PAINTED = "() => [...document.querySelectorAll('.card')].every(e => e.painted === true)"
NONE_PAINTED = "() => [...document.querySelectorAll('.card')].every(e => e.painted !== true)"
LIVE_NAMED = "() => [...document.querySelectorAll('.card.live')].every(e => e.ariaLabel)"
PAINT_SCORE = "score => JSON.parse(localStorage.getItem('scorpion.paint@/'))?.texts.score === score"


def load_with_python_held(
    page: Page, url: str, before_python: Callable[[], None], wait_ready: Any
) -> None:
    """Open ``url``; while Python is held back (its wasm), call ``before_python``; then
    let Python come and wait until the game is ready."""
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    with page.expect_request("**/pyodide.asm.wasm"):
        page.goto(url)
    before_python()
    for route in held:
        route.fallback()
    page.unroute("**/pyodide.asm.wasm")
    wait_ready(page)


def test_reserve_undo_redo_and_the_board_painted_before_python(fresh, site_url, wait_ready):
    """index.html paints the last visit's board before Python starts; Python keeps those
    very elements when its first board is the same markup (adding the cards' names), and
    draws its own when not (here: the stored snapshot altered before the reload)."""
    page = open_game(fresh, site_url, f"?deck={DECK}", wait_ready)
    play(page, "4H>7")
    page.click("#deal-reserve")
    for card, column in (("QS", 1), ("AH", 2), ("5D", 3)):
        expect(page.locator(f'[data-column="{column}"][aria-owns~="card-{card}"]')).to_have_count(1)
    expect(page.locator("#deal-reserve")).to_be_disabled()
    page.click("#undo")
    expect(page.locator('[data-card="QS"]')).to_have_count(0)
    expect(page.locator("#deal-reserve")).to_be_enabled()
    page.click("#redo")
    expect(page.locator('[data-column="1"][aria-owns~="card-QS"]')).to_have_count(1)
    game = Game.from_deck(DECK)
    game.play(Move.parse("4H>7"))
    game.play(DEAL)
    after = description_of(game)  # the page writes its own after the frame: wait for it
    expect(page.locator("#board-description")).to_have_text(after)

    # Reload with Python held back (its wasm): the saved board is painted all the same,
    # and Python keeps the painted elements.
    page.wait_for_function("localStorage.getItem('scorpion.paint@/') !== null")

    def painted_before_python() -> None:
        assert page.evaluate("document.documentElement.dataset.ready") != "1"
        expect(page.locator('[data-column="1"][aria-owns~="card-QS"]')).to_have_count(1)
        expect(page.locator("#loading")).to_be_visible()
        assert page.locator(".card.down").count() == 12
        page.evaluate(TAG_PAINTED)

    load_with_python_held(page, page.url, painted_before_python, wait_ready)
    assert page.evaluate(ALL_PAINTED), "Python drew the board again"
    assert page.evaluate(LIVE_NAMED)
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#board-description")).to_have_text(after)
    assert "deck=" not in page.url  # a reload resumes the saved game, not the link's
    expect(page.locator("#score")).to_have_text("5")
    page.click("#undo")  # the kept elements play on
    expect(page.locator("#deal-reserve")).to_be_enabled()
    page.click("#undo")
    start = description_of(Game.from_deck(DECK))
    expect(page.locator("#board-description")).to_have_text(start)
    expect(page.locator("#undo")).to_be_disabled()

    # Leave the game (it stores its snapshot as it goes), alter the snapshot, come back.
    page.goto(site_url + "manifest.webmanifest")
    altered = """() => {
        const snapshot = JSON.parse(localStorage.getItem('scorpion.paint@/'));
        snapshot.cards[0][2] += 0.5;  // the first card a little lower: not the game's board
        localStorage.setItem('scorpion.paint@/', JSON.stringify(snapshot));
    }"""
    page.evaluate(altered)
    load_with_python_held(page, site_url, lambda: page.evaluate(TAG_PAINTED), wait_ready)
    assert page.evaluate(NONE_PAINTED), "Python kept a board that was not the game's"
    assert page.evaluate(LIVE_NAMED)
    expect(page.locator("#board-description")).to_have_text(start)
    assert page.errors == []  # type: ignore[attr-defined]


def description_of_line(moves: int) -> str:
    """The board description after the seed line's first ``moves`` moves."""
    game = Game.from_deck(DECK)
    for move in LINE[:moves]:
        game.play(Move.parse(move))
    return description_of(game)


def description_of(game: Game, lang: str = "en") -> str:
    from scorpion.wording import describe

    return describe(game, lang)


BY_CLICKS = 4  # the winning line's last moves played by Playwright's clicks


def test_winning_line_ends_in_the_win_screen(table) -> None:
    page = table.load(seed())
    expect(page.locator("#hint")).to_be_enabled()  # H suggests a move
    page.keyboard.press("h")
    expect(page.locator("#status")).to_contain_text("Hint:")
    expect(page.locator('[aria-pressed="true"]').first).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator('[aria-pressed="true"]')).to_have_count(0)
    # The line's moves are each tested by click elsewhere: its last ones here, the rest
    # through the table's click handlers in the page (seconds of round trips saved).
    play_line(page, LINE[:-BY_CLICKS])
    for move in LINE[-BY_CLICKS:]:
        play(page, move)
    win = page.locator("#win-dialog")
    expect(win).to_be_visible()
    expect(page.locator("#win-score")).to_have_text(str(SEED["winning_score"]))
    expect(page.locator("#score")).to_have_text("695")
    assert page.locator("[data-card]").count() == 0
    page.click("#win-new")
    expect(page.locator("#new-game-dialog")).to_be_visible()
    expect(page.locator("#ng-warning")).to_be_hidden()
    page.fill("#ng-deal", "42")
    page.check("#ng-relaxed")
    page.click("#ng-start")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    expect(page.locator("#deal-line")).to_contain_text("42")
    expect(page.locator("#deal-line")).to_contain_text("Relaxed")
    assert page.errors == []  # type: ignore[attr-defined]


def test_new_game_asks_before_abandoning_and_fits_a_phone_on_its_side(table) -> None:
    page = table.load(Session(Game.new(1)))
    new_game_dialog_asks_before_abandoning(page)
    assert page.errors == []  # type: ignore[attr-defined]


def new_game_dialog_asks_before_abandoning(page: Page) -> None:
    page.click("#new-game")
    page.fill("#ng-deal", "7")
    page.check("#ng-relaxed")
    page.click("#ng-start")

    expect(page.locator("#deal-line")).to_contain_text("7")
    move = next(m for m in Game.new(7, "relaxed").legal_moves() if isinstance(m, Move))
    play(page, f"{move.card}>{move.to + 1}")
    page.click("#new-game")
    dialog = page.locator("#new-game-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#ng-warning")).to_be_visible()
    expect(page.locator("#ng-relaxed")).to_be_checked()
    page.fill("#ng-deal", "0")
    page.click("#ng-start")
    expect(page.locator("#ng-error")).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#new-game")).to_be_focused()
    # A phone on its side: the dialog scrolls, its buttons stay in view at its foot, and
    # the focused number field is not hidden behind them.
    page.set_viewport_size({"width": 844, "height": 390})
    page.click("#new-game")
    expect(page.locator("#ng-deal")).to_be_focused()
    seen = page.evaluate(
        """() => {
        const box = e => document.getElementById(e).getBoundingClientRect();
        const dialog = box('new-game-dialog'), start = box('ng-start'), field = box('ng-deal');
        const buttons = document.querySelector('#new-game-dialog .dialog-buttons')
            .getBoundingClientRect();
        return [start.bottom <= dialog.bottom + 0.5, field.bottom <= buttons.top + 0.5,
                document.getElementById('new-game-dialog').scrollHeight > dialog.height];
    }"""
    )
    assert seen == [True, True, True], seen
    page.keyboard.press("Escape")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click("#new-game")
    page.click("#ng-restart")
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("#score")).to_have_text("0")
    # Share: a link to this deal, copied (or shown, where the clipboard is refused)
    page.click("#share")
    page.wait_for_function(
        "['status', 'notice-text'].some(id =>"
        " document.getElementById(id).textContent.includes('?deal=7&variant=relaxed'))"
    )


# The status line shows all of its text: no more lines than it may show (past that, an
# ellipsis cuts the text), and none below its box.
FITS = """e => {
    const range = document.createRange();
    range.selectNodeContents(e);
    const lines = new Set([...range.getClientRects()].map(r => Math.round(r.bottom))).size;
    return lines <= Number(getComputedStyle(e).webkitLineClamp)
        && e.scrollHeight <= e.clientHeight + 1;
}"""


def test_hints_offer_a_move_with_its_chance_and_a_stuck_game_says_so(table) -> None:
    page = table.load(seed())
    expect(page.locator("#hint")).to_be_enabled()
    status = page.locator("#status")
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the hint fits all the same
    for _ in range(3):  # three hints in a row, each a move taken by a click on its column
        page.keyboard.press("h")
        expect(status).to_contain_text("of the hidden cards' arrangements win from here")
        assert status.evaluate(FITS), status.inner_text()
        held = page.locator('[aria-pressed="true"]').first
        expect(held).to_be_visible()
        target = page.locator("[data-column].target")
        expect(target).to_have_count(1)
        # on a phone the column's middle may be its cards (thumb-sized strips): as a player
        click_column(page, str(target.get_attribute("data-column")))
        expect(page.locator('[aria-pressed="true"]')).to_have_count(0)
        expect(target).to_have_count(0)
        expect(page.locator("#undo")).to_be_enabled()
    assert page.errors == []  # type: ignore[attr-defined]
    # Stuck: every move only shuttles cards. Asked, the hint says so and how far back
    # another way on was; nothing is declared by itself (no dialog) as the game starts.
    page = table.load(Session(stuck_game(), counted=True))
    status = page.locator("#status")
    expect(page.locator("dialog[open]")).to_have_count(0)
    page.keyboard.press("h")
    expect(status).to_contain_text("only moves face-up cards back and forth")
    expect(page.locator("dialog[open]")).to_have_count(0)
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_link_never_replaces_a_game_in_progress_unasked(fresh, site_url, wait_ready) -> None:
    page = open_game(fresh, site_url, f"?deck={DECK}", wait_ready)
    play(page, "4H>7")
    game = Game.from_deck(DECK)
    game.play(Move.parse("4H>7"))
    before = description_of(game)  # (the page writes its description after the frame)
    expect(page.locator("#board-description")).to_have_text(before)
    page.goto(site_url + "?deal=42&variant=relaxed")
    wait_ready(page)
    dialog = page.locator("#link-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#link-text")).to_have_text(
        "The link deals deal 42 (Relaxed). "
        "The game in progress will be abandoned and counted as lost."
    )
    expect(page.locator("#link-keep")).to_be_focused()
    page.keyboard.press("Escape")  # Escape, like Keep my game, changes nothing
    expect(dialog).to_be_hidden()
    expect(page.locator("#board-description")).to_have_text(before)
    assert "deal=" not in page.url  # a reload resumes without asking again
    assert page.errors == []  # type: ignore[attr-defined]
