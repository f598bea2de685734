"""A first visit over a slow link, the site served compressed as GitHub Pages serves it:
the game against the bare Pyodide boot, in Chromium, Firefox and WebKit.

    .venv/bin/python bench/firstvisit.py [--pairs 5] [--engine chromium --engine firefox
        --engine webkit] [--link 20/40 --link 5/100] [--site DIR] [--baseline DIR]
        [--relay-chromium] [--json FILE]

Builds a private copy of the site (as bench/load.py does; ``--site DIR`` copies a built
one) with ``bench/bare.html`` beside ``index.html`` and serves it with
``bench/netserve.py``'s gzip server (HTTP/1.1, keep-alive, gzip on what is not already
compressed, ``Cache-Control: max-age=600``, ETag). Each load is a first visit: a new
browser session with an empty profile (Chromium: a new context; Firefox and WebKit: a new
browser), opened on the game (the seed deal's link) or on bare Pyodide (``bare.html``:
``loadPyodide`` and one line of Python, from the same runtime, with the standard library as
npm ships it, ``python_stdlib.zip`` whole: Pyodide as a page that uses it as it comes gets it),
alternately, the order reversed every other pair; ``--baseline DIR`` adds another build's
game to every round (before / after in one run); ``--bare-site`` adds bare Pyodide with the
site's own trimmed standard library.

The link (``--link MBPS/RTT_MS``, default 20 Mbit/s with 40 ms, and 5 Mbit/s with 100 ms):

- Chromium: DevTools (``Network.emulateNetworkConditions``): the page's requests share the
  throughput, and each request's response waits the round trip ("latency"); connections
  cost nothing more. ``--relay-chromium``: through the relay instead, as the others.
- Firefox and WebKit: the page is opened through ``netserve.Link``, a relay on localhost
  that is the link: each direction's bytes share one line of that rate, every chunk
  arrives half a round trip after it crossed, a new connection waits a round trip before
  its first bytes. No slow start and no loss in either.

Times are the pages' own marks from navigation start: ``scorpion-ready`` (the game takes
input) and ``bare-ready``. Bytes on the wire are counted at the server (headers and
bodies) of the requests that reached it before the page took input (the page's clock and
the server's are the machine's); what a page asks for after (the service worker's
install) is not in them. Prints, per engine and link, the medians, the
median of the paired ratios game / bare (and their range), and the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from harness import ROOT, STOCK_BARE, deck_query, load_average, median, prepare_site
from netserve import Counter, gzip_server, slow_link

TIMEOUT_S = 300
READY = """() => document.documentElement.dataset.ready === "1"
    || document.querySelector(".py-error") !== null"""
COLLECT = """() => {
  const marks = {};
  for (const e of performance.getEntriesByType("mark")) marks[e.name] = e.startTime / 1000;
  const error = document.querySelector(".py-error");
  const resources = performance.getEntriesByType("resource").map((e) => ({
    name: e.name.split("/").pop(), start: e.startTime / 1000, end: e.responseEnd / 1000}));
  return {marks, resources, origin: performance.timeOrigin / 1000,
          snapshot: document.documentElement.dataset.snapshot || null,
          error: error ? error.textContent : null};
}"""
VIEWPORT = (1280, 900)
LINKS = ("20/40", "5/100")


def open_session(engine: str, link: tuple[float, float] | None) -> Any:
    """A first-visit session of ``engine``; Chromium's throttled by DevTools if ``link``."""
    from e2e.engines.drivers import DRIVERS

    driver = DRIVERS[engine](*VIEWPORT)
    if link is not None:
        mbps, rtt = link
        cdp = driver._context.new_cdp_session(driver._page)
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": rtt, "downloadThroughput": mbps * 1e6 / 8,
             "uploadThroughput": mbps * 1e6 / 8},
        )  # fmt: skip
    return driver


def first_visit(
    engine: str, url: str, counter: Counter, devtools: tuple[float, float] | None
) -> dict[str, Any]:
    """One load of ``url`` in a new session; its marks and the bytes served until ready."""
    driver = open_session(engine, devtools)
    try:
        time.sleep(1.0)  # let the new browser settle before the clock starts
        counter.reset()
        driver.goto(url)
        driver.wait(READY, timeout=TIMEOUT_S, every=0.05)
        data: dict[str, Any] = driver.js(COLLECT)
    finally:
        driver.close()
    if data["error"]:
        raise SystemExit(f"{url}: Python failed:\n{data['error']}")
    marks = data["marks"]
    data["ready"] = marks.get("scorpion-ready", marks.get("bare-ready"))
    # What was asked for before the page took input (the service worker's install, which
    # starts then, is not throttled by DevTools and would otherwise slip in).
    data["requests"], data["bytes"] = counter.before(data["origin"] + data["ready"])
    return data


def parse_link(text: str) -> tuple[float, float]:
    mbps, rtt = text.split("/")
    return float(mbps), float(rtt)


