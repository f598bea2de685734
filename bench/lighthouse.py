"""Lighthouse on the built site, served as GitHub Pages serves it: the mobile and the
desktop preset, Performance, Accessibility, Best Practices and SEO.

    .venv/bin/python bench/lighthouse.py [--runs 3] [--preset mobile --preset desktop]
        [--site DIR] [--baseline DIR] [--tasks] [--json FILE]

Lighthouse is pinned in ``bench/package.json`` (12.2.3, the last to run on Node 20) and
installed on demand into ``bench/node_modules`` (``npm ci --prefix bench``): never by
``make test`` or CI. Builds a private copy of the site (``--site DIR`` copies a built one),
serves it with ``bench/netserve.py``'s gzip server (HTTP/1.1, gzip on what is not already
compressed) and runs Lighthouse's CLI with Debian's Chromium (``$CHROME_PATH`` or
``/usr/bin/chromium``), headless, each run a fresh profile. Lighthouse's mobile preset
throttles by simulation (Lantern: 4x CPU, a slow 4G link) from a load on the unthrottled
machine; desktop, likewise with its own settings. Prints, per preset, the median of the
runs' category scores, Total Blocking Time, First and Largest Contentful Paint, Speed
Index, and every audit that failed in the other three categories; ``--tasks``: the long
tasks of the median run (by Total Blocking Time), as Lighthouse lists them. ``--baseline DIR`` adds
another build, its runs alternating with this one's.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from harness import ROOT, load_average, median, prepare_site
from netserve import gzip_server

BENCH = ROOT / "bench"
LIGHTHOUSE = BENCH / "node_modules" / "lighthouse" / "cli" / "index.js"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = {
    "total-blocking-time": "TBT",
    "first-contentful-paint": "FCP",
    "largest-contentful-paint": "LCP",
    "speed-index": "SI",
    "interactive": "TTI",
}
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking"


def install() -> None:
    """Lighthouse into bench/node_modules from bench/package-lock.json, once."""
    if LIGHTHOUSE.is_file():
        return
    print("bench/lighthouse.py: npm ci --prefix bench (Lighthouse, once)", flush=True)
    subprocess.run(["npm", "ci", "--prefix", str(BENCH), "--no-audit", "--no-fund"], check=True)


def run(url: str, preset: str, work: Path) -> dict[str, Any]:
    """One Lighthouse run of ``url`` with ``preset``; its JSON report (the parts used)."""
    out = work / "report.json"
    command = [
        "node", str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
        f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={CHROME_FLAGS}",
    ]  # fmt: skip
    if preset == "desktop":
        command.append("--preset=desktop")
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    for attempt in range(3):  # a busy machine can time Lighthouse's DevTools calls out
        if subprocess.run(command, env=env, cwd=work).returncode == 0:
            break
        print(f"  (Lighthouse failed, attempt {attempt + 1} of 3)", flush=True)
    else:
        raise SystemExit("bench/lighthouse.py: Lighthouse failed three times")
    report = json.loads(out.read_text())
    audits = report["audits"]
    failed = {}
    for name in CATEGORIES[1:]:
        for ref in report["categories"][name]["auditRefs"]:
            audit = audits[ref["id"]]
            if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
                failed[ref["id"]] = f"{name}: {audit['title']}"
    tasks = [
        (item.get("url", ""), item["startTime"], item["duration"])
        for item in audits.get("long-tasks", {}).get("details", {}).get("items", [])
    ]
    return {
        "tasks": tasks,
        "scores": {name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES},
        "metrics": {key: audits[key]["numericValue"] for key in METRICS},
        "failed": failed,
        "load": load_average(),
    }


def report(preset: str, label: str, runs: list[dict[str, Any]], tasks: bool) -> None:
    scores = "  ".join(
        f"{name} {median([r['scores'][name] for r in runs]):.0f}"
        f" ({min(r['scores'][name] for r in runs)}-{max(r['scores'][name] for r in runs)})"
        for name in CATEGORIES
    )
    metrics = "  ".join(
        f"{short} {median([r['metrics'][key] for r in runs]) / 1000:.2f} s"
        for key, short in METRICS.items()
    )
    print(f"  {preset:7} {label:8} {scores}\n  {'':16} {metrics}")
    failed: dict[str, str] = {}
    for r in runs:
        failed.update(r["failed"])
    for audit, title in sorted(failed.items()):
        print(f"  {'':16} failed: {audit} ({title})")
    if tasks:
        middle = sorted(runs, key=lambda r: r["metrics"]["total-blocking-time"])[len(runs) // 2]
        print(f"  {'':16} long tasks of the median run (start, duration, script):")
        for url, start, duration in middle["tasks"]:
            print(f"  {'':18} {start / 1000:6.2f} s {duration:6.0f} ms  {url.rsplit('/', 1)[-1]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each preset and site")
    parser.add_argument("--preset", action="append", choices=("mobile", "desktop"), default=[])
    parser.add_argument("--site", type=Path, help="copy this built site instead of building")
    parser.add_argument("--baseline", type=Path, help="another build, in the same run")
    parser.add_argument("--tasks", action="store_true", help="list the long tasks too")
    parser.add_argument("--json", type=Path, help="write every run's figures here")
    args = parser.parse_args()
    presets = args.preset or ["mobile", "desktop"]
    install()
    sys.path.insert(0, str(ROOT))
    work = Path(tempfile.mkdtemp(prefix="scorpion-lighthouse-"))
    found: dict[str, dict[str, list[dict[str, Any]]]] = {}
    try:
        sites = {"current": prepare_site(work / "current", args.site)}
        if args.baseline:
            sites["baseline"] = prepare_site(work / "baseline", args.baseline)
        before = load_average()
        with ExitStack() as stack:
            urls = {
                label: stack.enter_context(gzip_server(path))[0] for label, path in sites.items()
            }
            for preset in presets:
                for index in range(args.runs):
                    order = list(urls.items())
                    for label, url in order if index % 2 == 0 else order[::-1]:
                        result = run(url, preset, work)
                        found.setdefault(preset, {}).setdefault(label, []).append(result)
                        print(f"  {preset} {label} run {index + 1}: {result['scores']} "
                              f"TBT {result['metrics']['total-blocking-time']:.0f} ms "
                              f"(load {result['load']})", flush=True)  # fmt: skip
        after = load_average()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"\nbench/lighthouse.py: Lighthouse 12.2.3, gzip as GitHub Pages, HTTP/1.1; "
          f"medians of {args.runs} runs (range); "
          f"load average before {before}, after {after}")  # fmt: skip
    for preset, by_site in found.items():
        for label, runs in by_site.items():
            report(preset, label, runs, args.tasks)
    if args.json:
        args.json.write_text(json.dumps(found, indent=1))


if __name__ == "__main__":
    main()
