"""Load time of the game against the bare Pyodide boot, cold and warm, in headless Chromium.

    .venv/bin/python bench/load.py [--runs 5] [--site DIR] [--timeline]
    .venv/bin/python bench/load.py --engine firefox --engine webkit [--runs 5]
    .venv/bin/python bench/load.py --phone [--warm-only] [--runs 5]

Builds a private copy of the site from the working tree (``--site DIR`` copies a built
site instead), adds ``bench/bare.html`` (only ``loadPyodide`` from the same vendored
``pyodide.mjs`` and one line of Python) and serves it with ``python -m http.server``.
Then, interleaved run by run (cold game, cold bare, warm game, warm bare; the next round in
the opposite order):

- cold: a fresh Chromium profile per load (no HTTP cache, code cache, service worker or
  storage), the game opened on the seed deal's link;
- warm: one persistent profile (and another for the stock page, whose long start would
  change what V8 caches for the wasm), primed by ``--prime`` loads of each page; the game's
  service worker then controls both pages, so their files come from its cache (the
  report says how many warm loads it served), and the game has a saved board to paint.

All times are from navigation start, read from the page's own performance marks:
``scorpion-snapshot-painted`` (index.html painted the saved board, before Python),
``scorpion-py`` (PyScript has the interpreter and runs our script), ``scorpion-imported``
(our modules imported), ``scorpion-board-painted`` (Python's first board on screen),
``scorpion-ready`` (``data-ready="1"``: input is taken) and ``bare-ready``. "On screen" is
the frame after the DOM write (requestAnimationFrame, then a task).

``--phone``: every Chromium page as bench/phone.py's phone (a 390x844 touch screen at
DPR 3, its renderer's CPU slowed 4 times by ``Emulation.setCPUThrottlingRate``, set on each
new tab before it navigates), cold and warm alike.

The machine is shared and loaded: compare the ratios of one run, not absolute times
across runs; the load average is printed before and after.

``--engine firefox`` (or ``webkit``, ``chromium``; repeatable) measures that engine instead,
driven as e2e/engines/ drives it (drivers.py: Firefox ESR through puppeteer-core, WebKitGTK's
MiniBrowser through WebKitWebDriver, re-run under ``xvfb-run`` when there is no display):
the same four kinds of load, cold (a new browser and profile per load) and warm (one
session, primed), the game against the bare boot in the same engine. Requests are not
routed there either; no references. ``--baseline`` and ``--warm-only`` work there too:
each baseline is served from an origin of its own and loaded in the same rounds, and the
current site's time to input over each baseline's is printed, load by load.

Alone, the run also loads the references of the current site only: the bare page with
Pyodide's own (source) standard library, cold and warm ("stock"), and the bare page warm
in a profile of its own ("bare alone"). With ``--baseline`` it does not: a stock load runs
Python for seconds and V8 keeps compiling after it, which slows the loads next to it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from functools import partial
from pathlib import Path
from typing import Any

from harness import (
    CONTROLLED,
    ROOT,
    STOCK_BARE,
    deck_query,
    launch,
    load_average,
    median,
    percentile,
    prepare_site,
    serve,
)
from phone import PHONE
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

TIMEOUT_MS = 180_000
# --phone: the profiles' device (bench/phone.py's) and the renderer's CPU slowdown.
DEVICE: dict[str, Any] = {}
THROTTLE: float | None = None
READY = """() => document.documentElement.dataset.ready === "1"
    || document.querySelector(".py-error") !== null"""
PAINTED = "() => performance.getEntriesByName('scorpion-board-painted').length > 0"
RESTORED = "scorpion-restored"  # pyodide-boot.mjs started Python from a memory snapshot
# The page has what the next loads restore: a kept copy of the shipped snapshot ("kept"),
# or none to be had ("none"); versions before the site shipped one: the snapshot its worker
# made ("made", or "failed"), or one restored (they said nothing then).
SNAPSHOT_SETTLED = f"""() => {{
    const state = document.documentElement.dataset.snapshot;
    return ["kept", "none", "made", "failed"].includes(state)
        || (state === undefined && performance.getEntriesByName("{RESTORED}").length > 0);
}}"""
SNAPSHOT_WAIT_MS = 90_000
# PyScript reports its boot steps as "py:progress" events ("Loading interpreter", "Loaded
# files", ...): marked as "py: <step>" (an init script: no routing, the cache stays on).
PROGRESS = """addEventListener("py:progress", (event) => {
  try { performance.mark("py: " + event.detail); } catch (e) {}
});"""
COLLECT = """() => {
  const marks = {};
  for (const e of performance.getEntriesByType("mark")) marks[e.name] = e.startTime;
  const paint = {};
  for (const e of performance.getEntriesByType("paint")) paint[e.name] = e.startTime;
  const nav = performance.getEntriesByType("navigation")[0];
  const resources = [nav, ...performance.getEntriesByType("resource")].map(r => ({
    name: r.name, start: r.startTime, end: r.responseEnd, worker: r.workerStart > 0,
    transfer: r.transferSize, body: r.encodedBodySize, decoded: r.decodedBodySize,
  }));
  const error = document.querySelector(".py-error");
  const restored = performance.getEntriesByName("scorpion-restored")[0];
  return {
    marks, paint, resources, restoredFrom: restored ? restored.detail || "kept" : null,
    controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
    error: error ? error.textContent : null,
  };
}"""

APP_PHASES = (
    ("saved board on screen (pre-Python)", "scorpion-snapshot-painted"),
    ("first contentful paint", "first-contentful-paint"),
    ("Python restored from a memory snapshot", RESTORED),
    ("Pyodide started (pyodide-boot.mjs)", "scorpion-pyodide"),
    ("PyScript runs our script", "scorpion-py"),
    ("our modules imported", "scorpion-imported"),
    ("board drawn by Python, on screen", "scorpion-board-painted"),
    ("takes input (data-ready=1)", "scorpion-ready"),
)


def load(
    context: Any, url: str, app: bool, wait_controlled: bool = False, wait_snapshot: bool = False
) -> dict[str, Any]:
    """Open ``url`` in a new tab of ``context`` and return what the page measured.
    ``wait_snapshot``: stay until the page has a Python snapshot for the next loads."""
    page = context.new_page()
    if THROTTLE:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    try:
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        page.wait_for_function(READY, polling=50, timeout=TIMEOUT_MS)
        if app:
            page.wait_for_function(PAINTED, polling=50, timeout=TIMEOUT_MS)
        if wait_controlled:
            page.wait_for_function(CONTROLLED, polling=100, timeout=TIMEOUT_MS)
        if wait_snapshot:
            try:
                page.wait_for_function(SNAPSHOT_SETTLED, polling=200, timeout=SNAPSHOT_WAIT_MS)
            except PlaywrightTimeout:  # a site from before the snapshots: nothing to wait for
                print(
                    f"  (no Python snapshot made by {url} within {SNAPSHOT_WAIT_MS / 1000:.0f} s)"
                )
        data: dict[str, Any] = page.evaluate(COLLECT)
    finally:
        page.close()
    if data["error"]:
        raise SystemExit(f"{url}: Python failed:\n{data['error']}")
    times = {**data["marks"], **data["paint"]}
    data["times"] = {name: value / 1000 for name, value in times.items()}
    return data


FIRST_PAINT = """() => performance.getEntriesByName("first-contentful-paint").length > 0
    && performance.getEntriesByName("scorpion-snapshot-painted").length > 0"""


def paint_only(context: Any, url: str) -> dict[str, float]:
    """A warm load watched only until the saved board is on screen, then left (its boot cut
    short): many samples of the first paint, cheaply."""
    page = context.new_page()
    try:
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        page.wait_for_function(FIRST_PAINT, polling=20, timeout=TIMEOUT_MS)
        times: dict[str, float] = page.evaluate(
            """() => Object.fromEntries([...performance.getEntriesByType("mark"),
                ...performance.getEntriesByType("paint")].map(e => [e.name, e.startTime / 1000]))"""
        )
    finally:
        page.close()
    return times


def paint_rounds(playwright: Any, work: Path, sites: dict[str, str], samples: int) -> None:
    """``samples`` warm first paints of each site, interleaved; medians and 90th percentiles."""
    context = launch(playwright, work / "paint-profile", **DEVICE)
    try:
        for base in sites.values():
            for index in range(2):
                load(context, base + deck_query() if index == 0 else base, True, True)
        found: dict[str, list[dict[str, float]]] = {label: [] for label in sites}
        order = list(sites.items())
        for index in range(samples):
            for label, base in order if index % 2 == 0 else order[::-1]:
                found[label].append(paint_only(context, base))
    finally:
        context.close()
    print(f"\nwarm first paint, {samples} loads of each site, interleaved (load {load_average()})")
    for label, runs in found.items():
        for name in ("scorpion-snapshot", "scorpion-snapshot-painted", "first-contentful-paint"):
            values = [run[name] for run in runs if name in run]
            print(f"  {label:10} {name:28} median {median(values):.3f} s"
                  f"   p90 {percentile(values, 0.9):.3f} s")  # fmt: skip


def cold_load(playwright: Any, work: Path, url: str, app: bool) -> dict[str, Any]:
    """One load in a brand-new profile, then the profile is thrown away."""
    profile = Path(tempfile.mkdtemp(prefix="cold-", dir=work))
    context = launch(playwright, profile, **DEVICE)
    context.add_init_script(PROGRESS)
    try:
        time.sleep(1.0)  # let the new browser settle before the clock starts
        return load(context, url, app)
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)


def column(runs: list[dict[str, Any]], name: str) -> list[float]:
    return [run["times"][name] for run in runs if name in run["times"]]


def fmt(seconds: float) -> str:
    return "—" if seconds != seconds else f"{seconds:.2f} s"


def paired(app: list[dict[str, Any]], bare: list[dict[str, Any]]) -> float:
    """The median of each round's ready/bare ratio (both loads ran side by side)."""
    pairs = zip(app, bare, strict=True)
    return median([a["times"]["scorpion-ready"] / b["times"]["bare-ready"] for a, b in pairs])


