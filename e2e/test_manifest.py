"""The web app manifest: valid, complete, its icons there at their sizes, linked from the page
(also under a sub-path, where every URL in it must still resolve inside the site)."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = "manifest.webmanifest"
PNG = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG and data[12:16] == b"IHDR", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def css_colour(name: str) -> str:
    """The first value of a custom property in static/app.css (the light scheme's)."""
    match = re.search(rf"{name}:\s*(#[0-9a-fA-F]{{6}})", (ROOT / "static" / "app.css").read_text())
    assert match, name
    return match.group(1).lower()


def test_manifest_has_what_installing_needs(site_dir: Path) -> None:
    manifest = json.loads((site_dir / MANIFEST).read_text())
    for key in ("name", "short_name", "description"):
        assert isinstance(manifest[key], str) and manifest[key], key
    assert len(manifest["short_name"]) <= 12  # fits under a home-screen icon
    assert manifest["start_url"] == "."
    assert manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    # The felt table: the bar's colour and the page's darkest felt behind it.
    assert manifest["theme_color"].lower() == css_colour("--felt-2")
    assert manifest["background_color"].lower() == css_colour("--felt-3")
    html = (site_dir / "index.html").read_text()
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in html

    seen = set()
    for icon in manifest["icons"]:
        src = icon["src"]
        assert not src.startswith(("/", "http:", "https:")), f"{src}: not relative"
        data = (site_dir / src).read_bytes()
        purpose = icon.get("purpose", "any")
        if icon["type"] == "image/svg+xml":
            assert icon["sizes"] == "any" and data.lstrip().startswith(b"<svg")
            seen.add(("svg", purpose))
            continue
        assert icon["type"] == "image/png", src
        width, height = png_size(data)
        assert icon["sizes"] == f"{width}x{height}", src
        seen.add((f"{width}", purpose))
    assert {("svg", "any"), ("192", "any"), ("512", "any"), ("512", "maskable")} <= seen


def test_apple_touch_icon_is_180_png(site_dir: Path) -> None:
    html = (site_dir / "index.html").read_text()
    match = re.search(r'<link rel="apple-touch-icon" href="\./([^"]+)">', html)
    assert match
    assert png_size((site_dir / match.group(1)).read_bytes()) == (180, 180)


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, object]) -> dict[str, object]:
    """No service worker here: these tests read the page's links, not its offline life."""
    return {**browser_context_args, "service_workers": "block"}


def test_page_links_the_manifest_under_a_sub_path(page: Page, site_url_subpath, offsite) -> None:
    """The browser's view: the link resolves, the manifest parses, its start URL and scope
    are the site's folder, and every icon it names is served with its type."""
    page.route("**/pyscript/core.js", lambda route: route.abort())  # no need to boot Python
    page.goto(site_url_subpath, wait_until="domcontentloaded")
    found = page.evaluate(
        """async () => {
          const href = document.querySelector('link[rel="manifest"]').href;
          const response = await fetch(href);
          const manifest = await response.json();
          const icons = [];
          for (const icon of manifest.icons) {
            const url = new URL(icon.src, href).href;
            const got = await fetch(url);
            icons.push([url, got.status, got.headers.get("Content-Type"), icon.type]);
          }
          const apple = document.querySelector('link[rel="apple-touch-icon"]').href;
          return {
            href, status: response.status, icons, apple: (await fetch(apple)).status,
            start: new URL(manifest.start_url, href).href,
            scope: new URL(manifest.scope, href).href,
          };
        }"""
    )
    assert found["href"] == site_url_subpath + MANIFEST
    assert found["status"] == 200
    assert found["start"] == site_url_subpath
    assert found["scope"] == site_url_subpath
    assert found["apple"] == 200
    for url, status, served_type, declared in found["icons"]:
        assert url.startswith(site_url_subpath)
        assert status == 200, url
        assert served_type == declared, url
    offsite.assert_none()
