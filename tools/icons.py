"""Render the app's PNG icons from ``static/icon.svg`` with headless Chromium.

    .venv/bin/python tools/icons.py          # (re)write static/icons/*.png
    .venv/bin/python tools/icons.py --check  # exit 1 if one is missing or the wrong size

Run it after changing ``static/icon.svg`` and commit the PNGs: the build copies them as they
are (no browser needed to build the site). The browser is ``$CHROMIUM`` or
``/usr/bin/chromium`` (``make chromium``), driven by Playwright from requirements-dev.txt.

- ``icon-192.png``, ``icon-512.png``: the SVG as it is (transparent round corners);
- ``maskable-512.png``: the felt to the edges and the icon at 80 %, so the card stays inside
  the safe circle (radius 40 %) whatever shape the launcher cuts;
- ``apple-touch-icon.png`` (180): the felt to the edges (iOS rounds the corners itself and
  would turn transparent ones black).
"""

from __future__ import annotations

import argparse
import base64
import os
import struct
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "static" / "icon.svg"
OUT = ROOT / "static" / "icons"
FELT = "#1d6a40"  # the icon's own background: --felt-2 in static/app.css
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class Icon:
    name: str
    size: int
    scale: float  # the SVG's share of the square
    full_bleed: bool  # felt to the edges, no transparency


ICONS: tuple[Icon, ...] = (
    Icon("icon-192.png", 192, 1.0, full_bleed=False),
    Icon("icon-512.png", 512, 1.0, full_bleed=False),
    Icon("maskable-512.png", 512, 0.8, full_bleed=True),
    Icon("apple-touch-icon.png", 180, 1.0, full_bleed=True),
)


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's IHDR chunk; ValueError if it is no PNG."""
    if data[:8] != PNG_SIGNATURE or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def page_html(svg: bytes, icon: Icon) -> str:
    source = "data:image/svg+xml;base64," + base64.b64encode(svg).decode()
    background = FELT if icon.full_bleed else "transparent"
    side = round(icon.size * icon.scale)
    return (
        '<!doctype html><html><body style="margin:0;background:transparent">'
        f'<div id="icon" style="width:{icon.size}px;height:{icon.size}px;'
        f'background:{background};display:grid;place-items:center">'
        f'<img src="{source}" width="{side}" height="{side}" alt=""></div></body></html>'
    )


def render(out: Path) -> None:
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
    svg = SVG.read_bytes()
    if FELT.encode() not in svg:
        sys.exit(f"icons: {SVG} no longer uses {FELT}: update FELT (and the manifest's colours)")
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page(device_scale_factor=1)
        for icon in ICONS:
            page.set_viewport_size({"width": icon.size, "height": icon.size})
            page.set_content(page_html(svg, icon))
            page.wait_for_function("document.querySelector('#icon img').complete")
            data = page.locator("#icon").screenshot(omit_background=True, type="png")
            if png_size(data) != (icon.size, icon.size):
                sys.exit(f"icons: {icon.name} came out {png_size(data)}")
            target = out / icon.name
            target.write_bytes(data)
            print(f"icons: {target.relative_to(ROOT)} ({len(data):,} bytes)")
        browser.close()


def check(out: Path) -> list[str]:
    """What is wrong with the icons on disk (nothing: an empty list)."""
    problems = []
    for icon in ICONS:
        path = out / icon.name
        try:
            size = png_size(path.read_bytes())
        except (OSError, ValueError) as error:
            problems.append(f"{path.relative_to(ROOT)}: {error}")
            continue
        if size != (icon.size, icon.size):
            problems.append(f"{path.relative_to(ROOT)}: {size}, expected {icon.size}x{icon.size}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render the PNG icons from static/icon.svg.")
    parser.add_argument("--check", action="store_true", help="only check the PNGs on disk")
    args = parser.parse_args(argv)
    if not args.check:
        render(OUT)
    problems = check(OUT)
    for problem in problems:
        print(f"icons: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
