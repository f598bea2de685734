"""What checking cached files costs a warm load (issue 24, docs/security.md).

    .venv/bin/python bench/hashes.py [--runs 7] [--site DIR]

Builds a private copy of the site (``--site DIR`` copies a built one), serves it, primes one
persistent Chromium profile (the service worker installed, the Python snapshot's copy
kept), then reloads it ``--runs`` times. For each warm load it reads what the service
worker hashed during that load (``sw.js`` counts files, bytes and the time its
``crypto.subtle.digest`` calls took; asked with a ``{type: "HASHED"}`` message) and the
page's ``scorpion-snapshot-check`` measure (``python-snapshot.mjs`` checking the kept
snapshot), and the load's time to input. The worker's time is the sum of its digests'
durations, which overlap (the page asks for several files at once): an upper bound of the
time they added.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

from harness import (
    CONTROLLED,
    KEPT,
    deck_query,
    launch,
    load_average,
    median,
    prepare_site,
    serve,
)
from playwright.sync_api import sync_playwright

TIMEOUT_MS = 180_000
READY = "() => document.documentElement.dataset.ready === '1'"
HASHED = """() => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    navigator.serviceWorker.controller.postMessage({ type: "HASHED" }, [channel.port2]);
})"""
CHECK = """() => performance.getEntriesByName("scorpion-snapshot-check")
    .reduce((sum, entry) => sum + entry.duration, 0)"""
READY_AT = "() => performance.getEntriesByName('scorpion-ready')[0]?.startTime ?? null"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--site", type=Path, help="copy this built site instead of building")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="scorpion-hashes-"))
    try:
        site = prepare_site(work, args.site)
        print(f"load average before: {load_average()}")
        with sync_playwright() as playwright, serve(site) as base:
            browser = launch(playwright, work / "profile")
            page = browser.new_page()
            url = base + deck_query()
            page.goto(url)
            page.wait_for_function(READY, timeout=TIMEOUT_MS)
            page.wait_for_function(CONTROLLED, timeout=TIMEOUT_MS)
            page.goto(url)  # a first visit starts Python itself: the next keeps the snapshot
            page.wait_for_function(READY, timeout=TIMEOUT_MS)
            page.wait_for_function(KEPT, timeout=TIMEOUT_MS)
            rows = []
            for _ in range(args.runs):
                before = page.evaluate(HASHED)
                page.goto(url)
                page.wait_for_function(READY, timeout=TIMEOUT_MS)
                after = page.evaluate(HASHED)
                if after["files"] < before["files"]:  # a new worker: it counts from zero
                    before = {"files": 0, "bytes": 0, "ms": 0.0}
                rows.append(
                    {
                        "files": after["files"] - before["files"],
                        "bytes": after["bytes"] - before["bytes"],
                        "sw_ms": after["ms"] - before["ms"],
                        "snapshot_ms": page.evaluate(CHECK),
                        "ready_s": page.evaluate(READY_AT) / 1000,
                    }
                )
                row = rows[-1]
                print(
                    f"  warm load: worker hashed {row['files']} files, {row['bytes'] / 1e6:.1f} MB"
                    f" in {row['sw_ms']:.1f} ms; kept snapshot checked in "
                    f"{row['snapshot_ms']:.1f} ms; ready at {row['ready_s']:.2f} s"
                )
            browser.close()
        print(f"load average after: {load_average()}")
        print(
            f"median of {len(rows)} warm loads: worker {median([r['sw_ms'] for r in rows]):.1f} ms"
            f" ({median([r['bytes'] for r in rows]) / 1e6:.1f} MB), kept snapshot "
            f"{median([r['snapshot_ms'] for r in rows]):.1f} ms, "
            f"ready {median([r['ready_s'] for r in rows]):.2f} s"
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
