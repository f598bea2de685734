"""A first visit: the board the build baked into the page (tools/first_board.py) is on
screen before Python starts, in the player's language, with the loading pill saying how
far the boot has got; Python then adopts that very board (the same elements, where they
were) and takes input. A returning player's own saved board wins over the baked one.

Each test has a fresh browser profile; Python is held back by holding ``static/app.zip``
(the boot waits for it), and let go once the page has been looked at."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from e2e.ui import play, watched_context

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "static"))
from webapp import translated
from webapp.page_texts import loading_texts
from webapp.play.actuator import deal_line
from webapp.winnable import FIRST_DEAL

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from first_board import boot_files

from scorpion import Game

DESKTOP = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}
APP = "**/static/app.zip"
READY = "document.documentElement.dataset.ready === '1'"
# Every card's box (rounded to a tenth of a pixel), the live ones by name.
BOXES = """() => [...document.querySelectorAll('.card')].map(e => {
    const r = e.getBoundingClientRect();
    const box = [r.x, r.y, r.width, r.height].map(v => Math.round(v * 10) / 10);
    return [e.dataset.card || '', ...box];
})"""
TAG = "() => document.querySelectorAll('.card').forEach(e => e.baked = true)"
ALL_TAGGED = "() => [...document.querySelectorAll('.card')].every(e => e.baked === true)"
LIVE_CARDS = 4 * 4 + 3 * 7  # the first deal: columns 1-4 show 4 cards, 5-7 all 7


# Animations on the page that never end (a spinner's), by the element they run on.
ENDLESS = """() => document.getAnimations()
    .filter((a) => a.effect.getComputedTiming().iterations === Infinity)
    .map((a) => a.effect.target.id || a.effect.target.className)"""


def texts_in(lang: str) -> tuple[dict[str, str], str]:
    """The loading pill's texts and the deal line, in ``lang``, as Python words them."""
    translated.set_language(lang)
    try:
        return loading_texts(), deal_line(Game.new(FIRST_DEAL))
    finally:
        translated.set_language("en")


@contextmanager
def first_visit(browser: Browser, **options: Any) -> Iterator[Page]:
    """A page in a fresh profile (nothing saved), nothing gliding."""
    options = {"viewport": DESKTOP, "locale": "en-US", **options}
    with watched_context(browser, reduced_motion="reduce", **options) as context:
        yield context.new_page()


def held_back(page: Page, pattern: str = APP) -> Callable[[], None]:
    """Hold the requests of ``pattern``; returns the function that lets them go."""
    held: list[Route] = []
    page.route(pattern, lambda route: held.append(route))

    def release() -> None:
        page.unroute(pattern)
        for route in held:
            route.fallback()

    return release


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_baked_board_shows_before_python_and_python_adopts_it_in_place(
    browser: Browser, site_url: str, wait_ready: Any, viewport: dict[str, int]
) -> None:
    with first_visit(browser, viewport=viewport) as page:
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        release = held_back(page)
        page.goto(site_url)
        expect(page.locator("html")).to_have_attribute("data-paint", "baked")
        expect(page.locator(".card.live")).to_have_count(LIVE_CARDS)
        expect(page.locator(".card")).to_have_count(52)
        expect(page.locator("#deal-line")).to_have_text(f"Deal {FIRST_DEAL} · Classic")
        expect(page.locator("#loading")).to_be_visible()
        assert page.evaluate(READY) is False
        for card in ("QC", "5C", "9S", "2H"):  # each on screen, within the window
            box = page.locator(f"#card-{card}").bounding_box()
            assert box is not None and box["width"] > 20
            assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
            assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]
        before = page.evaluate(BOXES)
        page.evaluate(TAG)
        # A click before Python does nothing: no card is picked up once it is there.
        page.locator("#card-TD").click(force=True)
        release()
        wait_ready(page)
        assert page.evaluate(ALL_TAGGED), "Python drew the board again"
        assert page.evaluate(BOXES) == before, "the board moved when Python took over"
        expect(page.locator("#deal-line")).to_have_text(f"Deal {FIRST_DEAL} · Classic")
        expect(page.locator("#loading")).to_be_hidden()
        expect(page.locator('[aria-pressed="true"]')).to_have_count(0)
        expect(page.locator("#card-TD")).to_have_attribute("aria-label", re.compile("10"))
        play(page, "TD>3")  # the game takes input: TD onto JD
        expect(page.locator('[data-column="3"]')).to_have_attribute(
            "aria-owns", re.compile(r"card-JD card-TD$")
        )
        expect(page.locator("#score")).to_have_text("5")
        assert errors == []


# (language, how the page is asked for it): the address, or the browser's languages. Every
# language's paint and words, and how a language tag is matched, are told without a browser
# (tests/test_first_board.py); English is every other first visit's.
LANGUAGE_CASES = [
    ("sv", {"locale": "fr-FR"}, "?lang=sv"),
    ("zh-TW", {"locale": "zh-TW"}, ""),
]


