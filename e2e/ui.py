"""What several browser tests share: the seed deal, a context that watches for requests
leaving the origin, booting the game, and playing a move through the interface."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Page, Request, expect

from scorpion import saves
from scorpion.session import Session
from scorpion.wording import describe

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
SEED = json.loads((FIXTURES / "seed-deal.json").read_text())
DECK = "".join(SEED["deck"])
LINE: list[str] = SEED["winning_line"]
LOCAL = ("127.0.0.1", "localhost", "::1")
SAVE_KEY = "scorpion.save@/"
# A page's load (not the game's boot: wait_ready waits for that), on a loaded machine.
NAVIGATION_MS = 90_000


@contextmanager
def watched_context(browser: Browser, **options: Any) -> Iterator[BrowserContext]:
    """A browser context whose requests are watched, not routed (routing turns the HTTP
    cache off); on closing, none may have left the origin. Its service worker is blocked
    unless ``service_workers="allow"`` asks for it: the offline, security and snapshot tests
    are about the worker, and elsewhere its install (the whole offline copy fetched and
    hashed) is only CPU taken from the page under test."""
    options.setdefault("service_workers", "block")
    context = browser.new_context(**options)
    context.set_default_navigation_timeout(NAVIGATION_MS)
    offsite: list[str] = []

    def watch(request: Request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in LOCAL:
            offsite.append(request.url)

    context.on("request", watch)
    yield context
    context.close()
    assert offsite == [], f"requests left the origin: {offsite}"


def add_style(page: Page, css: str) -> None:
    """Add a style sheet to the page as a test's instrument. Not as a <style> element
    (Playwright's add_style_tag): the page's Content-Security-Policy refuses inline styles;
    a constructed sheet is no markup, and the policy does not apply to it. Noted in
    ``window.__testSheets``, so that ``SharedTable`` can take it away again."""
    page.evaluate(
        """css => {
            const sheet = new CSSStyleSheet();
            sheet.replaceSync(css);
            document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
            (window.__testSheets ||= []).push(sheet);
        }""",
        css,
    )


@contextmanager
def desktop_context(browser: Browser) -> Iterator[BrowserContext]:
    """A watched context on a desktop screen, in English, with the system's reduced motion
    on (nothing glides: the tests need not wait for animations)."""
    with watched_context(
        browser, viewport={"width": 1280, "height": 900}, locale="en-US", reduced_motion="reduce"
    ) as context:
        yield context


# The page's markup, its scripts' text left out: index.html carries the newcomer's first
# board as data (its face-up cards only: tests/test_first_board.py), which names cards of
# other deals.
MARKUP_WITHOUT_SCRIPTS = """() => {
    const copy = document.documentElement.cloneNode(true);
    copy.querySelectorAll('script').forEach(e => e.remove());
    return copy.outerHTML;
}"""


def blank(page: Page, site_url: str) -> None:
    """Empty the origin's localStorage from a tiny page of it (no game running)."""
    page.goto(site_url + "static/icon.svg")
    page.evaluate("localStorage.clear()")


def open_game(
    page: Page, site_url: str, query: str, wait_ready: Any, saved: str | None = None
) -> Page:
    """Boot the game (with ``saved`` as the stored save, if given); page errors are kept
    in ``page.errors``."""
    if saved is not None:
        page.evaluate("text => localStorage.setItem('scorpion.save@/', text)", saved)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(site_url + query)
    wait_ready(page)
    page.errors = errors  # type: ignore[attr-defined]
    return page


# The columns' cards share one element (webapp/table/render.py); a column names its face-up cards
# in aria-owns. A card's column, from the card (or from a column itself):
COLUMN_OF = """e => (e.closest('[data-column]')
    || document.querySelector(`[aria-owns~="${e.id}"]`)).dataset.column"""


# Playwright's own check before a click, with the column's cards counted as its own: what
# is at the column's middle is the column, something in it, or a card it owns.
REACHABLE = """column => {
    const r = column.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const card = hit && hit.closest('[data-card]');
    const owned = (column.getAttribute('aria-owns') || '').split(' ');
    return !!hit && (column.contains(hit) || (!!card && owned.includes(card.id)));
}"""


def click_column(page: Page, column: int | str) -> None:
    """A click on a column (1-7), as a player's: on its top card, if that is where the
    column's middle is. Playwright would take that card, which the column owns through
    aria-owns but does not contain, for another element covering the column, and wait;
    so the same check is made here, counting owned cards, and the click is forced."""
    target = page.locator(f'[data-column="{column}"]')
    target.scroll_into_view_if_needed()
    page.wait_for_function(REACHABLE, arg=target.element_handle())
    target.click(force=True)


def column_cards(page: Page, column: int | str) -> list[str]:
    """The face-up cards of a column (1-7), bottom to top, as its aria-owns names them."""
    owned = page.locator(f'[data-column="{column}"]').get_attribute("aria-owns") or ""
    return [name.removeprefix("card-") for name in owned.split()]


def play(page: Page, move: str) -> None:
    """One move of the notation through the interface: click the card, then the column
    (or the reserve for ``deal``), and wait until the card has left its column."""
    if move == "deal":
        page.click("#deal-reserve")
        return
    card, column = move.split(">")
    element = page.locator(f'[data-card="{card}"]')
    source = element.evaluate(COLUMN_OF)
    element.click()
    expect(element).to_have_attribute("aria-pressed", "true")
    click_column(page, column)
    # the card left its column (it may have left the table with a complete sequence)
    expect(page.locator(f'[data-column="{source}"][aria-owns~="card-{card}"]')).to_have_count(0)


# A whole line played in the page: each move's taps as click events on the card and its
# column (the handlers a player's taps reach), checked as play() checks them, a frame apart.
PLAY_LINE = """async (moves) => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const tap = (element) => element.dispatchEvent(
    new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
  for (const move of moves) {
    if (move === "deal") {
      tap(document.getElementById("deal-reserve"));
    } else {
      const [card, column] = move.split(">");
      const element = document.querySelector(`[data-card="${card}"]`);
      if (!element) throw new Error(`${move}: no card ${card} face up`);
      const source = (COLUMN_OF)(element);
      tap(element);
      if (element.getAttribute("aria-pressed") !== "true") throw new Error(`${move}: not held`);
      tap(document.querySelector(`[data-column="${column}"]`));
      const owner = document.querySelector(`[data-column="${source}"][aria-owns~="card-${card}"]`);
      if (owner) throw new Error(`${move}: ${card} is still in column ${source}`);
    }
    await frame();
  }
}""".replace("COLUMN_OF", COLUMN_OF)


def play_line(page: Page, moves: list[str]) -> None:
    """Moves of the notation played through the table's click handlers, in the page: for
    tests about what a game leads to (statistics, saves), where ``play``'s Playwright clicks
    would spend seconds in round trips. The moves themselves are tested with ``play``."""
    page.evaluate(PLAY_LINE, list(moves))


SNAPSHOT_STATE = "document.documentElement.dataset.snapshot"
SNAPSHOT_KEPT = f'{SNAPSHOT_STATE} === "kept"'
CONTROLLED = "navigator.serviceWorker.controller !== null"


def until_snapshot_kept(page: Page, wait_ready: Any, timeout: float) -> None:
    """Wait until the page has kept its copy of the Python snapshot. A first visit fetches
    the snapshot only from a server close by or over a fast link (python-snapshot.mjs):
    this machine's server, unless it was slow to answer. One that went without it gets it
    on the next visit, from the service worker, so that visit is made."""
    page.wait_for_function(CONTROLLED)
    if page.evaluate(SNAPSHOT_STATE) == "none":
        page.reload()
        wait_ready(page)
    page.wait_for_function(SNAPSHOT_KEPT, timeout=timeout)


SAVED_MOVES = "() => JSON.parse(localStorage.getItem('scorpion.save@/')).current.game.moves"
# What the game keeps when the page is left (the save among it), kept now: a test's
# instrument to read the save up to date (a save otherwise waits until the page is idle).
KEEP_NOW = "() => dispatchEvent(new Event('pagehide'))"
# Undo, a click at a time, each saved at once, a frame apart, until ``count`` moves.
UNDO_TO = """async (count) => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const saved = () => JSON.parse(localStorage.getItem("scorpion.save@/")).current.game.moves.length;
  const undo = document.getElementById("undo");
  for (let now = saved(); now > count; now = saved()) {
    if (undo.disabled) throw new Error(`Undo is off with ${now} moves saved`);
    undo.click();
    dispatchEvent(new Event("pagehide"));
    if (saved() !== now - 1) throw new Error(`Undo at ${now} moves left ${saved()}`);
    await frame();
  }
}"""


def bring_to(page: Page, line: list[str]) -> None:
    """The page's game brought to the end of ``line`` (at least one move) through the game
    itself: Undo until the saved game is a start of ``line`` shorter than it, then the
    rest of ``line`` played (``play_line``). Nothing is left to redo, as after a boot on
    that save; the game (deal, variant) must be the one ``line`` is of."""
    assert line, "a position after at least one move"
    page.evaluate(KEEP_NOW)
    played = page.evaluate(SAVED_MOVES)
    keep = 0
    while keep < min(len(played), len(line) - 1) and played[keep] == line[keep]:
        keep += 1
    page.evaluate(UNDO_TO, keep)
    play_line(page, line[keep:])
    same = f"line => JSON.stringify(({SAVED_MOVES})()) === JSON.stringify(line)"
    page.wait_for_function(same, arg=line)
    expect(page.locator("#redo")).to_be_disabled()


# Counts the page's storage events for the save; added after the page has started, so the
# game's own listener has run for an event by the time it is counted (listeners run in the
# order they were added).
COUNT_ARRIVALS = """key => {
    window.__arrivals = 0;
    addEventListener("storage", (event) => { if (event.key === key) window.__arrivals++; });
}"""
FRAME = "() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))"
# A whole session taken from storage and drawn again: seconds on a loaded machine.
ADOPT_MS = 30_000


class SharedTable:
    """One booted game page shared by a module's tests, each test starting it from a save
    of its own, without booting again.

    A second page of the origin (the tiny icon) empties localStorage and stores the save
    as the next revision: the game takes it as another tab's newer save (the storage
    listener of webapp/main.py, ``Arrivals.adopt``), which replaces the whole session
    (game, settings, statistics) and drops what was held, hinted or focused. Then what a
    test may have changed around the game goes back: open dialogs closed (Escape), style
    sheets a test added taken away, the window's size, reduced motion and the language
    (the menu) set. For tests about what a game does, not about how a page starts: those
    boot their own pages."""

    def __init__(self, context: BrowserContext, site_url: str, wait_ready: Any) -> None:
        self.context = context
        self.writer = context.new_page()
        blank(self.writer, site_url)
        self.page = open_game(context.new_page(), site_url, "", wait_ready)
        self.page.evaluate(COUNT_ARRIVALS, SAVE_KEY)

    def load(
        self,
        session: Session,
        lang: str = "en",
        viewport: tuple[int, int] = (1280, 900),
        reduced_motion: Literal["reduce", "no-preference"] = "reduce",
    ) -> Page:
        page = self.page
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        page.emulate_media(reduced_motion=reduced_motion)
        page.evaluate(
            """() => { const added = window.__testSheets || [];
            document.adoptedStyleSheets = document.adoptedStyleSheets.filter(
                (sheet) => !added.includes(sheet));
            window.__testSheets = []; }"""
        )
        for _ in range(3):  # dialogs (one may have opened another), a held card
            page.keyboard.press("Escape")
        expect(page.locator("dialog[open]")).to_have_count(0)
        stored = saves.read(self.writer.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
        # Well ahead of the stored revision: a save the page still has pending from the last
        # test (a win's statistics, the clock stopped) may land after this read, and must
        # not equal or pass the save that replaces it.
        text = saves.dump(session, revision=stored.revision + 100, saved_at=0)
        arrivals = page.evaluate("window.__arrivals")
        self.writer.evaluate(
            "([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); }",
            [SAVE_KEY, text],
        )
        page.wait_for_function("n => window.__arrivals > n", arg=arrivals)
        if page.locator("html").get_attribute("lang") != lang:
            page.select_option("#language", lang)
            expect(page.locator("html")).to_have_attribute("lang", lang, timeout=ADOPT_MS)
        expect(page.locator("#board-description")).to_have_text(
            describe(session.game, lang), timeout=ADOPT_MS
        )
        expect(page.locator('[aria-pressed="true"]')).to_have_count(0)
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.evaluate(FRAME)
        page.evaluate(FRAME)  # the words and saves that wait for a painted frame are in
        page.wait_for_function("document.getAnimations().length === 0")
        return page

    def close(self) -> None:
        errors = self.page.errors  # type: ignore[attr-defined]
        self.page.close()
        self.writer.close()
        assert errors == [], errors


@contextmanager
def shared_table(
    browser: Browser, site_url: str, wait_ready: Any, **options: Any
) -> Iterator[SharedTable]:
    """A ``SharedTable`` in a watched desktop context of its own, in English, with the
    system's reduced motion on (``options`` added): pages of another context cannot write
    its storage."""
    options = {"viewport": {"width": 1280, "height": 900}, "locale": "en-US", **options}
    with watched_context(browser, reduced_motion="reduce", **options) as context:
        table = SharedTable(context, site_url, wait_ready)
        yield table
        table.close()