def timeline(title: str, run: dict[str, Any], base: str) -> None:
    print(f"\n{title}: marks and requests (s from navigation start; transfer bytes)")
    events: list[tuple[float, str]] = [(t, f"mark  {name}") for name, t in run["times"].items()]
    for r in run["resources"]:
        name = r["name"].removeprefix(base) or "index.html"
        where = "sw" if r["worker"] else ("cache" if r["transfer"] == 0 else "net")
        text = f"fetch {name} -> {r['end'] / 1000:.3f} ({where}, {r['transfer']:,})"
        events.append((r["start"] / 1000, text))
    for start, text in sorted(events):
        print(f"  {start:7.3f}  {text}")


def first_visit_bytes(run: dict[str, Any]) -> tuple[int, int]:
    """(requests, bytes of their bodies) of a cold load, from resource timing."""
    bodies = [r["body"] for r in run["resources"]]
    return len(bodies), sum(bodies)


def run_rounds(
    playwright: Any,
    work: Path,
    sites: dict[str, str],
    runs: int,
    prime: int,
    cold: bool = True,
    references: bool = True,
) -> dict[str, list[dict[str, Any]]]:
    """Every kind of load of every site, interleaved: round by round, one of each kind, the
    order reversed every other round. ``sites`` maps a label to the site's base URL.
    ``references``: also the current site's stock and bare-alone loads."""
    results: dict[str, list[dict[str, Any]]] = {}
    warm = launch(playwright, work / "warm-profile", **DEVICE)
    warm.add_init_script(PROGRESS)
    # The stock page warm, in a profile of its own: compiling the stdlib from source, it
    # runs Python for seconds, V8 tiers the wasm's hot code up and Chromium caches that
    # code for the wasm's URL, which speeds up a bare page that shares its profile.
    stock_warm = launch(playwright, work / "stock-profile", **DEVICE) if references else None
    # And the bare page warm in a profile where only it runs (after one game load, for the
    # service worker), so that what V8 caches for the wasm comes from bare boots alone:
    # "bare alone", the other reference (the game's restore runs little Python, so in the
    # shared profile the bare page may find less optimized code cached).
    alone = launch(playwright, work / "bare-profile", **DEVICE) if references else None
    steps: list[tuple[str, Callable[[], dict[str, Any]]]] = []
    try:
        for label, base in sites.items():
            app_url, bare_url = base + deck_query(), base + "bare.html"
            for index in range(prime):
                url = app_url if index == 0 else base
                load(warm, url, app=True, wait_controlled=True, wait_snapshot=True)
                load(warm, bare_url, app=False)
            stock_url = base + STOCK_BARE  # only beside the current site
            if stock_warm is not None and label == "current":
                load(stock_warm, app_url, app=True, wait_controlled=True)  # its service worker
                load(stock_warm, stock_url, app=False)
            if alone is not None and label == "current":
                load(alone, app_url, app=True, wait_controlled=True)
                for _ in range(prime):
                    load(alone, bare_url, app=False)
            if cold:
                steps += [
                    (f"{label} cold app", partial(cold_load, playwright, work, app_url, True)),
                    (f"{label} cold bare", partial(cold_load, playwright, work, bare_url, False)),
                ]
                if references and label == "current":
                    cold_stock = partial(cold_load, playwright, work, stock_url, False)
                    steps.append((f"{label} cold stock", cold_stock))
            steps += [
                (f"{label} warm app", partial(load, warm, base, True)),
                (f"{label} warm bare", partial(load, warm, bare_url, False)),
            ]
            if stock_warm is not None and label == "current":
                steps.append((f"{label} warm stock", partial(load, stock_warm, stock_url, False)))
            if alone is not None and label == "current":
                steps.append((f"{label} warm bare alone", partial(load, alone, bare_url, False)))
        for round_ in range(runs):
            for kind, step in steps if round_ % 2 == 0 else steps[::-1]:
                run = step()
                run["load"] = load_average()
                results.setdefault(kind, []).append(run)
                ready = run["times"].get("scorpion-ready", run["times"].get("bare-ready"))
                print(f"  round {round_ + 1} {kind:26}  ready {ready:.2f} s"
                      f"  (load {run['load']})", flush=True)  # fmt: skip
    finally:
        warm.close()
        if alone is not None:
            alone.close()
        if stock_warm is not None:
            stock_warm.close()
    return results


