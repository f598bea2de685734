"""From the pointer's release to the updated board on screen, over a real game's moves, undos
and redos, in headless Chromium.

    .venv/bin/python bench/move.py [--rounds 2] [--site DIR] [--baseline DIR] [--reduced-motion]
                                   [--pace | --interval MS] [--json FILE]

Plays the seed deal's winning line (tests/fixtures/seed-deal.json) by clicks, card then
column, then takes every move back with Undo and plays it again with Redo, ``--rounds``
times. The page measures each click itself, from the ``pointerup`` event's timeStamp: to the
end of the main thread's work on the frame that shows the change (its requestAnimationFrame
callback, then a task), and, with the Event Timing API
(``PerformanceObserver({type: "event", durationThreshold: 16})``), to that frame presented
on screen.

``--baseline DIR`` (a built site, e.g. an older version) is measured in the same run, in
its own browser, interleaved: both play the line, then each half-round (undo all, redo all)
alternates between them, the order reversed every round.

By default the clicks come back to back, as fast as Playwright sends them (tens of ms
apart), so each one lands while the cards of the last few still glide: a stress test.
``--pace`` waits before each click until no animation runs (``document.getAnimations()``
is empty), as a player who looks at the board before the next click. ``--interval MS``
sends each click at least MS after the last one was released (its pointerup), whether or
not the cards still glide: a fast player's rhythm (150 ms: six or seven taps a second),
where back to back is a stress test no hand keeps up with.

The **floor** is measured alongside, in a browser of its own: ``bench/floor.html``, a page
whose Undo and Redo change one line of text, clicked as the game's Undo and Redo are, its
rounds interleaved with the game's. It is what this machine, at that moment, takes for any
click (input delivery, the wait for the next frame, that frame's work): the game's figures
minus the floor's are what the game adds. The machine's cores are shared, and the same
version's figures move by a factor of two from one hour to the next; the floor moves with
them.

Prints the median, 95th percentile, maximum and count, in all and by kind of click, and
the main thread's busy time per undo or redo, the glide it starts included (Chromium's
``Performance.getMetrics`` TaskDuration over the undo and redo rounds).
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from harness import (
    ROOT,
    deck_query,
    launch,
    load_average,
    median,
    percentile,
    prepare_sites,
    serve,
)
from playwright.sync_api import Page, expect, sync_playwright

SEED = json.loads((ROOT / "tests" / "fixtures" / "seed-deal.json").read_text())
TIMEOUT_MS = 180_000

# In the page. A capture listener on document hears each pointerup first, before the game's
# handlers: it asks for the next frame, and from that frame's callback posts a message,
# which runs once the frame's work on the main thread (the game's handlers, then style,
# layout, paint) is done: "frame". The Event Timing API gives, for the same pointerup, the
# time to the frame's presentation on screen ("presented"; reported only when 16 ms or
# more, in 8 ms steps: a click without an entry took less than 16 ms).
PROBE = """() => {
  const probe = window.scorpionProbe = { clicks: [], timing: [] };
  const kind = (target) => {
    const button = target.closest("button[id]");
    if (button) return button.id;
    if (target.closest("[data-card]")) return "card";
    if (target.closest("[data-column]")) return "column";
    return "other";
  };
  document.addEventListener("pointerup", (event) => {
    probe.lastUp = event.timeStamp;  // for --interval
    const click = { start: event.timeStamp, kind: kind(event.target) };
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        probe.clicks.push({ ...click, frame: performance.now() - click.start });
      };
      channel.port2.postMessage(0);
    });
  }, true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === "pointerup") {
        probe.timing.push({ start: entry.startTime, duration: entry.duration });
      }
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
}"""


PACED = False  # --pace: each click waits until the cards are still
INTERVAL_MS = 0.0  # --interval: each click waits until this long after the last release


# Resolves once no animation runs (finished ones that hold their end state, as the win's
# confetti does until it is removed, do not count): awaits the running ones' ends, then
# looks again a frame later (one may have started another), rather than polling
# getAnimations() in every frame, which would flush style in each frame of the glide and
# add its own work to what is measured.
STILL = """async () => {
  const running = () => document.getAnimations().filter((a) => a.playState !== "finished");
  for (let now; (now = running()).length; ) {
    await Promise.allSettled(now.map((animation) => animation.finished));
    await new Promise(requestAnimationFrame);
  }
}"""


# Resolves once INTERVAL_MS have passed since the last pointerup the probe saw.
CADENCE = """async (interval) => {
  const last = window.scorpionProbe.lastUp;
  const wait = last === undefined ? 0 : last + interval - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}"""


def still(page: Page) -> None:
    if PACED:
        page.evaluate(STILL)
    elif INTERVAL_MS:
        page.evaluate(CADENCE, INTERVAL_MS)


def click(page: Page, selector: str) -> None:
    still(page)
    # A column's middle may show a card of that column, which (since the columns' cards
    # share one element) is not inside the column's element: Playwright would wait for
    # that "other element" to move away. The page sees the same click either way.
    page.click(selector, force=selector.startswith("[data-column"))


def close_win(page: Page) -> None:
    if page.locator("#win-dialog").is_visible():
        page.click("#win-close")
        expect(page.locator("#win-dialog")).to_be_hidden()


def play_line(page: Page) -> None:
    """The winning line, a card and then a column per move (the reserve for 'deal')."""
    for move in SEED["winning_line"]:
        if move == "deal":
            click(page, "#deal-reserve")
            continue
        card, column = move.split(">")
        element = page.locator(f'[data-card="{card}"]')
        owner = f'[aria-owns~="card-{card}"]'
        source = page.locator(f"[data-column]{owner}").get_attribute("data-column")
        still(page)
        element.click()
        expect(element).to_have_attribute("aria-pressed", "true")
        click(page, f'[data-column="{column}"]')
        expect(page.locator('[aria-pressed="true"]')).to_have_count(0)
        # The card left its column (perhaps the table, with a whole suit): a click the
        # game took for something else fails here, not as a missing card moves later.
        expect(page.locator(f'[data-column="{source}"]{owner}')).to_have_count(0)
    expect(page.locator("#win-dialog")).to_be_visible()
    close_win(page)


def undo_all(page: Page, moves: int) -> None:
    for _ in range(moves):
        click(page, "#undo")
    expect(page.locator("#undo")).to_be_disabled()


def redo_all(page: Page, moves: int) -> None:
    for _ in range(moves):
        click(page, "#redo")
    # The last redo wins: the dialog opens once that move is painted.
    expect(page.locator("#win-dialog")).to_be_visible()
    close_win(page)
    expect(page.locator("#redo")).to_be_disabled()


def undo_redo(page: Page, moves: int) -> None:
    undo_all(page, moves)
    redo_all(page, moves)


def main_thread_seconds(session: Any) -> float:
    """The renderer main thread's busy time so far (Chromium's Performance.getMetrics)."""
    session.send("Performance.enable")
    metrics = session.send("Performance.getMetrics")["metrics"]
    return float(next(m["value"] for m in metrics if m["name"] == "TaskDuration"))


def summary(label: str, values: list[float]) -> str:
    return (f"{label:14} median {median(values):6.1f} ms   p95 {percentile(values, 0.95):6.1f} ms"
            f"   max {max(values):6.1f} ms   count {len(values)}")  # fmt: skip


# A first visit's own background work, done before any click is measured: the service
# worker's install (it fetches and hashes every file, ~20 MB) and keeping the Python
# snapshot in Cache Storage. Left running, the second browser's share of it fell into the
# first one's first round of undos and made that site's 95th percentile worse.
SETTLED_WORKER = "async () => { if (navigator.serviceWorker) await navigator.serviceWorker.ready; }"
SETTLED_SNAPSHOT = "() => document.documentElement.dataset.snapshot !== 'shipped'"


def settle(page: Page) -> None:
    page.evaluate(SETTLED_WORKER)
    page.wait_for_function(SETTLED_SNAPSHOT, polling=200, timeout=TIMEOUT_MS)


def start(playwright: Any, profile: Path, url: str, options: dict[str, Any]) -> tuple[Any, Page]:
    """A browser on ``profile`` with ``url`` (the game on the seed deal, or the floor page)
    ready for input and the probe set."""
    context = launch(playwright, profile, **options)
    page = context.new_page()
    page.goto(url, timeout=TIMEOUT_MS)
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=TIMEOUT_MS)
    page.evaluate(PROBE)
    return context, page


FLOOR = "floor"  # the label of bench/floor.html's results


def clicks_of(page: Page) -> list[dict[str, Any]]:
    """Each click's kind, frame and presented times (ms)."""
    probe: dict[str, list[dict[str, Any]]] = page.evaluate("window.scorpionProbe")
    clicks = probe["clicks"]
    presented = {round(entry["start"], 1): entry["duration"] for entry in probe["timing"]}
    for click in clicks:  # below the API's 16 ms threshold: counted as 16 ms
        click["fast"] = round(click["start"], 1) not in presented
        click["presented"] = presented.get(round(click["start"], 1), 16.0)
    return clicks


