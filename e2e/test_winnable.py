"""New game's "Winnable deals only" in the page: the deal comes from the variant's shipped
list (the deals the solver proved winnable), fetched from the server, and a list that
cannot be fetched leaves the game on the table alone; a typed number wins. Offline the
service worker's copy serves (``e2e/test_offline.py``). That the choice is remembered is
told on the fakes (``tests/webapp/test_stats_settings.py``, ``test_dialogs.py``).

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


def test_winnable_deals_come_from_the_list_fetched_and_a_typed_number_wins(
    fresh: Page, site_url: str, wait_ready
) -> None:
    page = fresh
    errors = boot(page, site_url + "?deal=7&variant=relaxed", wait_ready)
    held: list[Route] = []
    page.route("**/static/data/winnable-*.json", lambda route: held.append(route))
    with page.expect_request("**/static/data/winnable-relaxed.json"):
        open_new_game(page)  # on for a newcomer: fetched as the dialog opens
    expect(page.locator("#ng-winnable")).to_be_checked()
    # Start while the list is on its way: the dialog waits and says so; the list fails.
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
    expect(page.locator("#deal-line")).to_have_text("Deal 7 · Relaxed")  # the game on the table
    page.unroute("**/static/data/winnable-*.json")

    expect(page.locator("#ng-winnable-label")).to_have_text("Winnable deals only")
    expect(page.locator("#ng-deal-help")).to_contain_text("random winnable deal")
    page.uncheck("#ng-winnable")
    expect(page.locator("#ng-deal-help")).to_have_text("Leave empty for a random deal.")
    page.check("#ng-winnable")
    expect(page.locator("#ng-deal-help")).to_contain_text("random winnable deal")
    expect(page.locator("#ng-deal")).to_have_attribute("placeholder", "random winnable")
    page.click("#ng-cancel")

    # The list can be had again: each Start deals from it (fetched anew after the failure).
    seen = set()
    for variant in ("relaxed", "classic", "relaxed"):
        number = start_winnable(page, variant)
        assert number in LISTS[variant], (variant, number)
        assert number not in seen  # never the deal just played
        seen = {number}
        expect(page.locator("#status")).to_have_text(f"New game: deal {number}, proven winnable.")

    # A typed number is dealt as typed, on the list or not.
    open_new_game(page)
    page.check("#ng-winnable")
    page.check("#ng-classic")
    page.fill("#ng-deal", str(NOT_ON_THE_CLASSIC_LIST))
    page.click("#ng-start")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    expect(page.locator("#deal-line")).to_have_text(f"Deal {NOT_ON_THE_CLASSIC_LIST} · Classic")
    expect(page.locator("#status")).to_have_text(f"New game: deal {NOT_ON_THE_CLASSIC_LIST}.")
    # Nothing of the failure reached the page as an error.
    assert errors == []
    assert page.locator(".py-error").count() == 0