def report(label: str, results: dict[str, list[dict[str, Any]]]) -> None:
    def get(kind: str) -> list[dict[str, Any]]:
        return results.get(f"{label} {kind}", [])

    print(f"\n{label + ': median':44} {'cold':>9} {'warm':>9}")
    print(f"{'bare Pyodide: loadPyodide + one line':44} "
          f"{fmt(median(column(get('cold bare'), 'bare-ready'))):>9} "
          f"{fmt(median(column(get('warm bare'), 'bare-ready'))):>9}")  # fmt: skip
    if get("warm bare alone"):
        print(f"{'  the same in a profile of its own':44} {'—':>9} "
              f"{fmt(median(column(get('warm bare alone'), 'bare-ready'))):>9}")  # fmt: skip
    if get("warm stock"):
        print(f"{'  the same with npm python_stdlib.zip':44} "
              f"{fmt(median(column(get('cold stock'), 'bare-ready'))):>9} "
              f"{fmt(median(column(get('warm stock'), 'bare-ready'))):>9}")  # fmt: skip
    for phase, name in APP_PHASES:
        print(f"{'game: ' + phase:44} {fmt(median(column(get('cold app'), name))):>9} "
              f"{fmt(median(column(get('warm app'), name))):>9}")  # fmt: skip
    ratios = {}
    for temp in ("cold", "warm"):
        app, bare = get(f"{temp} app"), get(f"{temp} bare")
        ratios[temp] = (
            (
                median(column(app, "scorpion-ready")) / median(column(bare, "bare-ready")),
                paired(app, bare),
            )
            if app
            else (float("nan"), float("nan"))
        )
    print(f"{'ready / bare (ratio of medians)':44} {ratios['cold'][0]:>9.2f} "
          f"{ratios['warm'][0]:>9.2f}")  # fmt: skip
    print(f"{'ready / bare (median of paired ratios)':44} {ratios['cold'][1]:>9.2f} "
          f"{ratios['warm'][1]:>9.2f}")  # fmt: skip
    if get("warm bare alone"):
        alone = paired(get("warm app"), get("warm bare alone"))
        print(f"{'ready / bare in its own profile (paired)':44} {'—':>9} {alone:>9.2f}")
    if get("warm stock"):
        stock = {temp: paired(get(f"{temp} app"), get(f"{temp} stock")) if get(f"{temp} app")
                 else float("nan") for temp in ("cold", "warm")}  # fmt: skip
        print(f"{'ready / bare with npm stdlib (paired)':44} {stock['cold']:>9.2f} "
              f"{stock['warm']:>9.2f}")  # fmt: skip
    warm_app = get("warm app")
    served = sum(1 for run in warm_app if run["controlled"])
    snapshots = sum(1 for run in warm_app if "scorpion-snapshot-painted" in run["times"])
    restored = sum(1 for run in warm_app if RESTORED in run["times"])
    kept = sum(1 for run in warm_app if run.get("restoredFrom") == "kept")
    print(f"warm game loads controlled by the service worker: {served} of {len(warm_app)}; "
          f"painting the saved board before Python: {snapshots}; "
          f"Python restored from a memory snapshot: {restored} "
          f"({kept} from the copy a visit kept)")  # fmt: skip
    if get("cold app"):
        requests, body = first_visit_bytes(get("cold app")[0])
        print(f"cold game load: {requests} requests, {body:,} bytes of bodies (resource "
              "timing; the service worker's install fetches are not in it)")  # fmt: skip


