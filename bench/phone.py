"""Taps on a mid-range phone: headless Chromium emulating one, the site served as GitHub Pages
serves it, each tap from the finger's release to the frame presented, by kind of tap.

    .venv/bin/python bench/phone.py [--rounds 2] [--site DIR] [--baseline DIR]
                                    [--interval MS] [--cpu 4] [--trace FILE] [--json FILE]
                                    [--hide-board]

The phone: a 390x844 touch screen at device pixel ratio 3 (Playwright's ``is_mobile`` and
``has_touch``), the renderer's CPU slowed 4 times by DevTools
(``Emulation.setCPUThrottlingRate``, set once the page is ready and its first visit's
background work is done), the site served gzip-compressed as GitHub Pages serves it
(``bench/netserve.py``; no link throttling: the taps fetch nothing).

Each round plays the seed deal's winning line (tests/fixtures/seed-deal.json) by touch: a
tap on the card (a card with one place to go moves there at once, as on a phone), then on
the column when the card was picked up; every fourth move by a drag instead (touch
events through ``Input.dispatchTouchEvent``: press, eight moves, release); the reserve's
deal by its button; then Undo for every move. Kinds: ``card``, ``column``, ``drag``,
``deal``, ``undo``. The floor page (``bench/floor.html``, whose Undo and Redo change one
line of text), in a browser of its own under the same throttle, is tapped as many times
as the game's Undo in each round, its half-rounds interleaved with the game's (and with
``--baseline``'s, a built site measured alike, the order reversed every round).

A tap's time: from its ``pointerup`` (the finger leaves the glass) to the frame presented
on screen after the last of its Event Timing ``event`` entries (``pointerup`` and, for a
tap, the ``click`` the browser makes of it), as the API reports them (8 ms steps, from
16 ms up: a tap with no entry counts as 16 ms). Median, p95 and max per kind.

By default the taps come one after another as Playwright sends them (the next once the
last is answered: tens of ms apart at 4x); ``--interval MS`` sends each tap MS or more
after the last release, a player's rhythm.

Where a tap took more than 66 ms, the Long Animation Frames API (``long-animation-frame``
entries with their scripts) says what ran in the frames that held it: printed per slow
tap, the invoker (``TimerHandler:setTimeout``, ``IdleCallback``, a listener) and its
duration. ``--trace FILE`` also records a Chromium trace (``Tracing``, the DevTools
Performance panel's categories) of the first site's first round, to open in DevTools.

``--hide-board``: the game's share alone. Each game plays the line first (untimed, no
throttle), then its table (cards, columns, places) is hidden (``display: none``, as
``bench/move_engines.py --hide-board``) and each round taps its Undo for every move (kind
``undo``), as the floor page's round does, then redoes them by Ctrl+Y, untimed: the
handlers, the toolbar's and the status line's updates and the frame, with no card drawn.

At the end, the main thread's work while the game sits untouched, 10 s without throttle
(``Performance.getMetrics`` TaskDuration): it should stay at 0-2 ms a second.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
from contextlib import ExitStack
from functools import partial
from pathlib import Path
from typing import Any

from harness import (
    ROOT,
    deck_query,
    end_trace,
    launch_options,
    load_average,
    median,
    percentile,
    prepare_sites,
)
from move_engines import HIDE_BOARD
from netserve import gzip_server
from playwright.sync_api import Page, expect, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

SEED = json.loads((ROOT / "tests" / "fixtures" / "seed-deal.json").read_text())
TIMEOUT_MS = 300_000
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
KINDS = ("card", "pick", "column", "drag", "deal", "undo")
SLOW_MS = 66.0  # a tap above this is printed with what held it
DRAG_EVERY = 4  # every fourth move of the line is dragged
DRAG_STEPS = 8

# In the page: each pointerup with the kind the bench said it was, the Event Timing entries
# of pointerup and click (16 ms and more), and the long animation frames with their scripts.
PROBE = """() => {
  const probe = window.scorpionProbe = { kind: "other", taps: [], entries: [], frames: [] };
  document.addEventListener("pointerup", (event) => {
    probe.lastUp = event.timeStamp;
    probe.taps.push({ start: event.timeStamp, kind: probe.kind, clicked: false });
  }, true);
  document.addEventListener("click", () => {
    const last = probe.taps[probe.taps.length - 1];
    if (last) last.clicked = true;
  }, true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === "pointerup" || entry.name === "click") {
        probe.entries.push({ name: entry.name, start: entry.startTime, duration: entry.duration,
                             processing: entry.processingStart - entry.startTime });
      }
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  if (PerformanceObserver.supportedEntryTypes.includes("long-animation-frame")) {
    new PerformanceObserver((list) => {
      for (const frame of list.getEntries()) {
        probe.frames.push({
          start: frame.startTime, duration: frame.duration, blocking: frame.blockingDuration,
          render: frame.renderStart, style: frame.styleAndLayoutStart,
          scripts: frame.scripts.map((s) => ({
            invoker: s.invoker, type: s.invokerType, start: s.startTime,
            duration: s.duration, forced: s.forcedStyleAndLayoutDuration,
          })),
        });
      }
    }).observe({ type: "long-animation-frame", buffered: true });
  }
}"""

# Resolves once MS have passed since the last pointerup the probe saw.
CADENCE = """async (interval) => {
  const last = window.scorpionProbe.lastUp;
  const wait = last === undefined ? 0 : last + interval - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}"""

SETTLED_WORKER = "async () => { if (navigator.serviceWorker) await navigator.serviceWorker.ready; }"
SETTLED_SNAPSHOT = "() => document.documentElement.dataset.snapshot !== 'shipped'"

INTERVAL_MS = 0.0
DEBUG = False


class Phone:
    """One site's page in a browser of its own, emulating the phone."""

    def __init__(self, playwright: Any, profile: Path, url: str, cpu: float) -> None:
        self.context = playwright.chromium.launch_persistent_context(
            str(profile),
            **launch_options(),
            headless=True,
            locale="en-US",
            **PHONE,
        )
        self.page: Page = self.context.new_page()
        self.page.goto(url, timeout=TIMEOUT_MS)
        self.page.wait_for_function(
            "document.documentElement.dataset.ready === '1'", timeout=TIMEOUT_MS
        )
        self.cdp = self.context.new_cdp_session(self.page)
        self.cpu = cpu

    def settle(self) -> None:
        """Let a first visit's background work finish (the service worker's install, the
        kept Python snapshot) before the first measured tap."""
        self.page.evaluate(SETTLED_WORKER)
        self.page.wait_for_function(SETTLED_SNAPSHOT, polling=200, timeout=TIMEOUT_MS)

    def throttle(self, rate: float | None = None) -> None:
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate or self.cpu})

    def arm(self) -> None:
        self.page.evaluate(PROBE)
        if DEBUG:
            self.page.evaluate("""() => { window.scorpionLog = [];
              for (const t of ['pointerdown','pointerup','click','pointercancel','contextmenu'])
                document.addEventListener(t, e => scorpionLog.push([t, e.pointerType,
                  e.target.id || e.target.tagName, e.detail, Math.round(e.clientX),
                  Math.round(e.clientY)]), true); }""")

    def kind(self, kind: str) -> None:
        page = self.page
        if INTERVAL_MS:
            page.evaluate(CADENCE, INTERVAL_MS)
        page.evaluate("(kind) => { window.scorpionProbe.kind = kind; }", kind)

    def tap(self, selector: str, kind: str) -> None:
        self.kind(kind)
        # A column's middle may show one of its cards (the cards share one parent, not the
        # column's element): the tap lands where a finger would, which the game takes as
        # the column.
        self.page.locator(selector).tap(force=selector.startswith("[data-column"))

    def point(self, card: str) -> tuple[float, float]:
        """A point on the card's top edge, once it is the card a finger there touches (the
        middle of a card under others shows another card; a card gliding past may cover it)."""
        page = self.page
        element = page.locator(f'[data-card="{card}"]')
        element.scroll_into_view_if_needed()  # a long column reaches below the screen
        box = element.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + min(8.0, box["height"] / 4)
        page.wait_for_function(
            """([x, y, card]) => document.elementFromPoint(x, y)?.closest("[data-card]")
                 ?.dataset.card === card""",
            arg=[x, y, card],
            timeout=TIMEOUT_MS,
        )
        return x, y

    def tap_column(self, column: int) -> None:
        """A tap on the column's top card (its top edge), or on an empty column's top."""
        top = self.page.evaluate(
            "(c) => document.querySelector(`[data-column='${c}']`).getAttribute('aria-owns')",
            column,
        )
        ids = str(top or "").split()
        if ids:
            self.tap_card(ids[-1].removeprefix("card-"), "column")
            return
        element = self.page.locator(f'[data-column="{column}"]')
        element.scroll_into_view_if_needed()
        box = element.bounding_box()
        assert box is not None
        self.kind("column")
        self.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + 10)

    def tap_card(self, card: str, kind: str) -> None:
        x, y = self.point(card)
        self.kind(kind)
        if kind == "pick":
            self.page.mouse.click(x, y)
        else:
            self.page.touchscreen.tap(x, y)

    def drag(self, card: str, column: int) -> None:
        """Press on the card's top edge, slide to the column in DRAG_STEPS moves, let go."""
        page = self.page
        x, y = self.point(card)
        to = page.locator(f'[data-column="{column}"]').bounding_box()
        assert to is not None
        tx = to["x"] + to["width"] / 2
        self.kind("drag")
        send = self.cdp.send
        send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for step in range(1, DRAG_STEPS + 1):
            point = {"x": x + (tx - x) * step / DRAG_STEPS, "y": y + 20 * step / DRAG_STEPS}
            send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        # The finger rests before it lifts, as a player's does: a release at speed would be
        # a fling, and Chromium takes the next tap for the fling's stop (no click).
        page.wait_for_timeout(100)
        send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def close_win(self) -> None:
        page = self.page
        expect(page.locator("#win-dialog")).to_be_visible(timeout=TIMEOUT_MS)
        until(
            self,
            partial(self.tap, "#win-close", "close"),
            "() => !document.querySelector('#win-dialog').open",
        )

    def taps(self) -> list[dict[str, Any]]:
        """Each tap's kind and time to the frame presented (ms)."""
        probe: dict[str, Any] = self.page.evaluate("window.scorpionProbe")
        return measured(probe)

    def frames(self) -> list[dict[str, Any]]:
        return list(self.page.evaluate("window.scorpionProbe.frames"))

    def measures(self) -> list[dict[str, Any]]:
        """The page's own performance measures (none in the game as built; a diagnostic
        build may add some)."""
        return list(self.page.evaluate(
            "performance.getEntriesByType('measure').map((m) => "
            "({ name: m.name, start: m.startTime, duration: m.duration }))"
        ))  # fmt: skip

    def busy_seconds(self) -> float:
        self.cdp.send("Performance.enable")
        metrics = self.cdp.send("Performance.getMetrics")["metrics"]
        return float(next(m["value"] for m in metrics if m["name"] == "TaskDuration"))