def above_floor(results: dict[str, list[dict[str, Any]]]) -> None:
    """Each site's undo and redo figures minus the floor's (same clicks, same moments)."""
    floor = [c for c in results[FLOOR] if c["kind"] in ("undo", "redo")]
    print("\nundo and redo, above the floor (this site's figure - the floor's; median / p95, ms):")
    for label, clicks in results.items():
        if label == FLOOR:
            continue
        own = [c for c in clicks if c["kind"] in ("undo", "redo")]
        cells = []
        for key in ("frame", "presented"):
            mine, base = [c[key] for c in own], [c[key] for c in floor]
            cells.append(f"{key} {median(mine) - median(base):+.1f} / "
                         f"{percentile(mine, 0.95) - percentile(base, 0.95):+.1f}")  # fmt: skip
        print(f"{label:14}" + "   ".join(cells))


def report(label: str, clicks: list[dict[str, Any]]) -> None:
    fast = sum(1 for click in clicks if click["fast"])
    print(f"\n{label}: to the frame done on the main thread "
          "(pointerup -> requestAnimationFrame -> task):")  # fmt: skip
    print(summary("all", [c["frame"] for c in clicks]))
    for kind in sorted({c["kind"] for c in clicks}):
        print(summary(kind, [c["frame"] for c in clicks if c["kind"] == kind]))
    print(f"{label}: to the frame presented on screen (Event Timing; {fast} clicks under "
          "16 ms, counted as 16):")  # fmt: skip
    print(summary("all", [c["presented"] for c in clicks]))
    for kind in sorted({c["kind"] for c in clicks}):
        print(summary(kind, [c["presented"] for c in clicks if c["kind"] == kind]))


