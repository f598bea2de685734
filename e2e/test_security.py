"""What is stored or cached can never be turned against the player (issue 24, docs/security.md).

- The page's Content-Security-Policy: the game boots and plays under it with no violation
  reported, a reload paints the saved board under it, and a script injected into the page
  is refused (one visit and its reload).
- Cache Storage is input: a file another page of the origin rewrote in the service worker's
  cache is never served; it is fetched again, checked, and kept.
- Two copies of the game on one origin (``/a/`` and ``/b/``, two builds) keep their own
  offline files, Python snapshots and saves, and both play offline.

Every wait is for a condition; requests are watched (never routed: routing turns the HTTP
cache off) and none may leave the machine.
"""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e.conftest import StaticServer
from e2e.test_offline import (
    BOARD,
    CACHED_SHA256,
    UPDATE,
    load_build_site,
    new_version,
    site_manifest,
)
from e2e.ui import DECK, LINE, blank, play, until_snapshot_kept, watched_context

CONTROLLED = "navigator.serviceWorker.controller !== null"
KEPT = 'document.documentElement.dataset.snapshot === "kept"'
KEEP_MS = 60_000  # the snapshot's copy is kept once the game is idle: a loaded machine
# Every violation of the page's policy, recorded from the first script on (an init script
# runs before the page's own; the browser reports them as events on the document).
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(
  [e.effectiveDirective, e.blockedURI, e.sourceFile, e.lineNumber].join(" ")));