def measured(probe: dict[str, Any]) -> list[dict[str, Any]]:
    """Each tap: its kind, start, and ``presented``: from the pointerup to the end of the
    last Event Timing entry that began before the next tap (16 ms when there is none)."""
    taps, entries = probe["taps"], sorted(probe["entries"], key=lambda e: e["start"])
    result = []
    for n, tap in enumerate(taps):
        start = tap["start"]
        until = taps[n + 1]["start"] - 0.5 if n + 1 < len(taps) else float("inf")
        ends = [e["start"] + e["duration"] for e in entries if start - 0.5 <= e["start"] < until]
        presented = max([16.0, *(end - start for end in ends)])
        # A touch that made no click was a long press (a loaded machine), tapped again.
        kind = tap["kind"] if tap["clicked"] or tap["kind"] == "drag" else "lost"
        result.append({"kind": kind, "start": start, "presented": presented})
    return result


# The tapped card is picked up, or has left its column (moved at once); it has left it;
# a button is disabled.
TAKEN = """([card, source]) =>
  document.querySelector(`[data-card="${card}"]`)?.getAttribute("aria-pressed") === "true"
  || !document.querySelector(`[data-column="${source}"][aria-owns~="card-${card}"]`)"""
GONE = """([card, source]) =>
  !document.querySelector(`[data-column="${source}"][aria-owns~="card-${card}"]`)"""
