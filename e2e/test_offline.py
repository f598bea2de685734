"""Offline after the first visit, and updates that never mix versions (``sw.js``).

The service worker precaches what ``build-manifest.json`` lists under ``precache``, each
file checked against its hash. These tests load the page once online, then go offline
(``context.set_offline``) and reload; they make a new version of a copy of the site (edit a
file, then ``build_site.seal``) to see it offered, accepted, or refused when its install
fails. Every wait is for a condition; the offsite guard of ``context`` sees the worker's
requests too.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, Request, expect

from e2e.conftest import StaticServer
from e2e.ui import play

ROOT = Path(__file__).resolve().parent.parent
SEED = json.loads((ROOT / "tests" / "fixtures" / "seed-deal.json").read_text())
DECK = "".join(SEED["deck"])
FIRST, SECOND = SEED["winning_line"][:2]
# Fetched by the browser to install the app (the manifest and its icons), maybe not by a
# page load; precached all the same. Likewise the data files (static/data/, the winnable-deal
# lists), which the page reads when it needs them, not while it boots.
INSTALL_ONLY = re.compile(
    r"^(manifest\.webmanifest|static/icon\.svg|static/icons/.+\.png|static/data/.+"
    r"|static/python-snapshot-worker\.mjs)$"
)

CONTROLLED = "navigator.serviceWorker.controller !== null"
BOARD = """() => Array.from(document.querySelectorAll('[data-column]'), column =>
    (column.getAttribute('aria-owns') || '').replaceAll('card-', '')
  ).join(' | ') + ' / score ' + document.getElementById('score').textContent"""
# Ask for the new version now (an open page also asks hourly and when shown again); resolve
# with the new worker's fate: "installed" (it waits) or "redundant" (its install failed).
UPDATE = """() => navigator.serviceWorker.getRegistration().then(reg =>
  new Promise((resolve, reject) => {
    reg.addEventListener("updatefound", () => {
      const worker = reg.installing;
      const settled = () => {
        if (["installed", "activated", "redundant"].includes(worker.state)) resolve(worker.state);
      };
      worker.addEventListener("statechange", settled);
      settled();
    }, { once: true });
    reg.update().catch(reject);
  }))"""
# The service worker's caches, "scorpion@<scope path> <version>" ("scorpion.python-snapshot@…"
# is the page's own: the inflated Python snapshot it keeps, static/python-snapshot.mjs,
# e2e/test_python_snapshot.py).
CACHES = "caches.keys().then(names => names.filter(name => name.startsWith('scorpion@')))"
# What the worker hashed since it started, and how much of it it let go of (sw.js).
HASHED = """() => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    navigator.serviceWorker.controller.postMessage({ type: "HASHED" }, [channel.port2]);
})"""
# The SHA-256 (hex) of what a cache holds for a URL, or null.
CACHED_SHA256 = """async ([cache, url]) => {
    const found = await (await caches.open(cache)).match(url);
    if (!found) return null;
    const digest = await crypto.subtle.digest("SHA-256", await found.arrayBuffer());
    return Array.from(new Uint8Array(digest), b => b.toString(16).padStart(2, "0")).join("");
}"""


def load_build_site() -> ModuleType:
    """tools/build_site.py as a module (``seal`` makes a built site's new version)."""
    if "build_site" in sys.modules:
        return sys.modules["build_site"]
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_site"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def site_manifest(site: Path) -> dict:
    return json.loads((site / "build-manifest.json").read_text())


def boot_controlled(page: Page, url: str, wait_ready) -> None:
    page.goto(url)
    wait_ready(page)
    page.wait_for_function(CONTROLLED)


def reload_ready(page: Page, wait_ready) -> None:
    page.reload()
    wait_ready(page)


def version(page: Page) -> str:
    return str(page.evaluate("document.documentElement.dataset.version"))


def served_path(request: Request, base: str) -> str | None:
    """The site file a request asks for ("static/app.css"), or None if not the site's."""
    if not request.url.startswith(base):
        return None
    path = urlsplit(request.url).path[len(urlsplit(base).path) :]
    return path or "index.html"


# --- in the browser -------------------------------------------------------------------------


def test_plays_offline_after_one_visit(
    context: BrowserContext, page: Page, site_url, site_dir: Path, wait_ready, console_errors
) -> None:
    fetched: set[str] = set()

    def record(request: Request) -> None:
        path = served_path(request, site_url)
        if path is not None:
            fetched.add(path)

    page.on("request", record)
    boot_controlled(page, f"{site_url}?deck={DECK}", wait_ready)
    # A first visit whose server was slow to answer starts Python itself (python-snapshot.mjs):
    # then only the install fetches the snapshot, for the next visit.
    without_snapshot = page.evaluate("document.documentElement.dataset.snapshot") == "none"
    play(page, FIRST)
    board = page.evaluate(BOARD)
    page.remove_listener("request", record)

    # Precached: every file the page fetched; precached beyond that: only what installing takes.
    manifest = site_manifest(site_dir)
    precache = set(manifest["precache"])
    assert fetched - precache == set(), "fetched but not precached"
    install_only = {name for name in precache - fetched if INSTALL_ONLY.match(name)}
    if without_snapshot:
        install_only.add("static/python.snapshot")
    assert precache - fetched - install_only == set()

    # The wasm is kept at its build's hash, in this version's cache alone.
    wasm = "static/vendor/pyodide/pyodide.asm.wasm"
    kept = page.evaluate(CACHED_SHA256, [f"scorpion@/ {manifest['version']}", site_url + wasm])
    assert kept == manifest["files"][wasm]["sha256"]
    assert page.evaluate(CACHES) == [f"scorpion@/ {manifest['version']}"]

    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    context.set_offline(True)
    reload_ready(page, wait_ready)
    assert page.evaluate(BOARD) == board
    play(page, SECOND)
    board = page.evaluate(BOARD)
    reload_ready(page, wait_ready)
    assert page.evaluate(BOARD) == board
    assert failed == []
    assert console_errors == []
    # Every body the worker read to check is let go of once checked, not left to its
    # collector (the 9.6 MB wasm among them).
    hashed = page.evaluate(HASHED)
    assert hashed["bytes"] > 9e6 and hashed["freed"] == hashed["bytes"], hashed


def test_sub_path_boots_and_plays_offline(
    context: BrowserContext, page: Page, site_url_subpath, wait_ready, console_errors
) -> None:
    boot_controlled(page, f"{site_url_subpath}?deck={DECK}", wait_ready)
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope == site_url_subpath
    play(page, FIRST)
    board = page.evaluate(BOARD)
    context.set_offline(True)
    reload_ready(page, wait_ready)
    assert page.evaluate(BOARD) == board
    play(page, SECOND)
    # New game's winnable deals: the worker's copy of the list serves (the page had not
    # fetched it online).
    before = page.locator("#deal-line").inner_text()
    page.click("#new-game")
    page.check("#ng-winnable")
    page.check("#ng-classic")
    page.click("#ng-start")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    expect(page.locator("#deal-line")).not_to_have_text(before)
    found = re.search(r"(\d+)", page.locator("#deal-line").inner_text())
    assert found and int(found.group(1)) in winnable_deals("classic")
    assert console_errors == []


def winnable_deals(variant: str) -> set[int]:
    path = ROOT / "static" / "data" / f"winnable-{variant}.json"
    return set(json.loads(path.read_text(encoding="utf-8"))["deals"])


# --- updates, on a copy of the site served by its own server --------------------------------


@pytest.fixture
def own_site(site_dir: Path, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of the built site (to make new versions of) and its URL."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    server = StaticServer(copy, tmp_path / "server.log")
    server.start()
    yield copy, server.url()
    server.stop()


MARK = "getComputedStyle(document.documentElement).getPropertyValue('--build-mark').trim()"


def new_version(site: Path) -> str:
    """Change a file the page uses (a CSS custom property it can read), then rebuild the
    files that describe the site; returns the new version."""
    with (site / "static" / "app.css").open("a") as css:
        css.write("\n:root { --build-mark: 2; }\n")
    return str(load_build_site().seal(site)["version"])


def test_a_failed_update_keeps_the_old_version_and_a_whole_one_runs_the_new(
    context: BrowserContext, page: Page, own_site, wait_ready, console_errors
) -> None:
    """A new version whose files are missing or stale is refused: the old one goes on,
    offline too. Once whole, it is offered, waits (a reload, offline here, still runs the
    old version, whole), and runs whole when accepted."""
    site, url = own_site
    boot_controlled(page, f"{url}?deck={DECK}", wait_ready)
    old = version(page)
    play(page, FIRST)
    board = page.evaluate(BOARD)
    banner = page.locator("#update")
    expect(banner).to_be_hidden()

    new = new_version(site)
    assert new != old
    css = site / "static" / "app.css"
    changed = css.read_bytes()
    css.unlink()  # a file of the new version is missing (404)
    assert page.evaluate(UPDATE) == "redundant"
    css.write_bytes(changed.replace(b"--build-mark: 2", b"--build-mark: 3"))  # or stale
    assert page.evaluate(UPDATE) == "redundant"
    expect(banner).to_be_hidden()
    assert page.evaluate(CACHES) == [f"scorpion@/ {old}"]

    css.write_bytes(changed)  # the new version whole: offered
    assert page.evaluate(UPDATE) == "installed"
    expect(banner).to_be_visible()
    expect(page.locator("#update-text")).to_have_text("Update available.")
    expect(page.locator("#update-reload")).to_have_text("Reload")
    # Its words follow the language; "Not now" puts it away until the next load.
    page.select_option("#language", "de")
    expect(page.locator("#update-text")).to_have_text("Aktualisierung verfügbar.")
    page.click("#update-close")
    expect(banner).to_be_hidden()

    # It waits: a reload (offline) still runs the old version, whole, and offers the new one.
    context.set_offline(True)
    reload_ready(page, wait_ready)
    assert version(page) == old
    assert page.evaluate(MARK) == ""
    assert page.evaluate(BOARD) == board
    expect(banner).to_be_visible()
    expect(page.locator("#update-reload")).to_have_text("Neu laden")

    with page.expect_navigation():
        page.click("#update-reload")
    wait_ready(page)
    assert version(page) == new
    assert page.evaluate(MARK) == "2"
    assert page.evaluate(BOARD) == board
    expect(banner).to_be_hidden()
    assert page.evaluate(CACHES) == [f"scorpion@/ {new}"]
    assert console_errors == []