"""
VIOLATIONS = "window.__violations"


def policy(site: Path) -> str:
    html = (site / "index.html").read_text(encoding="utf-8")
    match = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
    assert match, "index.html has no Content-Security-Policy"
    return match.group(1)


def directives(site: Path) -> dict[str, list[str]]:
    parts = (part.split() for part in policy(site).split(";"))
    return {words[0]: words[1:] for words in parts if words}


def with_violations(context: BrowserContext) -> Page:
    context.add_init_script(RECORD_VIOLATIONS)
    return context.new_page()


# --- the build's side -----------------------------------------------------------------------


def test_the_policy_is_first_in_head_and_allows_exactly_the_inline_scripts(
    site_dir: Path,
) -> None:
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    head = html[html.index("<head>") : html.index("</head>")]
    # before any script or style: a policy applies only to what follows it
    assert head.index("Content-Security-Policy") < min(
        head.index(tag) for tag in ("<script", "<link")
    )
    found = directives(site_dir)
    inline = [
        text
        for attributes, text in re.findall(r"<script\b([^>]*)>(.*?)</script>", html, re.DOTALL)
        if "src=" not in attributes and 'type="py"' not in attributes
    ]
    assert inline, "the page has inline scripts"
    hashes = {
        "'sha256-" + base64.b64encode(hashlib.sha256(t.encode()).digest()).decode() + "'"
        for t in inline
    }
    script = found["script-src"]
    assert {s for s in script if s.startswith("'sha256-")} == hashes
    assert {s for s in script if not s.startswith("'sha256-")} == {
        "'self'",
        "'wasm-unsafe-eval'",
        "'unsafe-eval'",  # PyScript 0.7.31: docs/security.md
    }
    assert "'unsafe-inline'" not in policy(site_dir)
    assert found["connect-src"] == ["'self'"]
    assert found["style-src"] == ["'self'"]
    assert found["object-src"] == ["'none'"]
    assert found["base-uri"] == ["'self'"]
    # the same page sealed again: the same policy (the build recomputes it from the page)
    build_site = load_build_site()
    assert build_site.with_csp(html) == html


# --- in the browser -------------------------------------------------------------------------


INJECT = """() => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = 'script'";
    document.body.append(script);
    const holder = document.createElement("div");
    holder.innerHTML = '<img src="./static/none.png" onerror="window.__injected = 1">'
        + '<svg><a href="javascript:window.__injected = 2"><text>x</text></a></svg>';
    document.body.append(holder);
    const link = document.createElement("a");
    link.href = "javascript:window.__injected = 3";
    document.body.append(link);
    link.click();
}"""
# Caches of earlier builds, named before caches were scoped to a copy: this copy's (its
# index.html) and another copy's on the same origin.
UNSCOPED = """async ([ours, theirs]) => {
    const put = async (name, url) => (await caches.open(name)).put(url, new Response("x"));
    await put("scorpion-0123456789abcdef", ours);
    await put("scorpion-fedcba9876543210", theirs);
}"""


def test_the_policy_holds_through_play_a_reload_and_an_injected_script(
    browser: Browser, site_url: str, wait_ready: Any
) -> None:
    """One visit and its reload: the game boots and plays under its policy with no
    violation; the worker drops only this copy's unscoped caches of earlier builds; the
    saved board is painted again under the policy; a script injected into the page is
    refused."""
    with watched_context(browser, service_workers="allow") as context:
        page = with_violations(context)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        blank(page, site_url)
        page.evaluate(UNSCOPED, [site_url + "index.html", site_url + "b/index.html"])
        page.goto(f"{site_url}?deck={DECK}")
        wait_ready(page)
        for move in LINE[:4]:
            play(page, move)
        page.click("#undo")
        page.click("#new-game")
        expect(page.locator("#new-game-dialog")).to_be_visible()
        page.click("#ng-cancel")
        until_snapshot_kept(page, wait_ready, KEEP_MS)  # controlled by the worker by then
        assert page.evaluate(VIOLATIONS) == []
        names = page.evaluate("caches.keys()")
        assert "scorpion-0123456789abcdef" not in names
        assert "scorpion-fedcba9876543210" in names

        # A reload paints the saved board under the policy, and plays on.
        page.wait_for_function("Object.keys(localStorage).some(k => k.includes('paint'))")
        board = page.evaluate(BOARD)
        page.reload()
        wait_ready(page)
        assert page.evaluate(BOARD) == board
        play(page, LINE[3])
        assert page.evaluate(VIOLATIONS) == []

        # A script injected into the page is refused, and the game goes on.
        page.evaluate(INJECT)
        page.wait_for_function(f"{VIOLATIONS}.length >= 3")
        refused = page.evaluate(VIOLATIONS)
        assert any(v.startswith("script-src-elem inline") for v in refused), refused
        assert any(v.startswith("script-src-attr inline") for v in refused), refused
        assert page.evaluate("window.__injected") is None
        play(page, LINE[4])
        assert errors == []


# --- Cache Storage is input -----------------------------------------------------------------

# A file of the site rewritten in the worker's cache by another page of the origin.
TAMPER = """async ([name, url, body]) => {
    const cache = await caches.open(name);
    const old = await cache.match(url);
    await cache.put(url, new Response(body, { headers: old.headers }));
}"""
TAMPERED = {
    "static/dom-writes.mjs": "window.__pwned = 'module'; export {};",
    "index.html": "<!doctype html><script>window.__pwned = 'page'</script><p>pwned</p>",
}
# A big file rewritten with its length kept: one bit of its last byte changed (its closing
# newline becomes a vertical tab, still valid JavaScript), which only its digest can tell.
FLIP_LAST = """async ([name, url]) => {
    const cache = await caches.open(name);
    const old = await cache.match(url);
    const bytes = new Uint8Array(await old.arrayBuffer());
    bytes[bytes.length - 1] ^= 1;
    await cache.put(url, new Response(bytes, { headers: old.headers }));
}"""
FLIPPED = "static/vendor/pyodide/pyodide.asm.mjs"


def test_a_file_rewritten_in_the_cache_is_never_served(
    browser: Browser, site_url: str, site_dir: Path, wait_ready: Any
) -> None:
    manifest = site_manifest(site_dir)
    cache = f"scorpion@/ {manifest['version']}"
    with watched_context(browser, service_workers="allow") as context:
        page = context.new_page()
        blank(page, site_url)
        page.goto(f"{site_url}?deck={DECK}")
        wait_ready(page)
        play(page, LINE[0])
        page.wait_for_function(CONTROLLED)
        board = page.evaluate(BOARD)
        for path, body in TAMPERED.items():
            page.evaluate(TAMPER, [cache, site_url + path, body])
            assert (
                page.evaluate(CACHED_SHA256, [cache, site_url + path])
                != (manifest["files"][path]["sha256"])
            )
        assert manifest["files"][FLIPPED]["size"] > 1 << 20
        page.evaluate(FLIP_LAST, [cache, site_url + FLIPPED])
        assert (
            page.evaluate(CACHED_SHA256, [cache, site_url + FLIPPED])
            != (manifest["files"][FLIPPED]["sha256"])
        )
        page.reload()
        wait_ready(page)
        assert page.evaluate("window.__pwned") is None
        assert page.evaluate(BOARD) == board
        play(page, LINE[1])
        # the worker dropped each bad copy and kept the server's, checked
        for path in [*TAMPERED, FLIPPED]:
            got = page.evaluate(CACHED_SHA256, [cache, site_url + path])
            assert got == manifest["files"][path]["sha256"], path


@pytest.fixture
def own_copy(site_dir: Path, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of the built site (to make a new version of) and its URL."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    server = StaticServer(copy, tmp_path / "server.log")
    server.start()
    yield copy, server.url()
    server.stop()


def test_an_update_copies_no_rewritten_file_from_the_older_cache(
    page: Page, own_copy: tuple[Path, str], wait_ready: Any
) -> None:
    """An install copies the files it shares with the running version from that version's
    cache, each only once its hash is right: a rewritten one is fetched from the server."""
    site, url = own_copy
    page.goto(f"{url}?deck={DECK}")
    wait_ready(page)
    page.wait_for_function(CONTROLLED)
    old = site_manifest(site)["version"]
    shared = "static/app.zip"  # the same in both versions
    page.evaluate(TAMPER, [f"scorpion@/ {old}", url + shared, "PK, but not ours"])
    new = new_version(site)
    assert page.evaluate(UPDATE) == "installed"
    wanted = site_manifest(site)["files"][shared]["sha256"]
    assert page.evaluate(CACHED_SHA256, [f"scorpion@/ {new}", url + shared]) == wanted


# --- two copies on one origin ---------------------------------------------------------------


@pytest.fixture
def two_copies(site_dir: Path, tmp_path: Path) -> Iterator[tuple[str, dict[str, str]]]:
    """The built site at /a/, and a new version of it at /b/, on one server: (the server's
    URL, each folder's version)."""
    root = tmp_path / "origin"
    versions = {}
    for folder in ("a", "b"):
        shutil.copytree(site_dir, root / folder)
    versions["a"] = site_manifest(root / "a")["version"]
    versions["b"] = new_version(root / "b")
    assert versions["a"] != versions["b"]
    server = StaticServer(root, tmp_path / "server.log")
    server.start()
    yield server.url(), versions
    server.stop()


def boot(page: Page, url: str, wait_ready: Any) -> None:
    page.goto(url)
    wait_ready(page)
    until_snapshot_kept(page, wait_ready, KEEP_MS)


def test_two_copies_on_one_origin_keep_their_own_files_and_play_offline(
    browser: Browser, two_copies: tuple[str, dict[str, str]], wait_ready: Any
) -> None:
    origin, versions = two_copies
    with watched_context(browser, service_workers="allow") as context:
        pages = {folder: context.new_page() for folder in versions}
        for folder, page in pages.items():
            boot(page, f"{origin}{folder}/?deck={DECK}", wait_ready)
            assert page.evaluate("document.documentElement.dataset.version") == versions[folder]
        dealt = pages["a"].evaluate(BOARD)

        page = pages["a"]
        names = sorted(page.evaluate("caches.keys()"))
        assert names == sorted(
            [f"scorpion@/{f}/ {v}" for f, v in versions.items()]
            + [f"scorpion.python-snapshot@/{f}/" for f in versions]
        )
        # /b/'s note was written by /b/'s page: another renderer's write reaches this page's
        # copy of localStorage a moment later in Chromium, so it is waited for.
        notes = {f"scorpion.python-snapshot@/{f}/": v for f, v in versions.items()}
        page.wait_for_function(
            """(notes) => {
                const kept = Object.keys(localStorage)
                    .filter((k) => k.startsWith("scorpion.python-snapshot"));
                return kept.length === Object.keys(notes).length
                    && kept.every((k) => localStorage.getItem(k) === notes[k]);
            }""",
            arg=notes,
        )
        for folder, version in versions.items():
            kept = page.evaluate(
                "async (name) => (await (await caches.open(name)).keys()).map(r => r.url)",
                f"scorpion.python-snapshot@/{folder}/",
            )
            assert kept == [f"{origin}{folder}/static/python-{version}.snapshot"]

        context.set_offline(True)
        for folder, page in pages.items():
            page.reload()
            wait_ready(page)
            assert page.evaluate("document.documentElement.dataset.version") == versions[folder]
            assert (
                page.evaluate('performance.getEntriesByName("scorpion-restored")[0].detail')
                == "kept"
            )
            assert page.evaluate(BOARD) == dealt
        assert sorted(pages["b"].evaluate("caches.keys()")) == names

        # Each copy has its own save: a move in /a/ is not /b/'s game, after a reload either.
        play(pages["a"], LINE[0])
        a_board = pages["a"].evaluate(BOARD)
        pages["b"].reload()
        wait_ready(pages["b"])
        assert pages["b"].evaluate(BOARD) == dealt != a_board
        play(pages["b"], LINE[0])
        assert pages["a"].evaluate(BOARD) == a_board