DISABLED = "(id) => document.getElementById(id).disabled"


def until(phone: Phone, act: Any, done: str, arg: Any = None) -> None:
    """``act`` (a tap), then wait for ``done`` (a function in the page); a tap that changed
    nothing (on a loaded machine a touch held too long is a long press, not a tap: it
    has no click) is tapped again."""
    for _ in range(5):
        act()
        try:
            phone.page.wait_for_function(done, arg=arg, timeout=20_000)
            return
        except PlaywrightTimeout:
            if DEBUG:
                print(phone.page.evaluate("window.scorpionLog.slice(-12)"))
            print(f"a tap changed nothing ({getattr(act, 'args', '')}); tapped again", flush=True)
    raise SystemExit("five taps changed nothing")


def play_line(phone: Phone, moves: int | None = None) -> None:
    """The winning line by touch (its first ``moves`` moves, or all and the win closed): a
    card (moved at once when it has one place to go, else picked up, then its column
    tapped), every DRAG_EVERY-th move dragged, the reserve dealt by its button."""
    page = phone.page
    for n, move in enumerate(SEED["winning_line"][:moves]):
        if move == "deal":
            until(phone, partial(phone.tap, "#deal-reserve", "deal"), DISABLED, "deal-reserve")
            continue
        card, column = move.split(">")
        owner = f'[aria-owns~="card-{card}"]'
        source = page.locator(f"[data-column]{owner}").get_attribute("data-column")
        if n % DRAG_EVERY == DRAG_EVERY - 1:
            until(phone, partial(phone.drag, card, int(column)), GONE, [card, source])
            continue
        # A card with one place to go moves on a tap; to take the line's columns by touch
        # too, every other card is picked up by a mouse click ("pick"), its column tapped.
        kind = "pick" if n % 2 else "card"
        until(phone, partial(phone.tap_card, card, kind), TAKEN, [card, source])
        if page.locator(f'[data-card="{card}"][aria-pressed="true"]').count():
            until(phone, partial(phone.tap_column, int(column)), GONE, [card, source])
        expect(page.locator('[aria-pressed="true"]')).to_have_count(0, timeout=TIMEOUT_MS)
    if moves is None:
        phone.close_win()


