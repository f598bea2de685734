"""Every visit starts Python from a memory snapshot (static/python-snapshot.mjs), a first
visit only from a server close by or over a fast link, and nothing is lost when a snapshot
is missing or broken: Python then starts as usual.

The site ships the snapshot (static/python.snapshot, deflated; made at build time by
tools/make_snapshot.mjs). A visit that restored it keeps the inflated copy in Cache Storage
once the game is idle (``<html data-snapshot>``: "shipped", then "kept"), and later visits
restore that copy ("kept" at once), once its SHA-256 matches the one the build stamped into
python-snapshot.mjs: a copy that does not is dropped, and the shipped one restored. A
restore leaves the ``scorpion-restored`` mark. Names are scoped by the site's folder
(``/`` here): the cache and the localStorage note are ``scorpion.python-snapshot@/``.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, Page, Route, expect

from e2e.ui import DECK, LINE, blank, open_game, play, watched_context

RESTORED = 'performance.getEntriesByName("scorpion-restored").length > 0'
STATE = "document.documentElement.dataset.snapshot"
KEPT = f'{STATE} === "kept"'
CACHE = "scorpion.python-snapshot@/"
NOTE = "scorpion.python-snapshot@/"
LEGACY_CACHE = "python-snapshots"  # unscoped, of earlier builds
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
    """A visit with no copy kept: the shipped snapshot, then its copy kept. (A first visit
    fetches it only from a server close by, which this machine's is unless it was slow to
    answer: one that went without restores it on the next visit, from the service worker.)"""
    open_game(page, site_url, "?deck=" + DECK, wait_ready)
    if page.evaluate(STATE) == "none":
        assert not page.evaluate(RESTORED)
        page.wait_for_function(CONTROLLED)
        page.reload()
        wait_ready(page)
    assert page.evaluate(RESTORED)
    assert page.evaluate(STATE) in ("shipped", "kept")
    page.wait_for_function(KEPT, timeout=KEEP_MS)
    version = page.evaluate("document.documentElement.dataset.version")
    assert page.evaluate(f"localStorage.getItem('{NOTE}')") == version
    assert kept_copies(page) == [f"{site_url}static/python-{version}.snapshot"]


def test_the_first_visit_and_the_next_restore_python_and_the_game(
    browser: Browser, site_url: str, wait_ready: Any
) -> None:
    """A first visit keeps this version's copy and drops an older version's, and what
    earlier builds kept unscoped: this copy's entry goes, another copy's stays. The next
    visit restores Python from the copy, with the game. Restores of the same snapshot do
    not share their random numbers: a link for "any Relaxed deal" deals a random one, which
    is not the same on every visit (the snapshot holds the random generator's state; a
    newcomer's first deal is always the same: webapp.winnable.FIRST_DEAL)."""
    with watched_context(browser, service_workers="allow") as context:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        blank(page, site_url)
        old = site_url + "static/python-0123456789abcdef.snapshot"
        others = site_url + "b/static/python-0123456789abcdef.snapshot"
        page.evaluate(
            """async ([name, note, old, legacy, others]) => {
                localStorage.setItem(note, "0123456789abcdef");
                await (await caches.open(name)).put(old, new Response(new Uint8Array(64)));
                const unscoped = await caches.open(legacy);
                await unscoped.put(old, new Response(new Uint8Array(64)));
                await unscoped.put(others, new Response(new Uint8Array(64)));
            }""",
            [CACHE, NOTE, old, LEGACY_CACHE, others],
        )
        first_visit(page, site_url, wait_ready)  # checks that only this version's copy is left
        left = page.evaluate(
            f"async () => (await (await caches.open('{LEGACY_CACHE}')).keys()).map(r => r.url)"
        )
        assert left == [others]
        play(page, LINE[0])
        expect(page.locator("#undo")).to_be_enabled()

        requests = watch_requests(page)
        readers: list[str] = []
        page.on("worker", lambda worker: readers.append(worker.url))
        page.reload()
        wait_ready(page)
        assert page.evaluate(RESTORED)
        assert page.evaluate(STATE) == "kept"  # from the copy: nothing inflated
        assert not asked_for_the_shipped_snapshot(requests)
        # read, checked and unpacked off the page's thread, by a worker gone since
        assert readers == [f"{site_url}static/snapshot-reader.mjs"], readers
        assert [worker.url for worker in page.workers] == []
        expect(page.locator("#undo")).to_be_enabled()  # the move is still there
        for move in LINE[1:4]:  # and the restored Python plays on
            play(page, move)
        page.click("#undo")
        assert errors == []

        deals = []
        for _ in range(2):
            for key in ("scorpion.save@/", "scorpion.paint@/"):
                page.evaluate(f"localStorage.removeItem('{key}')")
            page.goto(site_url + "?variant=relaxed")
            wait_ready(page)
            assert page.evaluate(RESTORED)
            deals.append(page.locator("#deal-line").inner_text())
        assert len(set(deals)) > 1, deals


# What Chromium's Network Information API says of a slow connection. The choice for each
# connection (3G or slower, saving data) is told under Node (tests/test_link_rate.py); this
# is the page acting on it.
SLOW_CONNECTION = {"effectiveType": "3g", "saveData": False}


def test_a_slow_first_visit_starts_python_itself_and_the_next_restores(
    browser: Browser, site_url: str, wait_ready: Any
) -> None:
    """Pyodide waits for the whole snapshot before it compiles the runtime: on a slow
    connection, a first visit does better without it. The service worker brings it with
    the offline copy, and the next visit restores it from there."""
    with watched_context(browser, service_workers="allow") as context:
        context.add_init_script(
            "Object.defineProperty(Navigator.prototype, 'connection', "
            f"{{configurable: true, get: () => ({json.dumps(SLOW_CONNECTION)})}});"
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


# A host that dropped the big file. Every way the shipped snapshot can be wrong (not there,
# not deflated, not a packed snapshot) makes its bytes' promise reject, told under Node
# (tests/test_snapshot_download.py); this is the page starting Python afresh after it.
GONE = {"status": 404, "body": "Not found"}


# The page's own response as from a server close by, whatever this machine's load: a first
# visit then asks for the shipped snapshot (python-snapshot.mjs, link-rate.mjs `nearby`).
NEARBY = """(() => {
    const entries = performance.getEntriesByType.bind(performance);
    const nearby = [{ requestStart: 1, responseStart: 1.5, responseEnd: 2 }];
    performance.getEntriesByType = (type) => (type === "navigation" ? nearby : entries(type));
})();"""


def test_a_broken_shipped_snapshot_costs_only_the_speed(
    browser: Browser, site_url: str, wait_ready: Any
) -> None:
    # No service worker: it would answer the reload from its cache, where routes never look.
    with watched_context(browser, service_workers="block") as context:
        context.add_init_script(NEARBY)
        page = context.new_page()
        blank(page, site_url)

        def spoil(route: Route) -> None:
            route.fulfill(content_type="application/octet-stream", **GONE)

        page.route(SHIPPED, spoil)
        warnings: list[str] = []
        page.on("console", lambda message: warnings.append(message.text))
        open_game(page, site_url, "?deck=" + DECK, wait_ready)
        assert not page.evaluate(RESTORED)
        assert page.evaluate(STATE) == "none"
        assert any("did not restore" in text for text in warnings), warnings
        play(page, LINE[0])  # Python, started afresh, plays
        expect(page.locator("#undo")).to_be_enabled()


# The kept copy rewritten as another page of the origin could: a well-formed packed snapshot
# of other memory, which only the SHA-256 tells apart. Every way the copy can break
# (damaged, of another memory, gone, or not restoring) is told under Node, visit after
# visit (tests/test_snapshot_kept.py); this is the page acting on one.
ANOTHER_MEMORY = """async (name) => {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
        const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
        bytes[bytes.length - 1] ^= 1;  // one bit of Python's memory changed
        await cache.put(request, new Response(bytes));
    }
}"""


def test_a_broken_kept_copy_is_dropped_for_the_shipped_one_and_not_kept_again(
    browser: Browser, site_url: str, wait_ready: Any
) -> None:
    """The next visit restores the shipped snapshot, and a copy that failed once is not
    kept again for this version."""
    with watched_context(browser, service_workers="allow") as context:
        page = context.new_page()
        blank(page, site_url)
        first_visit(page, site_url, wait_ready)
        play(page, LINE[0])
        version = page.evaluate("document.documentElement.dataset.version")
        warnings: list[str] = []
        page.on("console", lambda message: warnings.append(message.text))
        page.evaluate(ANOTHER_MEMORY, CACHE)
        requests = watch_requests(page)
        page.reload()
        wait_ready(page)
        assert page.evaluate(RESTORED)  # from the shipped snapshot, checked
        assert (
            page.evaluate('performance.getEntriesByName("scorpion-restored")[0].detail')
            == "shipped"
        )
        assert asked_for_the_shipped_snapshot(requests)
        assert any("kept Python snapshot is not used" in text for text in warnings), warnings
        expect(page.locator("#undo")).to_be_enabled()  # the game is as it was
        assert page.evaluate(f"localStorage.getItem('{NOTE}.failed')") == version
        assert page.evaluate(f"localStorage.getItem('{NOTE}')") is None
        # not tried again for this version: no copy is kept, the next visit restores the
        # shipped snapshot
        page.reload()
        wait_ready(page)
        assert (
            page.evaluate('performance.getEntriesByName("scorpion-restored")[0].detail')
            == "shipped"
        )
        expect(page.locator("#undo")).to_be_enabled()
        assert page.evaluate(f"localStorage.getItem('{NOTE}')") is None
        assert kept_copies(page) == []
