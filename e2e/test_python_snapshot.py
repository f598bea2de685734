"""Every visit, the first included, starts Python from a memory snapshot
(static/python-snapshot.mjs), and nothing is lost when a snapshot is missing or broken:
Python then starts as usual.

The site ships the snapshot (static/python.snapshot, deflated; made at build time by
tools/make_snapshot.mjs). A visit that restored it keeps the inflated copy in Cache Storage
once the game is idle (``<html data-snapshot>``: "shipped", then "kept"), and later visits
restore that copy ("kept" at once). A restore leaves the ``scorpion-restored`` mark.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from e2e.ui import DECK, LINE, blank, open_game, play, watched_context

RESTORED = 'performance.getEntriesByName("scorpion-restored").length > 0'
STATE = "document.documentElement.dataset.snapshot"
KEPT = f'{STATE} === "kept"'
CACHE = "python-snapshots"
NOTE = "scorpion.python-snapshot"
SHIPPED = "**/static/python.snapshot"
CONTROLLED = "navigator.serviceWorker.controller !== null"
KEEP_MS = 60_000  # the copy is written once the game is idle: allow for a loaded machine


def kept_copies(page: Page) -> list[str]:
    return page.evaluate(
        f"async () => (await (await caches.open('{CACHE}')).keys()).map(r => r.url)"
    )


def watch_requests(page: Page) -> list[str]:
    """The URLs the page asks for from now on (from the network or its service worker)."""
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url))
    return seen


def asked_for_the_shipped_snapshot(requests: list[str]) -> bool:
    return any(url.endswith("/static/python.snapshot") for url in requests)


def first_visit(page: Page, site_url: str, wait_ready: Any) -> None:
    """A visit with no copy kept: the shipped snapshot, then its copy kept."""
    open_game(page, site_url, "?deck=" + DECK, wait_ready)
    assert page.evaluate(RESTORED)
    assert page.evaluate(STATE) in ("shipped", "kept")
    page.wait_for_function(KEPT, timeout=KEEP_MS)
    version = page.evaluate("document.documentElement.dataset.version")
    assert page.evaluate(f"localStorage.getItem('{NOTE}')") == version
    assert kept_copies(page) == [f"{site_url}static/python-{version}.snapshot"]


def test_the_first_visit_and_the_next_restore_python_and_the_game(
    browser: Browser, site_url: str, wait_ready: Any
) -> None:
    with watched_context(browser) as context:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        blank(page, site_url)
        first_visit(page, site_url, wait_ready)
        play(page, LINE[0])
        expect(page.locator("#undo")).to_be_enabled()

        requests = watch_requests(page)
        page.reload()
        wait_ready(page)
        assert page.evaluate(RESTORED)
        assert page.evaluate(STATE) == "kept"  # from the copy: nothing inflated
        assert not asked_for_the_shipped_snapshot(requests)
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
        first_visit(page, site_url, wait_ready)
        deals = []
        for _ in range(2):
            for key in ("scorpion.save@/", "scorpion.paint@/"):
                page.evaluate(f"localStorage.removeItem('{key}')")
            page.goto(site_url)
            wait_ready(page)
            assert page.evaluate(RESTORED)
            deals.append(page.locator("#deal-line").inner_text())
        assert deals[0] != deals[1], deals


# What Chromium's Network Information API says of a slow connection, or of a player who asks
# to save data.
CONNECTIONS = {
    "3g": {"effectiveType": "3g", "saveData": False},
    "save-data": {"effectiveType": "4g", "saveData": True},
}


@pytest.mark.parametrize("connection", sorted(CONNECTIONS))
def test_a_slow_first_visit_starts_python_itself_and_the_next_restores(
    browser: Browser, site_url: str, wait_ready: Any, connection: str
) -> None:
    """Pyodide waits for the whole snapshot before it compiles the runtime: on a slow
    connection, a first visit does better without it. The service worker brings it with
    the offline copy, and the next visit restores it from there."""
    with watched_context(browser) as context:
        context.add_init_script(
            "Object.defineProperty(Navigator.prototype, 'connection', "
            f"{{configurable: true, get: () => ({json.dumps(CONNECTIONS[connection])})}});"
        )
        page = context.new_page()
        requests = watch_requests(page)
        blank(page, site_url)
        open_game(page, site_url, "?deck=" + DECK, wait_ready)
        assert not page.evaluate(RESTORED)
        assert page.evaluate(STATE) == "none"
        assert not asked_for_the_shipped_snapshot(requests)
        play(page, LINE[0])
        page.wait_for_function(CONTROLLED)
        page.reload()
        wait_ready(page)
        assert page.evaluate(RESTORED)
        expect(page.locator("#undo")).to_be_enabled()


# What can be wrong with the shipped snapshot: not there (a host that dropped the big file),
# bytes that do not inflate, or inflated bytes that are no snapshot.
SPOILED: dict[str, dict[str, Any]] = {
    "gone": {"status": 404, "body": "Not found"},
    "garbled": {"status": 200, "body": bytes(range(256)) * 64},
    "not a snapshot": {"status": 200, "body": zlib.compress(b"\7" * (1 << 20))[2:-4]},
}


@pytest.mark.parametrize("damage", sorted(SPOILED))
def test_a_broken_shipped_snapshot_costs_only_the_speed(
    browser: Browser, site_url: str, wait_ready: Any, damage: str
) -> None:
    # No service worker: it would answer the reload from its cache, where routes never look.
    with watched_context(browser, service_workers="block") as context:
        page = context.new_page()
        blank(page, site_url)

        def spoil(route: Route) -> None:
            route.fulfill(content_type="application/octet-stream", **SPOILED[damage])

        page.route(SHIPPED, spoil)
        warnings: list[str] = []
        page.on("console", lambda message: warnings.append(message.text))
        open_game(page, site_url, "?deck=" + DECK, wait_ready)
        assert not page.evaluate(RESTORED)
        assert page.evaluate(STATE) == "none"
        assert any("did not restore" in text for text in warnings), warnings
        play(page, LINE[0])  # Python, started afresh, plays
        expect(page.locator("#undo")).to_be_enabled()


# What can be wrong with the kept copy: damaged bytes, or gone (the browser evicted Cache
# Storage but kept localStorage's note that there is one).
DAMAGE = {
    "damaged": """async (name) => {
        const cache = await caches.open(name);
        for (const request of await cache.keys())
            await cache.put(request, new Response(new Uint8Array(1 << 20).fill(7)));
    }""",
    "gone": "async (name) => { await caches.delete(name); }",
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_broken_kept_copy_costs_only_the_speed(
    browser: Browser, site_url: str, wait_ready: Any, damage: str
) -> None:
    with watched_context(browser) as context:
        page = context.new_page()
        blank(page, site_url)
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
        assert page.evaluate(f"localStorage.getItem('{NOTE}')") is None
        # the next visit takes the shipped one again, and keeps a good copy
        page.reload()
        wait_ready(page)
        assert page.evaluate(RESTORED)
        page.wait_for_function(KEPT, timeout=KEEP_MS)
        expect(page.locator("#undo")).to_be_enabled()


def test_a_new_version_keeps_its_own_copy_and_drops_the_old(
    browser: Browser, site_url: str, wait_ready: Any
) -> None:
    with watched_context(browser) as context:
        page = context.new_page()
        blank(page, site_url)
        old = site_url + "static/python-0123456789abcdef.snapshot"
        page.evaluate(
            """async ([name, note, old]) => {
                localStorage.setItem(note, "0123456789abcdef");
                await (await caches.open(name)).put(old, new Response(new Uint8Array(64)));
            }""",
            [CACHE, NOTE, old],
        )
        first_visit(page, site_url, wait_ready)  # checks that only this version's copy is left