def tap_while_enabled(phone: Phone, button: str, kind: str) -> None:
    """Tap ``button`` until it is disabled (a lost tap is one more tap)."""
    for _ in range(3 * len(SEED["winning_line"])):
        if phone.page.locator(f"#{button}").is_disabled():
            return
        phone.tap(f"#{button}", kind)
    raise SystemExit(f"#{button} still enabled")


def undo_all(phone: Phone) -> None:
    tap_while_enabled(phone, "undo", "undo")


def floor_round(phone: Phone) -> None:
    """The floor page: Undo for every move, then Redo for every move (its win closed)."""
    tap_while_enabled(phone, "undo", "floor")
    tap_while_enabled(phone, "redo", "floor")
    phone.close_win()


def hidden_board_round(phone: Phone) -> None:
    """--hide-board: the game's Undo tapped for every move, its table not drawn; then the
    moves redone by Ctrl+Y, untimed (the phone's bar has no Redo: it is in the menu)."""
    tap_while_enabled(phone, "undo", "undo")
    for _ in range(3 * len(SEED["winning_line"])):
        if phone.page.locator("#redo").is_disabled():
            break
        phone.page.keyboard.press("Control+y")
    phone.close_win()


def hide_board(phone: Phone) -> None:
    """The line played (untimed, no throttle), then the table hidden: only the toolbar,
    the status line and the panels are drawn. (Armed for the line's taps; armed again,
    with a new probe, before the measured rounds.)"""
    phone.arm()
    play_line(phone)
    if phone.page.evaluate(HIDE_BOARD) != "none":
        raise SystemExit("--hide-board: the board is still drawn")


