"""New game's "Winnable deals only": the deal comes from the variant's shipped list (the
deals the solver proved winnable), the choice is remembered, a typed number wins, a list
that cannot be fetched leaves the game on the table alone, and offline the service
worker's copy serves.

Tests wait for conditions (``expect``, ``wait_for_function``), never for fixed times.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

ROOT = Path(__file__).resolve().parent.parent
LISTS = {
    variant: set(
        json.loads(
            (ROOT / "static" / "data" / f"winnable-{variant}.json").read_text(encoding="utf-8")
        )["deals"]
    )
    for variant in ("classic", "relaxed")
}
DEAL_LINE = re.compile(r"(\d+)")
# A deal number the classic list lacks (a typed number is dealt all the same).
NOT_ON_THE_CLASSIC_LIST = min(set(range(1, 50)) - LISTS["classic"])


@pytest.fixture(scope="module")
def shared(browser: Browser) -> Iterator[BrowserContext]:
    """One context for the module (warm HTTP cache), no service worker (this module fetches
    the lists from the server, or fails them with ``page.route``)."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 900},
        locale="en-US",
        reduced_motion="reduce",
        service_workers="block",
    )
    yield context
    context.close()


def boot(page: Page, url: str, wait_ready) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    wait_ready(page)
    return errors


def deal_number(page: Page) -> int:
    text = page.locator("#deal-line").inner_text()
    found = DEAL_LINE.search(text)
    assert found, text
    return int(found.group(1))


def open_new_game(page: Page) -> None:
    page.click("#new-game")
    expect(page.locator("#new-game-dialog")).to_be_visible()


def start_winnable(page: Page, variant: str) -> int:
    """Start a new game with the option on and no number; the new deal's number."""
    before = page.locator("#deal-line").inner_text()
    open_new_game(page)
    page.check("#ng-winnable")
    page.check(f"#ng-{variant}")
    expect(page.locator("#ng-deal")).to_have_value("")
    page.click("#ng-start")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    expect(page.locator("#deal-line")).not_to_have_text(before)
    return deal_number(page)


def test_winnable_deals_come_from_the_list_and_the_choice_is_remembered(
    fresh: Page, site_url: str, wait_ready
) -> None:
    page = fresh
    errors = boot(page, site_url, wait_ready)
    open_new_game(page)
    expect(page.locator("#ng-winnable")).to_be_checked()  # on for a newcomer
    expect(page.locator("#ng-winnable-label")).to_have_text("Winnable deals only")
    expect(page.locator("#ng-deal-help")).to_contain_text("random winnable deal")
    page.uncheck("#ng-winnable")
    expect(page.locator("#ng-deal-help")).to_have_text("Leave empty for a random deal.")
    page.check("#ng-winnable")
    expect(page.locator("#ng-deal-help")).to_contain_text("random winnable deal")
    expect(page.locator("#ng-deal")).to_have_attribute("placeholder", "random winnable")
    page.click("#ng-cancel")

    seen = set()
    for variant in ("classic", "relaxed", "classic"):
        number = start_winnable(page, variant)
        assert number in LISTS[variant], (variant, number)
        assert number not in seen  # never the deal just played
        seen = {number}
        expect(page.locator("#status")).to_have_text(f"New game: deal {number}, proven winnable.")

    # Remembered across a reload, in the save's settings.
    page.reload()
    wait_ready(page)
    settings = page.evaluate("JSON.parse(localStorage.getItem('scorpion.save@/')).settings")
    assert settings["winnable_only"] is True
    open_new_game(page)
    expect(page.locator("#ng-winnable")).to_be_checked()
    expect(page.locator("#ng-deal-help")).to_contain_text("random winnable deal")

    # Unticked: remembered too.
    page.uncheck("#ng-winnable")
    expect(page.locator("#ng-deal")).to_have_attribute("placeholder", "random")
    page.click("#ng-cancel")
    page.reload()
    wait_ready(page)
    open_new_game(page)
    expect(page.locator("#ng-winnable")).not_to_be_checked()
    assert errors == []


def test_a_typed_number_is_dealt_as_typed(fresh: Page, site_url: str, wait_ready) -> None:
    page = fresh
    errors = boot(page, site_url, wait_ready)
    open_new_game(page)
    page.check("#ng-winnable")
    page.check("#ng-classic")
    page.fill("#ng-deal", str(NOT_ON_THE_CLASSIC_LIST))
    page.click("#ng-start")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    expect(page.locator("#deal-line")).to_have_text(f"Deal {NOT_ON_THE_CLASSIC_LIST} · Classic")
    expect(page.locator("#status")).to_have_text(f"New game: deal {NOT_ON_THE_CLASSIC_LIST}.")
    assert errors == []


def test_a_list_that_cannot_be_fetched_changes_nothing(
    fresh: Page, site_url: str, wait_ready
) -> None:
    page = fresh
    errors = boot(page, site_url + "?deal=7&variant=relaxed", wait_ready)
    held: list[Route] = []
    page.route("**/static/data/winnable-*.json", lambda route: held.append(route))
    with page.expect_request("**/static/data/winnable-relaxed.json"):
        open_new_game(page)  # on for a newcomer: fetched as the dialog opens
    expect(page.locator("#ng-winnable")).to_be_checked()
    # Start while the list is on its way: the dialog waits and says so.
    page.click("#ng-start")
    status, form = page.locator("#ng-status"), page.locator("#ng-form")
    expect(status).to_have_text("Loading the winnable deals…")
    expect(form).to_have_attribute("aria-busy", "true")
    assert len(held) == 1
    held[0].fulfill(status=404, body="Not found")
    expect(status).to_have_text(re.compile(r"^The list of winnable deals could not be loaded"))
    expect(status).to_have_class(re.compile(r"\berror\b"))
    expect(form).not_to_have_attribute("aria-busy", "true")
    expect(page.locator("#new-game-dialog")).to_be_visible()
    expect(page.locator("#deal-line")).to_have_text("Deal 7 · Relaxed")

    # The list can be had again: Start fetches it anew and deals from it.
    page.unroute("**/static/data/winnable-*.json")
    page.click("#ng-start")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    # A new deal from the list (never the one on the table, deal 7, which is on it too).
    expect(page.locator("#deal-line")).not_to_have_text("Deal 7 · Relaxed")
    number = deal_number(page)
    assert number in LISTS["relaxed"] and number != 7
    expect(page.locator("#deal-line")).to_have_text(f"Deal {number} · Relaxed")
    # Nothing of the failure reached the page as an error.
    assert errors == []
    assert page.locator(".py-error").count() == 0


def test_offline_the_service_workers_copy_serves(
    context: BrowserContext, page: Page, site_url_subpath: str, wait_ready, console_errors
) -> None:
    """Under a sub-path (relative address), after one online visit, with the network off."""
    page.goto(site_url_subpath)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    # The page has not fetched the lists; the worker has them precached all the same.
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    number = start_winnable(page, "classic")
    assert number in LISTS["classic"]
    assert console_errors == []
