"""What each pointer move costs while a pile is dragged, in headless Chromium.

    .venv/bin/python bench/drag.py [--rounds 3] [--site DIR] [--baseline DIR]

On the seed deal, drags the pile from 4H (2 cards) and then the one from QH (4 cards) of
column 2 across the table and back, 45 pointer moves each, and lets go where they started
(so the board is the same after each drag). A pointermove listener on the window in the
capture phase (before the game's listener on the document) and another in the bubble
phase (after it) time the game's handler plus the style and layout it leaves (forced at
once with ``document.body.offsetHeight``), as ``bench/restyle.py`` does for clicks: paint
and raster are not in it.

``--baseline DIR`` (a built site) is measured in the same run, each round in a fresh
browser, the sites alternating. Prints, per site, the median, 90th percentile and maximum
of one pointer move. Nothing is asserted.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import move
from harness import compare_sites, deck_query, load_average, median, percentile, serve
from playwright.sync_api import Page

PILES = ("4H", "QH")  # column 2 of the seed deal: 4H-7S and QH-3C-4H-7S
STEPS = 40  # pointer moves away from the pile, then 5 back

LISTEN = """() => {
  window.scorpionDrag = [];
  let start = 0;
  window.addEventListener("pointermove", () => { start = performance.now(); }, true);
  window.addEventListener("pointermove", () => {
    document.body.offsetHeight;
    window.scorpionDrag.push(performance.now() - start);
  });
}"""


def drag(page: Page, card: str) -> None:
    box = page.locator(f'[data-card="{card}"]').bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + 8
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, STEPS + 1):
        page.mouse.move(x + 6 * step, y + 3 * step)
    page.mouse.move(x, y, steps=5)
    page.mouse.up()
    page.wait_for_function("document.getAnimations().length === 0")


def one_round(playwright: object, site: Path, profile: Path) -> list[float]:
    with serve(site) as base:
        context, page = move.start(playwright, profile, base + deck_query(), {})
        try:
            move.settle(page)
            page.evaluate(LISTEN)
            for card in PILES:
                drag(page, card)
            moves: list[float] = page.evaluate("window.scorpionDrag")
        finally:
            context.close()
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="browsers per site")
    parser.add_argument("--site", type=Path, help="copy this built site instead of building")
    parser.add_argument("--baseline", type=Path, help="another built site, measured alongside")
    args = parser.parse_args()

    rounds, before = compare_sites(
        "scorpion-drag-", args.site, args.baseline, args.rounds, one_round
    )
    results = {label: [ms for moves in runs for ms in moves] for label, runs in rounds.items()}
    print(f"bench/drag.py: {args.rounds} rounds, piles from {' and '.join(PILES)} dragged")
    print(f"load average (1, 5, 15 min): before {before}, after {load_average()}\n")
    for label, moves in results.items():
        print(f"{label:9} a pointer move (handler, style, layout): median {median(moves):4.1f}"
              f"  p90 {percentile(moves, 0.9):4.1f}  max {max(moves):5.1f} ms"
              f"   ({len(moves)} moves)")  # fmt: skip


if __name__ == "__main__":
    main()