@pytest.mark.parametrize(("lang", "options", "query"), LANGUAGE_CASES, ids=lambda v: str(v))
def test_the_loading_pill_and_the_board_speak_the_players_language(
    browser: Browser, site_url: str, wait_ready: Any, lang: str, options: dict, query: str
) -> None:
    steps, deal = texts_in(lang)
    english, _ = texts_in("en")
    download = re.escape(steps["download"])
    number = r"\d+[.,]\d"
    download = download.replace(r"\{loaded\}", number).replace(r"\{total\}", number)
    said = re.compile(
        "^(" + "|".join([re.escape(steps["loading"]), download, re.escape(steps["start"])]) + ")$"
    )
    with first_visit(browser, **options) as page:
        release_app = held_back(page)
        release_config = held_back(page, "**/pyscript.toml")  # PyScript waits for it
        page.goto(site_url + query)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("#deal-line")).to_have_text(deal)
        pill = page.locator("#loading-text")
        expect(pill).to_have_text(said)
        assert pill.inner_text() not in english.values()
        expect(page.locator("#loading")).to_have_attribute("role", "status")  # a live region
        release_app()  # the runtime is up, PyScript still waits for its configuration
        expect(pill).to_have_text(steps["ready"])
        expect(page.locator("#loading")).not_to_have_attribute("aria-busy", "true")  # said
        release_config()
        if query:  # the address's language, kept by Python too (the browser's languages
            # are chosen as the page's script chooses them: tests/test_first_board.py)
            wait_ready(page)
            expect(page.locator("#deal-line")).to_have_text(deal)
            assert page.evaluate("document.documentElement.lang") == lang


def test_a_returning_players_own_board_wins_over_the_baked_one(
    browser: Browser, site_url: str, wait_ready: Any
) -> None:
    with first_visit(browser) as page:
        page.goto(site_url)
        wait_ready(page)
        play(page, "TD>3")
        page.wait_for_function(
            "JSON.parse(localStorage.getItem('scorpion.paint@/') || '{}').texts?.score === '5'"
        )
        release = held_back(page)
        page.goto(site_url)
        expect(page.locator("html")).to_have_attribute("data-paint", "saved")
        expect(page.locator('[data-column="3"]')).to_have_attribute(
            "aria-owns", re.compile(r"card-JD card-TD$")
        )
        expect(page.locator("#score")).to_have_text("5")
        assert page.evaluate(READY) is False
        page.evaluate(TAG)
        release()
        wait_ready(page)
        assert page.evaluate(ALL_TAGGED)
        expect(page.locator("#score")).to_have_text("5")


def test_a_link_to_a_game_or_a_saved_game_gets_no_baked_board(
    browser: Browser, site_url: str, wait_ready: Any
) -> None:
    """Python deals those, not the newcomer's deal: nothing is painted before it."""
    with first_visit(browser) as page:
        release = held_back(page)
        page.goto(site_url + "?deal=42")
        expect(page.locator("#loading")).to_be_visible()
        assert page.locator(".card").count() == 0
        assert page.evaluate("document.documentElement.dataset.paint") is None
        release()
        wait_ready(page)
        expect(page.locator("#deal-line")).to_have_text("Deal 42 · Classic")
        page.goto(site_url + "static/icon.svg")  # the game left: it keeps its paint on the way
        page.evaluate("localStorage.removeItem('scorpion.paint@/')")  # the save stays
        release = held_back(page)
        page.goto(site_url)
        expect(page.locator("#loading")).to_be_visible()
        assert page.locator(".card").count() == 0
        release()
        wait_ready(page)
        expect(page.locator("#deal-line")).to_have_text("Deal 42 · Classic")


def test_the_pill_counts_the_wasm_as_it_comes_and_the_bar_moves_with_it(
    browser: Browser, site_url: str, site_dir: Path, wait_ready: Any
) -> None:
    """The boot tells how much of the wasm has come (``scorpion-boot``: pyodide-boot.mjs
    dispatches it per chunk); the pill adds that to the files already whole, and its bar
    moves with it. Malformed news and news of another file are ignored. Nothing on the
    page animates without end while Python starts."""
    files = boot_files(site_dir)
    wasm, app = "static/vendor/pyodide/pyodide.asm.wasm", "static/app.zip"
    whole = sum(files.values())
    others = whole - files[wasm] - files[app]
    with first_visit(browser, locale="sv-SE") as page:
        release = held_back(page, "**/pyodide.asm.wasm")  # not a byte of it yet
        release_app = held_back(page)  # nor of app.zip
        page.goto(site_url)
        tell = "detail => dispatchEvent(new CustomEvent('scorpion-boot', {detail}))"
        page.evaluate(tell, {"url": wasm, "loaded": 3_200_000})
        said = (others + 3_200_000) / 1e6
        text = f"Hämtar spelet: {said:.1f} av {whole / 1e6:.1f} MB".replace(".", ",")
        expect(page.locator("#loading-text")).to_have_text(text)
        expect(page.locator("#loading-bar")).to_be_visible()
        # a live region whose figures change a few times a second: busy until the next step
        expect(page.locator("#loading")).to_have_attribute("aria-busy", "true")
        scale = f"{(others + 3_200_000) / whole:.3f}"
        expect(page.locator("#loading-done")).to_have_attribute(
            "style", f"transform: scaleX({scale});"
        )
        for bad in ({"url": wasm, "loaded": "x"}, {"url": "static/app.css", "loaded": 9e6}, {}):
            page.evaluate(tell, bad)
        page.evaluate("() => new Promise((done) => setTimeout(done, 300))")  # past a batch
        expect(page.locator("#loading-text")).to_have_text(text)
        # An endless animation's frames would take the CPU Python needs to start.
        assert page.evaluate(ENDLESS) == []
        release()
        release_app()
        wait_ready(page)