def slow_taps(label: str, phone: Phone, taps: list[dict[str, Any]]) -> None:
    """What ran in the long animation frames that held each tap over SLOW_MS."""
    frames, measures = phone.frames(), phone.measures()
    slow = [t for t in taps if t["presented"] > SLOW_MS]
    if not slow:
        return
    print(f"\n{label}: taps over {SLOW_MS:g} ms and the long animation frames that held them")
    print("(frame: start from the tap, duration; its scripts: invoker, start, duration)")
    for tap in slow:
        start, end = tap["start"], tap["start"] + tap["presented"]
        print(f"  {tap['kind']:7} {tap['presented']:5.0f} ms")
        for frame in frames:
            if frame["start"] < end and frame["start"] + frame["duration"] > start - 50:
                print(f"    frame {frame['start'] - start:+7.1f} {frame['duration']:5.0f} ms "
                      f"(blocking {frame['blocking']:.0f})")  # fmt: skip
                for script in frame["scripts"]:
                    when = script["start"] - start
                    print(f"      {script['type']:16} {script['invoker'][:48]:48} "
                          f"{when:+7.1f} {script['duration']:5.0f} ms")  # fmt: skip
                if frame["style"]:
                    print(f"      style and layout from {frame['style'] - start:+7.1f}, "
                          f"render from {frame['render'] - start:+7.1f}, frame end "
                          f"{frame['start'] + frame['duration'] - start:+7.1f}")  # fmt: skip
        for measure in measures:
            if measure["start"] < end and measure["start"] + measure["duration"] > start - 50:
                print(f"    measure {measure['name'][:40]:40} {measure['start'] - start:+7.1f} "
                      f"{measure['duration']:5.1f} ms")  # fmt: skip


def summary(kind: str, values: list[float]) -> str:
    return (f"{kind:8} median {median(values):5.0f}   p95 {percentile(values, 0.95):5.0f}   "
            f"max {max(values):5.0f}   count {len(values):4}")  # fmt: skip


def report(results: dict[str, list[dict[str, Any]]]) -> None:
    for label, taps in results.items():
        print(f"\n{label}: pointerup to the frame presented, ms (16 when under 16):")
        for kind in (*KINDS, "floor", "lost"):
            values = [t["presented"] for t in taps if t["kind"] == kind]
            if values:
                print("  " + summary(kind, values))
    if len(results) > 2:
        print("\nmedian / p95 side by side:")
        labels = [label for label in results if label != "floor"]
        print(f"{'':8}" + "".join(f"{label:>16}" for label in labels))
        for kind in KINDS:
            row = f"{kind:8}"
            for label in labels:
                values = [t["presented"] for t in results[label] if t["kind"] == kind]
                row += f"{median(values):9.0f} / {percentile(values, 0.95):4.0f}"
            print(row)


def start_trace(phone: Phone) -> None:
    phone.cdp.send("Tracing.start", {
        "transferMode": "ReturnAsStream",
        "traceConfig": {"includedCategories": [
            "devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute",
            "disabled-by-default-devtools.timeline.frame", "latencyInfo", "blink.user_timing",
            "disabled-by-default-v8.cpu_profiler", "loading",
        ]},
    })  # fmt: skip


