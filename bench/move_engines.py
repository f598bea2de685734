"""The game's undo and redo clicks against the floor page, in Chromium, Firefox and WebKit,
driven as e2e/engines/ drives them.

    .venv/bin/python bench/move_engines.py [--engine firefox --engine webkit] [--rounds 2]
                                           [--site DIR] [--no-animations] [--gliding-floor N]
                                           [--hide-board]

For each engine: one session on the game (the seed deal's winning line but its last move,
restored from a save; the first visit's background work let finish: the service worker's
install) and one on ``bench/floor.html`` (Undo and Redo change one line of text). Then
``--rounds`` times Undo x50 and Redo x50 in each (the floor: 51), the half-rounds
alternating between the two pages.
The clicks are pointer actions at the button's middle, each sent once the driver has
answered the last (WebDriver and BiDi round trips: tens of ms apart, not Playwright's
back to back; the cards of the last few moves may still glide).

Each click is measured in the page by ``bench/move.py``'s probe, from the ``pointerup``
event's timeStamp: **frame**, to the end of the main thread's work on the frame that
shows it (requestAnimationFrame, then a task), in every engine; **presented**, the Event
Timing API's duration (to the frame on screen, 8 ms steps, nothing under 16 ms), where
the engine has it (``PerformanceObserver.supportedEntryTypes`` says; WebKitGTK does not).
Prints median, p95 and max for the game and the floor and the game minus the floor, with
the load average, and where a click's time goes: the page's handlers, then the wait for
the next frame (the engine drawing the frames before it). ``--no-animations``: the game
with its Animations setting off (no glides). ``--gliding-floor N``: the floor page's clicks
each also set N card-sized boxes gliding as the game's cards glide (``floor.html?glide=N``):
the engine's cost of a click while something moves, which the game's glides pay too.
``--hide-board``: the game with its table (cards, columns, places) hidden (``display:
none``), its toolbar clicked as before: what the engine takes for the clicks with no card
drawn.
WebKit under ``xvfb-run`` (re-run by itself when there is no display).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

from harness import ROOT, load_average, median, percentile, prepare_site, serve
from move import PROBE, SEED

VIEWPORT = (1280, 900)
HAS_EVENT_TIMING = """() => typeof PerformanceObserver === "function"
    && (PerformanceObserver.supportedEntryTypes || []).includes("event")"""
SETTLED = "async () => { if (navigator.serviceWorker) await navigator.serviceWorker.ready; }"
# Where a click's time goes: the page's handlers (pointerdown, pointerup and click, each
# from its capture at the window to its end there) and the wait from the click's end to
# the next frame's callbacks (the engine's rendering of the frames before it, and tasks).
SPLIT = """() => {
  const split = window.scorpionSplit = [];
  const began = {};
  let handlers = 0;
  for (const type of ["pointerdown", "pointerup", "click"]) {
    window.addEventListener(type, () => { began[type] = performance.now(); }, true);
    window.addEventListener(type, () => {
      const end = performance.now();
      handlers += end - began[type];
      if (type !== "click") return;
      const spent = handlers;
      handlers = 0;
      requestAnimationFrame(() => split.push({ handlers: spent, wait: performance.now() - end }));
    });
  }
}"""
# --hide-board: the table (cards, columns, places) not drawn; the toolbar still is, to be
# clicked. Through the CSSOM: the page's Content-Security-Policy refuses a <style> element.
HIDE_BOARD = """() => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(".table { display: none !important; }");
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return getComputedStyle(document.querySelector(".table")).display;
}"""
TAKE = """() => {
  const probe = window.scorpionProbe;
  const out = { clicks: probe.clicks.splice(0), timing: probe.timing.splice(0),
                split: window.scorpionSplit.splice(0) };
  return out;
}"""


def clicks_of(found: dict[str, list[dict[str, Any]]], timed: bool) -> list[dict[str, Any]]:
    """Each click's frame and (with Event Timing) presented times, ms."""
    presented = {round(entry["start"], 1): entry["duration"] for entry in found["timing"]}
    clicks = found["clicks"]
    for click in clicks:
        click["presented"] = presented.get(round(click["start"], 1), 16.0) if timed else None
    return clicks


def press_all(driver: Any, selector: str, times: int, point: tuple[float, float]) -> None:
    from e2e.engines.play import STILL, click

    for _ in range(times):
        driver.click_at(*point)
    # A loaded machine may lose a click (or merge two into a double click): press on until
    # the end of the history, a few more at most.
    for _ in range(10):
        if driver.js("(s) => document.querySelector(s).disabled", selector):
            break
        driver.wait(STILL)
        driver.click_at(*point)
    driver.wait("(s) => document.querySelector(s).disabled", selector)
    if driver.js("() => !!document.querySelector('#win-dialog')?.open"):
        click(driver, "#win-close")
        driver.wait("() => !document.querySelector('#win-dialog').open")


