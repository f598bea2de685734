"""Playing the game through any driver (drivers.py): booting, clicking what a player sees,
moves of the notation, reading the board. What e2e/ui.py does with Playwright, in
engine-neutral terms: every wait polls a condition in the page."""

from __future__ import annotations

import pytest

from e2e.engines.drivers import Driver
from e2e.ui import PLAY_LINE
from scorpion import Game, Move
from scorpion.wording import describe

READY = """() => document.documentElement.dataset.ready === "1"
    || (document.querySelector(".py-error") ? "failed" : false)"""
CONTROLLED = "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"

# A point of the element that a click there would reach (the element, or for a column
# something it owns through aria-owns), scrolled into view: its middle if that is not
# covered (a top card, a column), else the highest uncovered point on its middle line (a
# card of a column, covered but for its top strip); null if none yet.
POINT = """(selector) => {
    const e = document.querySelector(selector);
    if (!e) return null;
    e.scrollIntoView({block: "nearest", inline: "nearest"});
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return null;
    const owned = (e.getAttribute("aria-owns") || "").split(" ").filter(Boolean);
    const reaches = (x, y) => {
        const hit = document.elementFromPoint(x, y);
        if (!hit) return false;
        if (e.contains(hit)) return true;
        const card = hit.closest("[data-card]");
        return !!card && owned.includes(card.id);
    };
    const x = r.left + r.width / 2;
    if (reaches(x, r.top + r.height / 2)) return [x, r.top + r.height / 2];
    for (let y = r.top + 3; y < r.bottom; y += 4) if (reaches(x, y)) return [x, y];
    return null;
}"""


def boot(driver: Driver, url: str) -> None:
    """Open ``url`` and wait until the game takes input (``<html data-ready="1">``)."""
    driver.goto(url)
    wait_ready(driver)


def wait_ready(driver: Driver) -> None:
    if driver.wait(READY) == "failed":
        text = driver.js("() => document.querySelector('.py-error').textContent")
        pytest.fail(f"{driver.name}: Python failed while booting:\n{text}")


def fresh(driver: Driver, base: str, query: str = "", saved: str | None = None) -> None:
    """Empty the origin's localStorage (from a tiny page of it), store ``saved`` as the
    save if given (under the key of a site served at the root), then boot ``base + query``."""
    driver.goto(base + "static/icon.svg")
    driver.js("() => localStorage.clear()")
    if saved is not None:
        driver.js("text => localStorage.setItem('scorpion.save@/', text)", saved)
    boot(driver, base + query)


# No card moving: two frames on (a transition a DOM write starts has begun by then), every
# animation has ended. A point measured mid-glide would be stale.
STILL = """() => new Promise(resolve => {
    const frame = then => {
        let done = false;
        const once = () => { if (!done) { done = true; then(); } };
        requestAnimationFrame(once);
        setTimeout(once, 100);
    };
    frame(() => frame(() => resolve(
        document.getAnimations().every(a => a.playState !== 'running'))));
})"""


def click(driver: Driver, selector: str) -> None:
    """A click where a player would click ``selector``: on what is drawn there, once
    nothing moves (a table that scrolls under the pointer moves its cards too)."""
    point = None
    while True:  # the same point twice, nothing moving: a table that scrolled is measured again
        driver.wait(STILL)
        again = driver.wait(POINT, selector)
        if again == point:
            break
        point = again
    x, y = point
    driver.click_at(x, y)


def text(driver: Driver, selector: str) -> str:
    return str(driver.js("s => document.querySelector(s).textContent", selector))


def wait_text(driver: Driver, selector: str, expected: str) -> None:
    driver.wait("(s, t) => document.querySelector(s)?.textContent.trim() === t", selector, expected)


def wait_count(driver: Driver, selector: str, count: int) -> None:
    driver.wait("(s, n) => document.querySelectorAll(s).length === n", selector, count)


def owns(column: int | str, card: str) -> str:
    """The selector of column ``column`` (1-7) while it holds ``card``."""
    return f'[data-column="{column}"][aria-owns~="card-{card}"]'


COLUMN_OF = """card => {
    const e = document.querySelector(`[data-card="${card}"]`);
    return (e.closest('[data-column]')
        || document.querySelector(`[aria-owns~="${e.id}"]`)).dataset.column;
}"""


def play(driver: Driver, move: str) -> None:
    """One move of the notation, by clicks: the card, then the column (or the reserve for
    ``deal``); waits until the card has left its column."""
    if move == "deal":
        click(driver, "#deal-reserve")
        driver.wait("() => document.querySelector('#deal-reserve').disabled")
        return
    card, column = move.split(">")
    source = driver.js(COLUMN_OF, card)
    click(driver, f'[data-card="{card}"]')
    wait_count(driver, f'[data-card="{card}"][aria-pressed="true"]', 1)
    click(driver, f'[data-column="{column}"]')
    wait_count(driver, owns(source, card), 0)


def play_line(driver: Driver, moves: list[str]) -> None:
    """Moves of the notation through the table's click handlers, in the page (what
    ``play`` does with a driver's clicks, checked the same way, without a round trip per
    click): for the way to a position, where the clicks themselves are not the subject."""
    driver.js(PLAY_LINE, list(moves))


def description(game: Game, lang: str = "en") -> str:
    return describe(game, lang)


def after(moves: list[str]) -> Game:
    from e2e.ui import DECK

    game = Game.from_deck(DECK)
    for move in moves:
        game.play(Move.parse(move))
    return game


def choose_language(driver: Driver, lang: str) -> None:
    """As a player's choice in the <select>: its value set, then input and change."""
    driver.js(
        """lang => {
        const select = document.querySelector('#language');
        select.focus();
        select.value = lang;
        select.dispatchEvent(new Event('input', {bubbles: true}));
        select.dispatchEvent(new Event('change', {bubbles: true}));
    }""",
        lang,
    )
    driver.wait("lang => document.documentElement.lang === lang", lang)