def engine_load(driver: Any, url: str, app: bool, settle: bool = False) -> dict[str, Any]:
    """``load`` through an e2e/engines driver: open ``url``, wait until ready (and, for
    ``settle``, until the service worker controls the page and the snapshot is settled)."""
    driver.goto(url)
    driver.wait(READY, timeout=TIMEOUT_MS / 1000, every=0.02)
    if app:
        driver.wait(PAINTED, timeout=TIMEOUT_MS / 1000, every=0.02)
    if settle:
        driver.wait(CONTROLLED, timeout=TIMEOUT_MS / 1000)
        driver.wait(SNAPSHOT_SETTLED, timeout=SNAPSHOT_WAIT_MS / 1000)
    data: dict[str, Any] = driver.js(COLLECT)
    if data["error"]:
        raise SystemExit(f"{url}: Python failed:\n{data['error']}")
    times = {**data["marks"], **data["paint"]}
    data["times"] = {name: value / 1000 for name, value in times.items()}
    data["snapshot"] = driver.js("() => document.documentElement.dataset.snapshot || null")
    return data


def engine_cold(engine: str, url: str, app: bool) -> dict[str, Any]:
    from e2e.engines.drivers import DRIVERS

    driver = DRIVERS[engine](*VIEWPORT_SIZE)
    try:
        time.sleep(1.0)  # let the new browser settle before the clock starts
        return engine_load(driver, url, app)
    finally:
        driver.close()