def rounds(
    engine: str,
    link: tuple[float, float],
    servers: dict[str, tuple[str, Counter]],
    pairs: int,
    relay_chromium: bool,
    bare_site: bool = False,
) -> dict[str, list[dict[str, Any]]]:
    """``pairs`` rounds of a first visit of each page over ``link``, order alternating."""
    devtools = link if engine == "chromium" and not relay_chromium else None
    results: dict[str, list[dict[str, Any]]] = {}
    with ExitStack() as stack:
        kinds = []
        for label, (base, counter) in servers.items():
            url = base if devtools else stack.enter_context(slow_link(base, *link))
            kinds.append((label, url + deck_query(), counter))
            if label == "game":
                kinds.append(("bare", url + STOCK_BARE, counter))
                if bare_site:
                    kinds.append(("bare-site", url + "bare.html", counter))
        for index in range(pairs):
            for label, url, counter in kinds if index % 2 == 0 else kinds[::-1]:
                run = first_visit(engine, url, counter, devtools)
                run["load"] = load_average()
                results.setdefault(label, []).append(run)
                print(f"  {engine} {link[0]:g} Mbit/s {link[1]:g} ms, pair {index + 1}: "
                      f"{label:8} ready {run['ready']:.2f} s, {run['bytes']:,} bytes in "
                      f"{run['requests']} requests (load {run['load']})", flush=True)  # fmt: skip
    return results


def report(engine: str, link: str, results: dict[str, list[dict[str, Any]]], how: str) -> None:
    bare = results["bare"]
    print(f"\n{engine}, {link.replace('/', ' Mbit/s, ')} ms round trip ({how}), "
          f"{len(bare)} pairs; load {bare[0]['load']} .. {bare[-1]['load']}")  # fmt: skip
    for label, runs in results.items():
        times = [run["ready"] for run in runs]
        line = (f"  {label:8} to input: median {median(times):.2f} s "
                f"({min(times):.2f}-{max(times):.2f}), "
                f"{median([run['bytes'] for run in runs]) / 1e6:.2f} MB on the wire")  # fmt: skip
        if label != "bare":
            ratios = [a["ready"] / b["ready"] for a, b in zip(runs, bare, strict=True)]
            line += (f"; / bare: median of pairs {median(ratios):.2f} "
                     f"({min(ratios):.2f}-{max(ratios):.2f})")  # fmt: skip
            kinds = sorted({str(run["snapshot"]) for run in runs})
            line += f"; snapshot: {', '.join(kinds)}"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5, help="first visits of each page")
    parser.add_argument(
        "--engine", action="append", choices=("chromium", "firefox", "webkit"), default=[]
    )
    parser.add_argument("--link", action="append", default=[], help="MBPS/RTT_MS (repeatable)")
    parser.add_argument("--site", type=Path, help="copy this built site instead of building")
    parser.add_argument("--baseline", type=Path, help="another build's game in every round")
    parser.add_argument(
        "--relay-chromium", action="store_true", help="Chromium through the relay, not DevTools"
    )
    parser.add_argument(
        "--bare-site",
        action="store_true",
        help="also bare Pyodide with the site's own (trimmed) standard library",
    )
    parser.add_argument("--json", type=Path, help="write every load's measurements here")
    args = parser.parse_args()
    engines = args.engine or ["chromium", "firefox", "webkit"]
    links = args.link or list(LINKS)
    if "webkit" in engines and not os.environ.get("DISPLAY"):
        # MiniBrowser has no headless mode: run again on a virtual display.
        screen = "-screen 0 1920x1200x24"
        os.execvp("xvfb-run", ["xvfb-run", "-a", "-s", screen, sys.executable, *sys.argv])
    sys.path.insert(0, str(ROOT))
    work = Path(tempfile.mkdtemp(prefix="scorpion-firstvisit-"))
    found: dict[str, Any] = {}
    try:
        sites = {"game": prepare_site(work / "current", args.site)}
        if args.baseline:
            sites["baseline"] = prepare_site(work / "baseline", args.baseline)
        before = load_average()
        with ExitStack() as stack:
            servers = {
                label: stack.enter_context(gzip_server(path)) for label, path in sites.items()
            }
            for engine in engines:
                for link in links:
                    found[f"{engine} {link}"] = rounds(
                        engine,
                        parse_link(link),
                        servers,
                        args.pairs,
                        args.relay_chromium,
                        args.bare_site,
                    )
        after = load_average()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"\nbench/firstvisit.py: first visits, gzip as GitHub Pages, HTTP/1.1; "
          f"load average before {before}, after {after}")  # fmt: skip
    for key, results in found.items():
        engine, link = key.split()
        how = "DevTools" if engine == "chromium" and not args.relay_chromium else "relay"
        report(engine, link, results, how)
    if args.json:
        args.json.write_text(json.dumps(found, indent=1))


if __name__ == "__main__":
    main()