def engine_run(
    engine: str,
    base: str,
    rounds: int,
    animations: bool = True,
    floor_page: str = "floor.html",
    hide_board: bool = False,
) -> dict[str, Any]:
    from e2e.engines.drivers import DRIVERS
    from e2e.engines.play import POINT, boot, fresh
    from scorpion import Game, saves
    from scorpion.session import Session

    game = DRIVERS[engine](*VIEWPORT)
    floor = DRIVERS[engine](*VIEWPORT)
    try:
        # The line but its last move, restored from a save (playing it by clicks timed out
        # in WebKit on the loaded machine): Undo x50, Redo x50.
        line = " ".join(SEED["winning_line"][:-1])
        session = Session(Game.from_deck("".join(SEED["deck"]), moves=line), counted=True)
        session = replace(session, settings=replace(session.settings, animations=animations))
        fresh(game, base, "", saved=saves.dump(session, revision=1, saved_at=0))
        game.js(SETTLED)
        if hide_board and game.js(HIDE_BOARD) != "none":
            raise RuntimeError("--hide-board: the board is still drawn")
        boot(floor, base + floor_page)
        pages = {"game": game, "floor": floor}
        timed = bool(game.js(HAS_EVENT_TIMING))
        points = {}
        for label, driver in pages.items():
            driver.js(PROBE)  # its Event Timing observer observes nothing where unsupported
            driver.js(SPLIT)
            points[label] = {b: tuple(driver.wait(POINT, f"#{b}")) for b in ("undo", "redo")}
        moves = len(SEED["winning_line"]) - 1
        order = list(pages.items())
        for index in range(rounds):
            for button in ("undo", "redo"):
                for label, driver in order if index % 2 == 0 else order[::-1]:
                    press_all(driver, f"#{button}", moves, points[label][button])
        taken = {label: driver.js(TAKE) for label, driver in pages.items()}
        results = {label: clicks_of(found, timed) for label, found in taken.items()}
        splits = {label: found["split"] for label, found in taken.items()}
        return {"timed": timed, **results, "split": splits}
    finally:
        game.close()
        floor.close()


def line(label: str, values: list[float]) -> str:
    return (f"  {label:22} median {median(values):5.1f}   p95 {percentile(values, 0.95):5.1f}"
            f"   max {max(values):6.1f} ms   ({len(values)} clicks)")  # fmt: skip


def report(engine: str, found: dict[str, Any]) -> None:
    print(f"\n{engine}: pointerup to the frame done (requestAnimationFrame, then a task)")
    for label in ("game", "floor"):
        print(line(label, [c["frame"] for c in found[label]]))
    if not found["timed"]:
        print(f"{engine}: no Event Timing API ('event' entries): presented not measured")
    else:
        print(f"{engine}: to the frame presented (Event Timing; under 16 ms counted as 16)")
        for label in ("game", "floor"):
            print(line(label, [c["presented"] for c in found[label]]))
    keys = ("frame", "presented") if found["timed"] else ("frame",)
    cells = []
    for key in keys:
        mine = [c[key] for c in found["game"]]
        base = [c[key] for c in found["floor"]]
        cells.append(f"{key} {median(mine) - median(base):+.1f} / "
                     f"{percentile(mine, 0.95) - percentile(base, 0.95):+.1f}")  # fmt: skip
    print(f"{engine}: game above the floor (median / p95, ms): " + "   ".join(cells))
    for label in ("game", "floor"):
        split = found["split"][label]
        handlers = [s["handlers"] for s in split]
        wait = [s["wait"] for s in split]
        print(f"{engine}: {label}, handlers {median(handlers):.1f} / "
              f"{percentile(handlers, 0.95):.1f} ms, then to the next frame "
              f"{median(wait):.1f} / {percentile(wait, 0.95):.1f} ms (median / p95)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--engine", action="append", choices=("chromium", "firefox", "webkit"), default=[]
    )
    parser.add_argument("--rounds", type=int, default=2, help="undo-all/redo-all rounds")
    parser.add_argument("--site", type=Path, help="copy this built site instead of building")
    parser.add_argument(
        "--no-animations", action="store_true", help="the game's Animations setting off"
    )
    parser.add_argument(
        "--gliding-floor", type=int, default=0, metavar="N", help="each floor click starts N glides"
    )
    parser.add_argument("--hide-board", action="store_true", help="the game's board not drawn")
    args = parser.parse_args()
    floor_page = f"floor.html?glide={args.gliding_floor}" if args.gliding_floor else "floor.html"
    engines = args.engine or ["firefox", "webkit"]
    if "webkit" in engines and not os.environ.get("DISPLAY"):
        screen = "-screen 0 1920x1200x24"
        os.execvp("xvfb-run", ["xvfb-run", "-a", "-s", screen, sys.executable, *sys.argv])
    sys.path.insert(0, str(ROOT))
    work = Path(tempfile.mkdtemp(prefix="scorpion-move-engines-"))
    found: dict[str, Any] = {}
    try:
        site = prepare_site(work / "current", args.site)
        before = load_average()
        print(f"bench/move_engines.py: Undo x50 and Redo x50, {args.rounds} rounds, game and "
              f"floor ({floor_page}) alternating; load average before {before}")  # fmt: skip
        with serve(site) as base:
            for engine in engines:
                try:
                    found[engine] = engine_run(
                        engine,
                        base,
                        args.rounds,
                        not args.no_animations,
                        floor_page,
                        args.hide_board,
                    )
                except Exception as error:  # one engine's failure: the others still run
                    print(f"\n{engine}: not measured: {error}", flush=True)
                    continue
                report(engine, found[engine])
                print(f"(load average {load_average()})", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