VIEWPORT_SIZE = (1280, 900)


def engine_rounds(
    engine: str, bases: dict[str, str], runs: int, prime: int, cold: bool = True
) -> dict[str, list[dict[str, Any]]]:
    """Cold and warm loads of the game and the bare page in ``engine``, interleaved as
    ``run_rounds`` does; ``bases``: each site's base URL by label ("current", then any
    baselines, each on an origin of its own, so that their service workers and caches do
    not meet). Kinds are named "<engine> warm app" for the current site and "<engine>
    <label> warm app" for another."""
    from e2e.engines.drivers import DRIVERS

    warm = DRIVERS[engine](*VIEWPORT_SIZE)
    results: dict[str, list[dict[str, Any]]] = {}
    steps: list[tuple[str, Callable[[], dict[str, Any]]]] = []
    try:
        for label, base in bases.items():
            name = engine if label == "current" else f"{engine} {label}"
            app_url, bare_url = base + deck_query(), base + "bare.html"
            for index in range(prime):
                engine_load(warm, app_url if index == 0 else base, True, settle=True)
                engine_load(warm, bare_url, False)
            if cold:
                steps += [
                    (f"{name} cold app", partial(engine_cold, engine, app_url, True)),
                    (f"{name} cold bare", partial(engine_cold, engine, bare_url, False)),
                ]
            steps += [
                (f"{name} warm app", partial(engine_load, warm, base, True)),
                (f"{name} warm bare", partial(engine_load, warm, bare_url, False)),
            ]
        for round_ in range(runs):
            for kind, step in steps if round_ % 2 == 0 else steps[::-1]:
                run = step()
                run["load"] = load_average()
                results.setdefault(kind, []).append(run)
                ready = run["times"].get("scorpion-ready", run["times"].get("bare-ready"))
                path = f"  restored from {run['restoredFrom']}" if run.get("restoredFrom") else ""
                print(f"  round {round_ + 1} {kind:26}  ready {ready:.2f} s{path}"
                      f"  (load {run['load']})", flush=True)  # fmt: skip
    finally:
        warm.close()
    return results


def baseline_labels(count: int) -> list[str]:
    """The labels of ``count`` baselines: "baseline", "baseline2", ..."""
    return ["baseline" if index == 0 else f"baseline{index + 1}" for index in range(count)]


def print_paired(
    results: dict[str, list[dict[str, Any]]], current: str, other: str, temps: Sequence[str]
) -> None:
    """Time to input of ``current`` over ``other`` (kind prefixes), load by load."""
    print(f"\n{current} / {other}, time to input (median of paired ratios):")
    for temp in temps:
        now, then = results[f"{current} {temp} app"], results[f"{other} {temp} app"]
        pairs = zip(now, then, strict=True)
        value = median([a["times"]["scorpion-ready"] / b["times"]["scorpion-ready"]
                        for a, b in pairs])  # fmt: skip
        print(f"  {temp}: {value:.2f}")


