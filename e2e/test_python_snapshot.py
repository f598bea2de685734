"""A returning visit starts Python from the memory snapshot an earlier visit made
(static/python-snapshot.mjs), and nothing is lost when that snapshot is missing or broken.

The first visit has no snapshot: Python starts as usual, and once the game has taken input
for a few seconds a worker makes one (``<html data-snapshot="made">``). The next load
restores it (the ``scorpion-restored`` performance mark).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.ui import DECK, LINE, blank, open_game, play, watched_context

# The worker waits 3 s of play, then boots its own Python: allow for a loaded machine.
SNAPSHOT_MS = 120_000
MADE = 'document.documentElement.dataset.snapshot === "made"'
RESTORED = 'performance.getEntriesByName("scorpion-restored").length > 0'
CACHE = "python-snapshots"
FLAG = "scorpion.python-snapshot"


def first_visit(page: Page, site_url: str, wait_ready: Any) -> None:
    """A visit with no snapshot, which stays until its worker has made one."""
    blank(page, site_url)
    open_game(page, site_url, "?deck=" + DECK, wait_ready)
    assert not page.evaluate(RESTORED)
    page.wait_for_function(MADE, timeout=SNAPSHOT_MS)
    version = page.evaluate("document.documentElement.dataset.version")
    assert page.evaluate(f"localStorage.getItem('{FLAG}')") == version


def cached_snapshots(page: Page) -> list[str]:
    return page.evaluate(
        f"async () => (await (await caches.open('{CACHE}')).keys()).map(r => r.url)"
    )


def test_a_returning_visit_restores_python_and_the_game(
    browser: Browser, site_url: str, wait_ready: Any
) -> None:
    with watched_context(browser) as context:
        page = context.new_page()
        first_visit(page, site_url, wait_ready)
        version = page.evaluate("document.documentElement.dataset.version")
        assert cached_snapshots(page) == [f"{site_url}static/python-{version}.snapshot"]
        play(page, LINE[0])
        expect(page.locator("#undo")).to_be_enabled()

        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.reload()
        wait_ready(page)
        assert page.evaluate(RESTORED)
        expect(page.locator("#undo")).to_be_enabled()  # the move is still there
        for move in LINE[1:4]:  # and the restored Python plays on
            play(page, move)
        page.click("#undo")
        assert errors == []
        # A restored page has nothing to make: it never starts a worker.
        assert page.evaluate("document.documentElement.dataset.snapshot") is None


def test_restored_pythons_do_not_share_their_random_numbers(
    browser: Browser, site_url: str, wait_ready: Any
) -> None:
    """With no save, the page deals a random game: two restores of the same snapshot must
    not deal the same one (the snapshot holds the random generator's state)."""
    with watched_context(browser) as context:
        page = context.new_page()
        first_visit(page, site_url, wait_ready)
        deals = []
        for _ in range(2):
            for key in ("scorpion.save", "scorpion.paint"):
                page.evaluate(f"localStorage.removeItem('{key}')")
            page.reload()
            wait_ready(page)
            assert page.evaluate(RESTORED)
            deals.append(page.locator("#deal-line").inner_text())
        assert deals[0] != deals[1], deals


# What can be wrong with the stored snapshot: damaged bytes, or gone (the browser evicted
# Cache Storage but kept localStorage's note that there is one).
DAMAGE = {
    "damaged": """async (name) => {
        const cache = await caches.open(name);
        for (const request of await cache.keys())
            await cache.put(request, new Response(new Uint8Array(1 << 20).fill(7)));
    }""",
    "gone": "async (name) => { await caches.delete(name); }",
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_broken_snapshot_costs_only_the_speed(
    browser: Browser, site_url: str, wait_ready: Any, damage: str
) -> None:
    with watched_context(browser) as context:
        page = context.new_page()
        first_visit(page, site_url, wait_ready)
        play(page, LINE[0])
        page.evaluate(DAMAGE[damage], CACHE)
        warnings: list[str] = []
        page.on("console", lambda message: warnings.append(message.text))
        page.reload()
        wait_ready(page)
        assert not page.evaluate(RESTORED)
        assert any("did not restore" in text for text in warnings), warnings
        expect(page.locator("#undo")).to_be_enabled()  # the game is as it was
        assert page.evaluate(f"localStorage.getItem('{FLAG}')") is None
        # the broken one is replaced by a good one, which the next visit restores
        page.wait_for_function(MADE, timeout=SNAPSHOT_MS)
        page.reload()
        wait_ready(page)
        assert page.evaluate(RESTORED)
        expect(page.locator("#undo")).to_be_enabled()
