"""Where a click's time goes, stage by stage, from the pointer's release to the frame on
screen: Chromium's own breakdown of each input event (the `EventLatency` trace events).

    .venv/bin/python bench/latency.py [--site DIR] [--rounds 1] [--pace] [--reduced-motion]

Plays the seed deal's winning line in the game, then traces Undo ×51 and Redo ×51
(``--rounds`` times), as `bench/move.py` clicks them (back to back, or with ``--pace``
once the cards are still; ``--reduced-motion``: no glides); and the same clicks on
`bench/floor.html` (a page whose click changes one text), in a browser of its own. For
each release of the mouse button Chromium records the stages its event went through;
this prints, per stage, the median and 95th percentile over the clicks, for the game and
the floor, grouped as:

- **input**: the browser process to the renderer, and to its main thread;
- **handlers**: the main thread's event dispatch: the game's handlers, then the style and
  layout Chromium forces while still handling the release;
- **main frame**: from the handlers to the frame's commit (style for the transitions,
  layout, paint, layerize), or, when no frame was due, the wait for one and its work;
- **raster**: the commit to the new layers' activation (tiles rastered on other threads);
- **compositor**: activation to the compositor frame's submission;
- **display**: the display compositor drawing that frame, to its presentation (in
  software here: the machine has no GPU).

Those are the pieces of `bench/move.py`'s "presented" figure (Event Timing measures the
same span, rounded to 8 ms). Nothing is asserted; the figures move with the machine's load.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from collections import defaultdict
from collections.abc import Iterable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import move
from harness import deck_query, load_average, median, percentile, prepare_site, serve
from move import SEED, play_line, redo_all, settle, start, undo_all
from playwright.sync_api import Page, sync_playwright

CATEGORIES = "cc,input,benchmark"
RELEASE = "MOUSE_RELEASED"
# Chromium's stage names (EventLatency's children), grouped as the docstring says. A stage
# that does not occur for a click (no frame was due, say) counts as 0 for it.
GROUPS: dict[str, tuple[str, ...]] = {
    "input": ("GenerationToBrowserMain", "BrowserMainToRendererCompositor",
              "RendererCompositorQueueingDelay", "RendererCompositorProcessing",
              "RendererCompositorToMain"),
    "handlers": ("RendererMainProcessing",),
    "main frame": ("RendererMainFinishedToCommit", "RendererMainFinishedToBeginImplFrame",
                   "RendererMainFinishedToSendBeginMainFrame",
                   "BeginImplFrameToSendBeginMainFrame", "SendBeginMainFrameToCommit",
                   "Commit"),
    "raster": ("EndCommitToActivation", "Activation"),
    "compositor": ("EndActivateToSubmitCompositorFrame",),
    "display": ("SubmitCompositorFrameToPresentationCompositorFrame",),
}  # fmt: skip
TOTAL = "EventLatency"


def trace(page: Page, steps: Iterable[Any]) -> list[dict[str, Any]]:
    """The trace events of running ``steps`` (functions of the page)."""
    session = page.context.new_cdp_session(page)
    events: list[dict[str, Any]] = []
    done: list[bool] = []
    session.on("Tracing.dataCollected", lambda message: events.extend(message["value"]))
    session.on("Tracing.tracingComplete", lambda _message: done.append(True))
    session.send("Tracing.start", {"categories": CATEGORIES, "transferMode": "ReportEvents"})
    for step in steps:
        step(page)
    session.send("Tracing.end")
    while not done:
        page.wait_for_timeout(50)
    return events


def releases(events: list[dict[str, Any]]) -> list[dict[str, float]]:
    """Each mouse release's stages (ms by stage name), from EventLatency's nested async
    events. Their ids are reused over a trace, so each id's events are read in time order,
    a new EventLatency beginning a new event."""
    current: dict[tuple[Any, Any], dict[str, Any]] = {}
    found: list[dict[str, Any]] = []
    nested = (e for e in events if e.get("ph") in ("b", "e") and "input" in e.get("cat", ""))
    for event in sorted(nested, key=lambda e: e["ts"]):
        key = (event["pid"], event.get("id2", {}).get("local"))
        if event["name"] == TOTAL and event["ph"] == "b":
            kind = event["args"]["event_latency"]["event_type"]
            current[key] = {"kind": kind, "open": {}, "ms": {}}
            found.append(current[key])
        latency = current.get(key)
        if latency is None:
            continue
        if event["ph"] == "b":
            latency["open"].setdefault(event["name"], event["ts"])
        elif event["name"] in latency["open"]:
            latency["ms"][event["name"]] = (event["ts"] - latency["open"][event["name"]]) / 1000
    return [e["ms"] for e in found if e["kind"] == RELEASE and TOTAL in e["ms"]]


def grouped(stages: dict[str, float]) -> dict[str, float]:
    out = {group: sum(stages.get(name, 0.0) for name in names) for group, names in GROUPS.items()}
    out["total"] = stages[TOTAL]
    return out


def report(results: dict[str, list[dict[str, float]]]) -> None:
    labels = list(results)
    print(f"{'(median / p95, ms)':20}" + "".join(f"{label:>22}" for label in labels))
    for group in [*GROUPS, "total"]:
        cells = []
        for label in labels:
            values = [grouped(click)[group] for click in results[label]]
            cells.append(f"{median(values):9.1f} / {percentile(values, 0.95):6.1f}")
        print(f"{group:20}" + "".join(f"{cell:>22}" for cell in cells))
    print(f"{'clicks':20}" + "".join(f"{len(results[label]):>22}" for label in labels))
    print("\nstages of the game's clicks (median / p95 / max, ms):")
    by_stage: dict[str, list[float]] = defaultdict(list)
    for click in results["game"]:
        for name, ms in click.items():
            by_stage[name].append(ms)
    for name, values in sorted(by_stage.items(), key=lambda item: -median(item[1])):
        print(f"  {name:52} {median(values):6.1f} {percentile(values, 0.95):6.1f} "
              f"{max(values):6.1f}  ({len(values)} clicks)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="copy this built site instead of building")
    parser.add_argument("--rounds", type=int, default=1, help="undo-all/redo-all rounds")
    parser.add_argument("--pace", action="store_true", help="click once the cards are still")
    parser.add_argument("--reduced-motion", action="store_true", help="no card animations")
    args = parser.parse_args()
    move.PACED = args.pace
    options = {"reduced_motion": "reduce"} if args.reduced_motion else {}
    moves = len(SEED["winning_line"])
    steps = [step for _ in range(args.rounds) for step in (undo_all, redo_all)]
    work = Path(tempfile.mkdtemp(prefix="scorpion-latency-"))
    try:
        site = prepare_site(work / "current", args.site)
        before = load_average()
        results: dict[str, list[dict[str, float]]] = {}
        with ExitStack() as stack:
            playwright = stack.enter_context(sync_playwright())
            base = stack.enter_context(serve(site))
            for label, url in (("game", base + deck_query()), ("floor", base + "floor.html")):
                context, page = start(playwright, work / f"{label}-profile", url, options)
                stack.callback(context.close)
                if label == "game":
                    settle(page)
                    play_line(page)
                events = trace(page, (lambda p, s=s: s(p, moves) for s in steps))
                results[label] = releases(events)
        after = load_average()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    pace = "each once the cards are still" if args.pace else "back to back"
    motion = ", reduced motion" if args.reduced_motion else ""
    print(
        f"bench/latency.py: Undo ×{moves} and Redo ×{moves}, {args.rounds} round(s), "
        f"{pace}{motion}; EventLatency stages of each mouse release"
    )
    print(f"load average (1, 5, 15 min): before {before}, after {after}\n")
    report(results)


if __name__ == "__main__":
    main()
