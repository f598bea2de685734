"""What the browser benchmarks share: a private copy of the built site, a static server,
headless Chromium on a persistent profile, and the statistics.

Timing runs never route requests (routing turns Chromium's HTTP cache off) and serve with
``python -m http.server`` (no compression, no cache headers: the browser revalidates what it
cached, unless the game's service worker answers).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
sys.path.insert(0, str(ROOT))
from e2e.chromium import CHROMIUM, launch_options  # noqa: E402  (one way to start Chromium)

VIEWPORT = {"width": 1280, "height": 900}


def prepare_site(work: Path, source: Path | None) -> Path:
    """A private copy of the site in ``work/site``: built from the working tree by
    ``tools/build_site.py`` (default), or copied from ``source``; then ``bench/bare.html``
    and ``bench/floor.html`` beside its ``index.html``, and Pyodide's own python_stdlib.zip
    (as npm ships it) in ``bench-stock/``. ``_site/`` itself is never touched."""
    site = work / "site"
    if source is None:
        subprocess.run(
            [sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(site)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    else:
        shutil.copytree(source, site)
    for page in ("bare.html", "floor.html"):
        shutil.copyfile(BENCH / page, site / page)
    stock = site / "bench-stock"
    stock.mkdir()
    shutil.copyfile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip", stock / STDLIB)
    return site


def prepare_sites(work: Path, site: Path | None, baseline: Path | None) -> dict[str, Path]:
    """The sites a paired run measures: ``current`` (``site``, or built from the working
    tree) and, when given, ``baseline``, each prepared by ``prepare_site``."""
    sites = {"current": prepare_site(work / "current", site)}
    if baseline:
        sites["baseline"] = prepare_site(work / "baseline", baseline)
    return sites


STDLIB = "python_stdlib.zip"
# The bare boot with Pyodide's standard library as npm ships it (sources only), for the
# comparison with Pyodide before the build compiled part of it.
STOCK_BARE = "bare.html?stdlib=./bench-stock/python_stdlib.zip"


@contextmanager
def serve(directory: Path) -> Iterator[str]:
    """``python -m http.server`` on a free loopback port; yields the base URL."""
    process = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
         "--directory", str(directory)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        banner = process.stdout.readline().decode()  # "Serving HTTP on 127.0.0.1 port N ..."
        port = int(banner.split(" port ")[1].split()[0])
        base = f"http://127.0.0.1:{port}/"
        deadline = time.monotonic() + 15
        while True:
            try:
                with urllib.request.urlopen(base, timeout=2):
                    break
            except (urllib.error.URLError, ConnectionError):
                if process.poll() is not None or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()


def alternating(
    sites: dict[str, Path], rounds: int, work: Path, one_round: Callable[[Any, Path, Path], Any]
) -> dict[str, list[Any]]:
    """``one_round(playwright, site, profile)`` for each site, ``rounds`` times, each in a
    fresh profile, the sites' order reversed every other round; each site's results in
    round order."""
    results: dict[str, list[Any]] = {label: [] for label in sites}
    with sync_playwright() as playwright:
        for n in range(rounds):
            for label in list(sites) if n % 2 == 0 else list(reversed(sites)):
                results[label].append(
                    one_round(playwright, sites[label], work / f"{label}-profile-{n}")
                )
    return results


def compare_sites(
    prefix: str,
    site: Path | None,
    baseline: Path | None,
    rounds: int,
    one_round: Callable[[Any, Path, Path], Any],
) -> tuple[dict[str, list[Any]], str]:
    """A paired run in a work directory of its own (removed after): the sites prepared by
    ``prepare_sites``, measured by ``alternating``; with the load average from before."""
    work = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        sites = prepare_sites(work, site, baseline)
        before = load_average()
        return alternating(sites, rounds, work, one_round), before
    finally:
        shutil.rmtree(work, ignore_errors=True)


# Page probes for wait_for_function: the service worker controls the page; the page has
# kept its copy of the Python snapshot (python-snapshot.mjs).
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
KEPT = "() => document.documentElement.dataset.snapshot === 'kept'"


def launch(playwright: Any, profile: Path, **options: Any) -> Any:
    """Headless Chromium on the persistent profile ``profile`` (its HTTP cache, code cache,
    service workers and storage survive between pages, unlike an incognito context)."""
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} not found: run `make chromium` (or set $CHROMIUM)")
    settings = {"viewport": VIEWPORT, "locale": "en-US", **options}
    return playwright.chromium.launch_persistent_context(
        str(profile), **launch_options(), headless=True, **settings
    )


def end_trace(cdp: Any, page: Any, timeout: float = 120.0) -> str:
    """End the DevTools trace ``cdp`` started (``Tracing.start`` with ``transferMode:
    ReturnAsStream``) and return it whole, as JSON text. ``page`` lets Playwright deliver
    the completion event while this waits."""
    done: dict[str, Any] = {}
    cdp.on("Tracing.tracingComplete", lambda event: done.update(event))
    cdp.send("Tracing.end")
    deadline = time.monotonic() + timeout
    while "stream" not in done and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    chunks = []
    while True:
        chunk = cdp.send("IO.read", {"handle": done["stream"], "size": 1 << 20})
        chunks.append(chunk["data"])
        if chunk.get("eof"):
            break
    cdp.send("IO.close", {"handle": done["stream"]})
    return "".join(chunks)


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile (``fraction`` in 0..1)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(fraction * len(ordered) + 0.4999)))
    return ordered[rank - 1]


def deck_query() -> str:
    """``?deck=...`` of the seed deal (tests/fixtures/seed-deal.json)."""
    import json

    seed = json.loads((ROOT / "tests" / "fixtures" / "seed-deal.json").read_text())
    return "?deck=" + "".join(seed["deck"])