def stop_trace(phone: Phone, path: Path) -> None:
    path.write_text(end_trace(phone.cdp, phone.page))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2, help="the line and its undos, N times")
    parser.add_argument("--site", type=Path, help="copy this built site instead of building")
    parser.add_argument("--baseline", type=Path, help="another built site, measured alongside")
    parser.add_argument("--cpu", type=float, default=4.0, help="CPU slowdown (default 4)")
    parser.add_argument("--interval", type=float, default=0.0, metavar="MS",
                        help="each tap at least MS after the last release")  # fmt: skip
    parser.add_argument("--trace", type=Path, help="a Chromium trace of the first round")
    parser.add_argument("--json", type=Path, help="every tap's measurements here")
    parser.add_argument("--no-idle", action="store_true", help="skip the idle measurement")
    parser.add_argument("--hide-board", action="store_true",
                        help="the game's table not drawn: its Undo and Redo tapped")  # fmt: skip
    args = parser.parse_args()
    global INTERVAL_MS
    INTERVAL_MS = args.interval

    work = Path(tempfile.mkdtemp(prefix="scorpion-phone-"))
    try:
        dirs = prepare_sites(work, args.site, args.baseline)
        before = load_average()
        with ExitStack() as stack:
            playwright = stack.enter_context(sync_playwright())
            phones: dict[str, Phone] = {}
            for label, site in dirs.items():
                base, _counter = stack.enter_context(gzip_server(site))
                phone = Phone(playwright, work / f"{label}-profile", base + deck_query(), args.cpu)
                stack.callback(phone.context.close)
                phones[label] = phone
                if label == "current":
                    floor = Phone(playwright, work / "floor-profile", base + "floor.html", args.cpu)
                    stack.callback(floor.context.close)
            phones["floor"] = floor
            games = [label for label in phones if label != "floor"]
            for label in games:
                phones[label].settle()
                if args.hide_board:
                    hide_board(phones[label])
            for phone in phones.values():
                phone.arm()
                phone.throttle()
            loads = [load_average()]
            first = games[0]
            for round_ in range(args.rounds):
                order = list(phones) if round_ % 2 == 0 else list(phones)[::-1]
                if round_ == 0 and args.trace:
                    start_trace(phones[first])
                for label in order:
                    if label == "floor":
                        floor_round(phones[label])
                    elif args.hide_board:
                        hidden_board_round(phones[label])
                    else:
                        play_line(phones[label])
                for label in order:
                    if label != "floor" and not args.hide_board:
                        undo_all(phones[label])
                if round_ == 0 and args.trace:
                    stop_trace(phones[first], args.trace)
                loads.append(load_average())
            results = {label: phone.taps() for label, phone in phones.items()}
            for label in games:
                slow_taps(label, phones[label], results[label])
            idle = {}
            if not args.no_idle:
                for label in games:
                    phone = phones[label]
                    phone.throttle(1)
                    phone.page.wait_for_timeout(3000)
                    was = phone.busy_seconds()
                    phone.page.wait_for_timeout(10_000)
                    idle[label] = (phone.busy_seconds() - was) * 1000 / 10
        after = load_average()
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(f"bench/phone.py: {args.rounds} rounds, 390x844 touch, DPR 3, CPU {args.cpu:g}x, gzip; "
          + (f"each tap {args.interval:g} ms or more after the last" if args.interval
             else "taps back to back")
          + ("; the game's table hidden" if args.hide_board else ""))  # fmt: skip
    print(
        f"load average (1, 5, 15 min): before {before}, during {' | '.join(loads)}, after {after}"
    )
    report(results)
    for label, ms in idle.items():
        print(f"{label}: idle, untouched, no throttle: {ms:.1f} ms of main-thread work a second")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