def main_engines(args: argparse.Namespace) -> None:
    """``--engine``: each engine's loads, then its report."""
    if "webkit" in args.engine and not os.environ.get("DISPLAY"):
        # MiniBrowser has no headless mode: run again on a virtual display.
        screen = "-screen 0 1920x1200x24"
        os.execvp("xvfb-run", ["xvfb-run", "-a", "-s", screen, sys.executable, *sys.argv])
    sys.path.insert(0, str(ROOT))
    work = Path(tempfile.mkdtemp(prefix="scorpion-bench-"))
    results: dict[str, list[dict[str, Any]]] = {}
    labels = ["current", *baseline_labels(len(args.baseline))]
    try:
        dirs = {"current": prepare_site(work / "current", args.site)}
        for label, other in zip(labels[1:], args.baseline, strict=True):
            dirs[label] = prepare_site(work / label, other)
        before = load_average()
        with ExitStack() as stack:
            bases = {label: stack.enter_context(serve(path)) for label, path in dirs.items()}
            for engine in args.engine:
                print(f"{engine}:", flush=True)
                results.update(
                    engine_rounds(engine, bases, args.runs, args.prime, cold=not args.warm_only)
                )
        after = load_average()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"\nbench/load.py: {args.runs} loads of each kind per engine, interleaved")
    print(f"load average (1, 5, 15 min): before {before}, after {after}")
    temps = ("warm",) if args.warm_only else ("cold", "warm")
    for engine in args.engine:
        report(engine, results)
        for label in labels[1:]:
            report(f"{engine} {label}", results)
            print_paired(results, engine, f"{engine} {label}", temps)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="loads of each kind (default 5)")
    parser.add_argument("--prime", type=int, default=2, help="warm-up loads of each page")
    parser.add_argument("--site", type=Path, help="copy this built site instead of building")
    parser.add_argument(
        "--baseline",
        type=Path,
        action="append",
        default=[],
        help="another built site (e.g. an older version) measured alongside; repeatable",
    )
    parser.add_argument("--warm-only", action="store_true", help="skip the cold loads")
    parser.add_argument(
        "--paint", type=int, metavar="N", help="only N warm first paints of each site, cut short"
    )
    parser.add_argument("--timeline", action="store_true", help="print a median load's timeline")
    parser.add_argument("--json", type=Path, help="write every load's measurements here")
    parser.add_argument(
        "--engine",
        action="append",
        choices=("chromium", "firefox", "webkit"),
        help="measure this engine through e2e/engines' drivers (repeatable)",
    )
    parser.add_argument("--phone", action="store_true", help="a phone: 390x844, DPR 3, CPU 4x")
    args = parser.parse_args()
    if args.engine:
        main_engines(args)
        return
    if args.phone:
        global THROTTLE
        DEVICE.update(PHONE)
        THROTTLE = 4.0

    work = Path(tempfile.mkdtemp(prefix="scorpion-bench-"))
    try:
        site = prepare_site(work / "current", args.site)
        dirs = {"current": site}
        for label, other in zip(baseline_labels(len(args.baseline)), args.baseline, strict=True):
            dirs[label] = prepare_site(work / label, other)
        versions = {
            label: json.loads((path / "build-manifest.json").read_text())["version"]
            for label, path in dirs.items()
        }
        before = load_average()
        with ExitStack() as stack:
            sites = {label: stack.enter_context(serve(path)) for label, path in dirs.items()}
            playwright = stack.enter_context(sync_playwright())
            if args.paint:
                paint_rounds(playwright, work, sites, args.paint)
                return
            results = run_rounds(
                playwright,
                work,
                sites,
                args.runs,
                args.prime,
                cold=not args.warm_only,
                references=not args.baseline,
            )
        after = load_average()
    finally:
        shutil.rmtree(work, ignore_errors=True)

    device = " as a phone (390x844, DPR 3, CPU 4x)" if args.phone else ""
    print(f"\nbench/load.py: {args.runs} loads of each kind{device}, interleaved; "
          f"site versions {versions}")  # fmt: skip
    print(f"load average (1, 5, 15 min): before {before}, after {after}")
    for label in dirs:
        report(label, results)
    for label in list(dirs)[1:]:
        print_paired(results, "current", label, ("warm",) if args.warm_only else ("cold", "warm"))
    if args.timeline:
        for kind in ("current cold app", "current warm app"):
            if kind not in results:
                continue
            runs = sorted(results[kind], key=lambda run: run["times"]["scorpion-ready"])
            timeline(f"{kind}, median load", runs[len(runs) // 2], sites["current"])
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
