"""The Hint button's time in the page (Pyodide in Chromium): from the press to the hint
said in ``#status``, over positions of games played by following the no-peek hint.

The positions are made first under CPython: deals ``--deals`` (``--variant``), each followed by
``scorpion.advice`` without undo, every ``--every``-th position of each game kept (the
deal's included). Then each is saved into the page as the player's game, the page loads
(warm, one persistent profile) and the hint is asked once; the time is the page's own
(``performance.now`` from the click to the status text changing). It prints the median,
the 95th percentile and the maximum, and the load average.

    .venv/bin/python bench/hint_browser.py --deals 1-50 --every 10
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import launch, load_average, median, percentile, prepare_site, serve
from playwright.sync_api import sync_playwright

from scorpion import Game, saves
from scorpion.advice import advise
from scorpion.knowledge import line_views
from scorpion.review import stuck
from scorpion.session import Session

# Clicks while the hint thinks: a card picked up and put back (nothing moves, so the hint
# goes on), each timed from the event to the next frame (``data-input-ms``, written by
# controls.py for benchmarks).
THINKING = "() => document.getElementById('hint').classList.contains('thinking')"
TOP_CARD = """() => { const cards = [...document.querySelectorAll('[data-card]')];
    const r = cards[cards.length - 1].getBoundingClientRect();
    return [r.left + r.width / 2, r.top + 6]; }"""

ASK = """async () => {
    const status = document.getElementById('status');
    const before = status.textContent;
    const start = performance.now();
    const said = new Promise(resolve => new MutationObserver((records, observer) => {
        if (status.textContent !== before && status.textContent) {
            observer.disconnect();
            resolve(performance.now() - start);
        }
    }).observe(status, {childList: true, characterData: true, subtree: true}));
    document.getElementById('hint').click();
    return await said;
}"""


def positions(deals: range, every: int, longest: int, variant: str) -> list[Game]:
    """Every ``every``-th position of each deal followed by the hint (no undo)."""
    kept = []
    for number in deals:
        game = Game.new(number, variant)
        for step in range(longest):
            if step % every == 0:
                kept.append(game.copy())
            if game.won or stuck(game):
                break
            move = advise(game, avoid=line_views(game)).move
            if move is None:
                break
            game.play(move)
    return kept


def click_while_thinking(page: Any, most: int = 8) -> list[float]:
    """Ask for a hint, then click a card (up, down, up...) while it thinks."""
    page.evaluate("document.getElementById('hint').click()")
    found = []
    x, y = page.evaluate(TOP_CARD)
    for _ in range(most):
        if not page.evaluate(THINKING):
            break
        page.evaluate("delete document.documentElement.dataset.inputMs")
        page.mouse.click(x, y)
        page.wait_for_function("document.documentElement.dataset.inputMs !== undefined")
        if page.evaluate(THINKING):  # still thinking when the frame came: it counts
            found.append(float(page.evaluate("document.documentElement.dataset.inputMs")))
    page.wait_for_function(f"!({THINKING})()", timeout=30_000)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="1-50", help="first-last deal numbers")
    parser.add_argument("--variant", default="classic", choices=["classic", "relaxed"])
    parser.add_argument("--every", type=int, default=10, help="keep every N-th position")
    parser.add_argument("--longest", type=int, default=120, help="moves per game at most")
    parser.add_argument("--site", type=Path, help="copy this built site instead of building")
    parser.add_argument("--clicks", action="store_true", help="time clicks while it thinks")
    args = parser.parse_args(argv)
    first, last = (int(n) for n in args.deals.split("-"))
    games = positions(range(first, last + 1), args.every, args.longest, args.variant)
    print(f"{len(games)} {args.variant} positions from deals {args.deals}, every {args.every}th")
    times: list[float] = []
    clicks: list[float] = []
    with tempfile.TemporaryDirectory() as work, sync_playwright() as playwright:
        site = prepare_site(Path(work), args.site)
        with serve(site) as url:
            context = launch(playwright, Path(work) / "profile")
            page = context.new_page()
            page.goto(url + "static/icon.svg")
            for game in games:
                text = saves.dump(Session(game, counted=True), revision=1, saved_at=0)
                page.evaluate("t => localStorage.setItem('scorpion.save@/', t)", text)
                page.goto(url)
                page.wait_for_function("document.documentElement.dataset.ready === '1'")
                if args.clicks:
                    clicks.extend(click_while_thinking(page))
                else:
                    times.append(float(page.evaluate(ASK)))
                page.goto(url + "static/icon.svg")
            context.close()
    if args.clicks:
        clicks.sort()
        print(
            f"clicks while the hint thinks, event to the next frame, ms: median "
            f"{median(clicks):.1f}, p95 {percentile(clicks, 0.95):.1f}, max {clicks[-1]:.1f} "
            f"over {len(clicks)} clicks"
        )
        print(f"load average (1, 5, 15 min): {load_average()}")
        return 0
    times.sort()
    print(
        f"hint in the page, ms: median {median(times):.0f}, p95 {percentile(times, 0.95):.0f}, "
        f"max {times[-1]:.0f} over {len(times)} positions"
    )
    print(f"load average (1, 5, 15 min): {load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
