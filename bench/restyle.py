"""The style and layout each undo and redo leaves to the browser, in headless Chromium.

    .venv/bin/python bench/restyle.py [--rounds 2] [--site DIR] [--baseline DIR]

Plays the seed deal's winning line by clicks (as ``bench/move.py`` does), then takes every
move back with Undo and plays it again with Redo, ``--rounds`` times. A click listener on
the window, which runs after the game's own handlers, forces style and layout at once
(``document.body.offsetHeight``) and times it: what the click's DOM changes cost the
browser to restyle and lay out, without the frame's paint, raster and the wait for the
next frame, which make ``bench/move.py``'s figures move by a factor of two from one hour to
the next. Less noisy, it shows changes of a few percent (a face's elements, a CSS rule);
it does not show what paint and raster cost.

``--baseline DIR`` (a built site) is measured in the same run, each round in a fresh
browser, the sites alternating. Prints, per site: the sum over a round (median of the
rounds), the median, 95th percentile and maximum of one click, the click handler's own
time, and the heaviest moves by name.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from statistics import median as middle

import move
from harness import compare_sites, deck_query, load_average, median, percentile, serve

LINE: list[str] = move.SEED["winning_line"]
LABELS = [f"undo {m}" for m in reversed(LINE)] + [f"redo {m}" for m in LINE]

# [handler, style + layout] in ms per click: from the capture phase on document (before the
# game's handlers) to the bubble phase on window (after them), then the forced layout.
LISTEN = """() => {
  window.scorpionRestyle = [];
  let start = 0;
  document.addEventListener("click", () => { start = performance.now(); }, true);
  window.addEventListener("click", () => {
    const handled = performance.now();
    document.body.offsetHeight;
    window.scorpionRestyle.push([handled - start, performance.now() - handled]);
  });
}"""


def one_round(playwright: object, site: Path, profile: Path) -> list[list[float]]:
    with serve(site) as base:
        context, page = move.start(playwright, profile, base + deck_query(), {})
        try:
            move.settle(page)
            move.play_line(page)
            page.evaluate(LISTEN)
            move.undo_redo(page, len(LINE))
            clicks: list[list[float]] = page.evaluate("window.scorpionRestyle")
        finally:
            context.close()
    return clicks[: len(LABELS)]  # the win dialog's close button comes last


def report(label: str, rounds: list[list[list[float]]]) -> None:
    handler = [c[0] for r in rounds for c in r]
    restyle = [c[1] for r in rounds for c in r]
    total = middle(sum(c[1] for c in r) for r in rounds)
    print(f"{label:9} style + layout per round {total:6.0f} ms   per click median "
          f"{median(restyle):4.1f}  p95 {percentile(restyle, 0.95):4.1f}  max {max(restyle):5.1f}"
          f"   handler median {median(handler):4.1f} ms")  # fmt: skip
    by_move = {
        name: middle(r[i][1] for r in rounds) for i, name in enumerate(LABELS) if i < len(rounds[0])
    }
    heaviest = sorted(by_move.items(), key=lambda item: -item[1])[:8]
    print("          heaviest: " + ", ".join(f"{name} {ms:.1f}" for name, ms in heaviest))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2, help="undo-all/redo-all rounds")
    parser.add_argument("--site", type=Path, help="copy this built site instead of building")
    parser.add_argument("--baseline", type=Path, help="another built site, measured alongside")
    args = parser.parse_args()

    results: dict[str, list[list[list[float]]]]
    results, before = compare_sites(
        "scorpion-restyle-", args.site, args.baseline, args.rounds, one_round
    )
    print(f"bench/restyle.py: {args.rounds} rounds of {len(LABELS)} undos and redos")
    print(f"load average (1, 5, 15 min): before {before}, after {load_average()}\n")
    for label, rounds in results.items():
        report(label, rounds)


if __name__ == "__main__":
    main()