def compare(results: dict[str, list[dict[str, Any]]]) -> None:
    """Medians and 95th percentiles side by side, in all and by kind of click."""
    labels = list(results)
    print(f"\n{'':14}" + "".join(f"{label + ' frame':>24}{label + ' presented':>26}"
                                   for label in labels))  # fmt: skip
    kinds = ["all", *sorted({c["kind"] for clicks in results.values() for c in clicks})]
    for kind in kinds:
        row = f"{kind:14}"
        for label in labels:
            clicks = [c for c in results[label] if kind in ("all", c["kind"])]
            for key, width in (("frame", 24), ("presented", 26)):
                values = [c[key] for c in clicks]
                cell = f"{median(values):.1f} / {percentile(values, 0.95):.1f}" if values else "—"
                row += f"{cell:>{width}}"
        print(row)
    print("(median / p95, ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2, help="undo-all/redo-all rounds")
    parser.add_argument("--site", type=Path, help="copy this built site instead of building")
    parser.add_argument("--baseline", type=Path, help="another built site, measured alongside")
    parser.add_argument("--reduced-motion", action="store_true", help="no card animations")
    rhythm = parser.add_mutually_exclusive_group()
    rhythm.add_argument("--pace", action="store_true", help="click once the cards are still")
    rhythm.add_argument("--interval", type=float, default=0.0, metavar="MS",
                        help="click at least MS after the last release")  # fmt: skip
    parser.add_argument("--json", type=Path, help="write every click's measurements here")
    args = parser.parse_args()
    global PACED, INTERVAL_MS
    PACED = args.pace
    INTERVAL_MS = args.interval

    work = Path(tempfile.mkdtemp(prefix="scorpion-move-"))
    try:
        dirs = prepare_sites(work, args.site, args.baseline)
        before = load_average()
        options: dict[str, Any] = {}
        if args.reduced_motion:
            options["reduced_motion"] = "reduce"
        with ExitStack() as stack:
            playwright = stack.enter_context(sync_playwright())
            pages: dict[str, Page] = {}
            for label, site in dirs.items():
                base = stack.enter_context(serve(site))
                context, page = start(playwright, work / f"{label}-profile", base + deck_query(),
                                      options)  # fmt: skip
                stack.callback(context.close)
                pages[label] = page
                if label == "current":
                    context, page = start(playwright, work / "floor-profile", base + "floor.html",
                                          options)  # fmt: skip
                    stack.callback(context.close)
                    floor = page
            pages[FLOOR] = floor  # last: the game pages' order stays as it was
            order = list(pages.items())
            games = [page for label, page in order if label != FLOOR]
            for page in games:
                settle(page)
            for page in games:
                play_line(page)
            # Main-thread time over the undo and redo rounds, glides included (CDP metrics).
            cdp = {label: page.context.new_cdp_session(page) for label, page in pages.items()}
            busy = {label: -main_thread_seconds(session) for label, session in cdp.items()}
            moves = len(SEED["winning_line"])
            for round_ in range(args.rounds):
                for step in (undo_all, redo_all):
                    for _label, page in order if round_ % 2 == 0 else order[::-1]:
                        step(page, moves)
            for label, session in cdp.items():
                busy[label] += main_thread_seconds(session)
            results = {label: clicks_of(page) for label, page in pages.items()}
        after = load_average()
    finally:
        shutil.rmtree(work, ignore_errors=True)

    count = len(results["current"])
    motion = "reduced motion" if args.reduced_motion else "with animations"
    pace = (
        "each click once the cards are still" if args.pace
        else f"each click {args.interval:g} ms or more after the last" if args.interval
        else "back to back"
    )  # fmt: skip
    print(f"bench/move.py: pointerup to the updated board, {count} clicks per site "
          f"({motion}, {pace})")  # fmt: skip
    print(f"load average (1, 5, 15 min): before {before}, after {after}")
    undos_redos = 2 * args.rounds * len(SEED["winning_line"])
    for label, clicks in results.items():
        report(label, clicks)
        print(f"{label}: main thread busy {busy[label] * 1000 / undos_redos:.1f} ms per undo or "
              "redo, its glide included (CDP TaskDuration)")  # fmt: skip
    compare(results)
    above_floor(results)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
