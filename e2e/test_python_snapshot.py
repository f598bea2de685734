"""Every visit, the first included, starts Python from the memory snapshot the site ships
(static/python.snapshot, made at build time by tools/make_snapshot.mjs; restored by
static/python-snapshot.mjs and pyodide-boot.mjs), and nothing is lost when that snapshot
is missing or broken: Python then starts as usual.

A restore leaves the ``scorpion-restored`` performance mark.
"""

from __future__ import annotations

import zlib
from typing import Any

import pytest
from playwright.sync_api import Browser, Route, expect

from e2e.ui import DECK, LINE, blank, open_game, play, watched_context

RESTORED = 'performance.getEntriesByName("scorpion-restored").length > 0'
SNAPSHOT = "**/static/python.snapshot"


def test_the_first_visit_and_the_next_restore_python_and_the_game(
    browser: Browser, site_url: str, wait_ready: Any
) -> None:
    with watched_context(browser) as context:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        blank(page, site_url)
        open_game(page, site_url, "?deck=" + DECK, wait_ready)
        assert page.evaluate(RESTORED)  # a fresh browser: the shipped snapshot
        play(page, LINE[0])
        expect(page.locator("#undo")).to_be_enabled()

        page.reload()
        wait_ready(page)
        assert page.evaluate(RESTORED)
        expect(page.locator("#undo")).to_be_enabled()  # the move is still there
        for move in LINE[1:4]:  # and the restored Python plays on
            play(page, move)
        page.click("#undo")
        assert errors == []


def test_restored_pythons_do_not_share_their_random_numbers(
    browser: Browser, site_url: str, wait_ready: Any
) -> None:
    """With no save, the page deals a random game: two restores of the same snapshot must
    not deal the same one (the snapshot holds the random generator's state)."""
    with watched_context(browser) as context:
        page = context.new_page()
        blank(page, site_url)
        deals = []
        for _ in range(2):
            for key in ("scorpion.save", "scorpion.paint"):
                page.evaluate(f"localStorage.removeItem('{key}')")
            page.goto(site_url)
            wait_ready(page)
            assert page.evaluate(RESTORED)
            deals.append(page.locator("#deal-line").inner_text())
        assert deals[0] != deals[1], deals


# What can be wrong with the snapshot a page gets: not there (a host that dropped the big
# file), bytes that do not inflate, or inflated bytes that are no snapshot.
DAMAGE: dict[str, dict[str, Any]] = {
    "gone": {"status": 404, "body": "Not found"},
    "garbled": {"status": 200, "body": bytes(range(256)) * 64},
    "not a snapshot": {"status": 200, "body": zlib.compress(b"\7" * (1 << 20))[2:-4]},
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_broken_snapshot_costs_only_the_speed(
    browser: Browser, site_url: str, wait_ready: Any, damage: str
) -> None:
    # No service worker: it would answer the reload from its cache, where routes never look.
    with watched_context(browser, service_workers="block") as context:
        page = context.new_page()
        blank(page, site_url)
        open_game(page, site_url, "?deck=" + DECK, wait_ready)
        play(page, LINE[0])

        def spoil(route: Route) -> None:
            route.fulfill(content_type="application/octet-stream", **DAMAGE[damage])

        page.route(SNAPSHOT, spoil)
        warnings: list[str] = []
        page.on("console", lambda message: warnings.append(message.text))
        page.reload()
        wait_ready(page)
        assert not page.evaluate(RESTORED)
        assert any("did not restore" in text for text in warnings), warnings
        expect(page.locator("#undo")).to_be_enabled()  # the game is as it was
        play(page, LINE[1])  # and Python, started afresh, plays on


def test_the_snapshots_earlier_versions_made_are_dropped(
    browser: Browser, site_url: str, wait_ready: Any
) -> None:
    """Before the site shipped its snapshot, each browser made one (13.5 MB in Cache
    Storage, noted in localStorage); the first visit of this version lets it go."""
    with watched_context(browser) as context:
        page = context.new_page()
        blank(page, site_url)
        page.evaluate(
            """async () => {
                localStorage.setItem("scorpion.python-snapshot", "0123456789abcdef");
                const cache = await caches.open("python-snapshots");
                await cache.put(location.origin + "/static/python-0123456789abcdef.snapshot",
                                new Response(new Uint8Array(1 << 16)));
            }"""
        )
        open_game(page, site_url, "?deck=" + DECK, wait_ready)
        page.wait_for_function(
            """async () => !(await caches.has("python-snapshots"))
                && localStorage.getItem("scorpion.python-snapshot") === null"""
        )
