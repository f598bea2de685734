"""How long the page's thread is blocked while the game starts: the long tasks until input,
from the page's own Long Animation Frame entries, in Chromium, optionally as a phone.

    .venv/bin/python bench/blocking.py [--runs 3] [--warm] [--phone] [--site DIR]
        [--baseline DIR] [--json FILE]

Builds a private copy of the site (``--site DIR`` copies a built one), serves it with
``python -m http.server`` and loads the game (the seed deal's link) in a fresh headless
Chromium profile per run (``--warm``: the profile primed by a first visit, its snapshot
kept, then the second visit measured); ``--phone``: 390x844, device pixel ratio 3, touch,
the CPU slowed 4x (DevTools ``Emulation.setCPUThrottlingRate``). Until
``<html data-ready="1">``, it sums each long animation frame's ``blockingDuration`` (its
longest task's time over 50 ms, and the frame's rendering over it: what Lighthouse's Total
Blocking Time counts, measured instead of simulated) and lists the longest, with the script
that ran it. ``--baseline DIR`` adds another build, the runs alternating.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from harness import (
    deck_query,
    launch_options,
    load_average,
    prepare_sites,
    serve,
)
from playwright.sync_api import sync_playwright

OBSERVE = """
window.__frames = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__frames.push({
    start: e.startTime, duration: e.duration, blocking: e.blockingDuration,
    scripts: e.scripts.map((s) => `${(s.sourceURL || "").split("/").pop() || "-"} ` +
      `${s.invokerType}:${s.invoker.split("/").pop().slice(0, 40)} ${Math.round(s.duration)}`)});
}).observe({type: "long-animation-frame", buffered: true});
"""
READY = "() => document.documentElement.dataset.ready === '1'"
COLLECT = """() => {
  const ready = performance.getEntriesByName("scorpion-ready")[0]?.startTime ?? Infinity;
  return {ready, snapshot: document.documentElement.dataset.snapshot || null,
          frames: window.__frames.filter((f) => f.start < ready && f.blocking > 0)};
}"""
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}


def one_load(playwright: Any, url: str, profile: Path, warm: bool, phone: bool) -> dict[str, Any]:
    context = playwright.chromium.launch_persistent_context(
        str(profile),
        **launch_options(),
        headless=True,
        **(PHONE if phone else {"viewport": {"width": 1280, "height": 900}}),
    )
    try:
        context.add_init_script(OBSERVE)
        page = context.pages[0] if context.pages else context.new_page()
        if phone:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        if warm:
            page.goto(url)
            page.wait_for_function(READY, timeout=300_000)
            page.wait_for_function(
                "() => document.documentElement.dataset.snapshot !== 'shipped'", timeout=300_000
            )
            time.sleep(1)
        page.goto(url)
        page.wait_for_function(READY, timeout=300_000)
        found: dict[str, Any] = page.evaluate(COLLECT)
    finally:
        context.close()
    frames = found["frames"]
    found["total"] = sum(f["blocking"] for f in frames)
    found["longest"] = max((f["blocking"] for f in frames), default=0)
    found["load"] = load_average()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--warm", action="store_true", help="measure a second visit")
    parser.add_argument("--phone", action="store_true", help="390x844, DPR 3, CPU 4x")
    parser.add_argument("--site", type=Path, help="copy this built site instead of building")
    parser.add_argument("--baseline", type=Path, help="another build, in the same run")
    parser.add_argument("--json", type=Path, help="write every run's figures here")
    args = parser.parse_args()
    found: dict[str, list[dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory(prefix="scorpion-blocking-") as tmp:
        work = Path(tmp)
        sites = prepare_sites(work, args.site, args.baseline)
        before = load_average()
        with sync_playwright() as playwright:
            servers = {label: serve(path) for label, path in sites.items()}
            urls = {label: server.__enter__() + deck_query() for label, server in servers.items()}
            try:
                for index in range(args.runs):
                    order = list(urls.items())
                    for label, url in order if index % 2 == 0 else order[::-1]:
                        profile = work / f"profile-{label}-{index}"
                        got = one_load(playwright, url, profile, args.warm, args.phone)
                        found.setdefault(label, []).append(got)
                        print(f"  run {index + 1} {label:8} blocked {got['total']:.0f} ms in "
                              f"{len(got['frames'])} long frames, longest {got['longest']:.0f} ms; "
                              f"ready {got['ready'] / 1000:.2f} s, snapshot {got['snapshot']} "
                              f"(load {got['load']})", flush=True)  # fmt: skip
            finally:
                for server in servers.values():
                    server.__exit__(None, None, None)
    how = ("phone (390x844, DPR 3, CPU 4x)" if args.phone else "desktop") + (
        ", second visit" if args.warm else ", first visit served locally"
    )
    print(f"\nbench/blocking.py: Chromium, {how}, medians of {args.runs} runs; "
          f"load average before {before}, after {load_average()}")  # fmt: skip
    for label, runs in found.items():
        middle = sorted(runs, key=lambda r: r["total"])[len(runs) // 2]
        total = statistics.median(r["total"] for r in runs)
        longest = statistics.median(r["longest"] for r in runs)
        ready = statistics.median(r["ready"] for r in runs) / 1000
        print(f"  {label:8} blocked until input {total:.0f} ms, longest {longest:.0f} ms, "
              f"ready {ready:.2f} s; the median run's longest:")  # fmt: skip
        for frame in sorted(middle["frames"], key=lambda f: -f["blocking"])[:6]:
            print(
                f"    {frame['blocking']:6.0f} ms at {frame['start'] / 1000:5.2f} s  "
                f"{'; '.join(frame['scripts'])[:110]}"
            )
    if args.json:
        args.json.write_text(json.dumps(found, indent=1))


if __name__ == "__main__":
    main()
