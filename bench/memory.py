"""The page's memory once it is ready: the game against bare Pyodide, in Chromium.

    .venv/bin/python bench/memory.py [--runs 2] [--settle 10] [--warm] [--site DIR]
        [--baseline DIR] [--engine chromium|firefox] [--json FILE] [--breakdown] [--untouched]

Builds a private copy of the site (as bench/load.py does; ``--site DIR`` copies a built
one), serves it with ``python -m http.server`` and opens, in a fresh headless Chromium each
(one renderer process: ``--renderer-process-limit=1``), the game (the seed deal's link), bare
Pyodide (``bench/bare.html``: the site's runtime and one line of Python) and bare Pyodide
with npm's whole standard library (``stock``). ``--warm``: each page's profile is primed by
one load first (the game's service worker installed, its snapshot kept), in a browser then
closed, and the second visit is measured in a browser started afresh on that profile, as a
player's next day is (a load after another in the same renderer would count what the first
left behind; Firefox, whose driver makes a new profile per browser, loads the page and
reloads it in one). ``settle`` seconds after the page took input it reads:

- **RSS**: the ``VmRSS`` of the browser's renderer processes (``--type=renderer`` under the
  browser's process tree, from ``/proc``), the figure a phone's memory killer weighs;
- **private**: their ``RssAnon`` + ``VmSwap``, the memory no other process shares and no
  file backs: the figure Chromium's task manager shows as a process's memory footprint
  (RSS adds shared memory, such as the compositor's tiles, and the browser's own code);
- **JS heap** (``Runtime.getHeapUsage``: V8's heap in use), **backing stores** (the
  ArrayBuffers' bytes outside it) and **Blink's heap** (the embedder's: the DOM's nodes);
- **wasm memory**: the size of the Python runtime's ``WebAssembly.Memory`` (game only; the
  page's interpreter from ``pyodide-boot.mjs``).

``--engine firefox``: Firefox ESR through ``e2e/engines/drivers.py`` (a new browser and
profile per load), the RSS of its content processes for tabs (the JS and wasm figures are
Chromium's only).

``--untouched`` (Chromium): the measured visit is a headless Chromium started with the
page's address and no tool attached (Playwright's DevTools connection keeps the service
worker running, and it shares the page's renderer); its renderers' RSS is read ``settle``
seconds after launch (not after ready: nothing asks the page), and the JS figures are left
out. With ``--warm``, the priming visit is made through Playwright as usual.

``--breakdown``: in Chromium, the renderer's allocators as memory-infra reports them
(PartitionAlloc's ArrayBuffer and buffer partitions, Blink's heap, the compositor's tiles,
V8...); in Firefox, its own memory reporters for the page's content process, as
about:memory shows them (``explicit``, of which ``heap-unclassified``, ``resident-unique``,
the wasm code, the stacks of suspended wasm), written to the temporary directory when the
parent process gets SIGRTMIN. The game's medians against bare Pyodide's.

Prints each run and the medians, game minus bare. The renderer's RSS moves by tens of MB
between runs (garbage collection): compare within one run.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from harness import (
    CONTROLLED,
    KEPT,
    ROOT,
    STOCK_BARE,
    deck_query,
    end_trace,
    launch_options,
    load_average,
    prepare_sites,
    serve,
)
from playwright.sync_api import sync_playwright

READY = """() => document.documentElement.dataset.ready === "1"
    || document.querySelector(".py-error") !== null"""
WASM_MEMORY = """async () => {
  const boot = await import(new URL("static/pyodide-boot.mjs", document.baseURI).href);
  const pyodide = await boot.loadPyodide();
  return pyodide._module.HEAP8.buffer.byteLength;
}"""
PAGES = {"game": deck_query(), "bare": "bare.html", "stock": STOCK_BARE}


def children() -> dict[int, list[int]]:
    found: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                parent = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        found.setdefault(parent, []).append(int(entry))
    return found


def cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def status_kb(pid: int) -> dict[str, int]:
    """The memory lines of ``/proc/PID/status`` (``VmRSS``, ``RssAnon``, ``VmSwap``...), kB."""
    found: dict[str, int] = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                name, _, value = line.partition(":")
                if name.startswith(("Vm", "Rss")):
                    found[name] = int(value.split()[0])
    except (OSError, ValueError, IndexError):
        pass
    return found


def memory_of(pids: list[int]) -> dict[str, int]:
    """Bytes over ``pids``: ``rss`` (VmRSS) and its parts: ``private`` (RssAnon + VmSwap:
    the memory no other process shares and no file backs, what Chromium's task manager
    shows as a process's memory footprint), ``shared`` (RssShmem: shared memory, such as the
    compositor's tiles when it draws in software) and ``files`` (RssFile: the browser's own
    code and files, paged in as used)."""
    found = {"rss": 0, "private": 0, "shared": 0, "files": 0}
    for pid in pids:
        status = status_kb(pid)
        found["rss"] += status.get("VmRSS", 0) * 1024
        found["private"] += (status.get("RssAnon", 0) + status.get("VmSwap", 0)) * 1024
        found["shared"] += status.get("RssShmem", 0) * 1024
        found["files"] += status.get("RssFile", 0) * 1024
    return found


def descendants(roots: list[int]) -> list[int]:
    tree = children()
    found = []
    queue = list(roots)
    while queue:
        pid = queue.pop()
        found.append(pid)
        queue.extend(tree.get(pid, []))
    return found


def renderer_memory(profile: Path) -> dict[str, int]:
    """The renderers' memory (``memory_of``) of the browser that runs on ``profile``."""
    browsers = [
        int(pid)
        for pid in os.listdir("/proc")
        if pid.isdigit()
        and f"--user-data-dir={profile}" in cmdline(int(pid))
        and "--type=" not in cmdline(int(pid))
    ]
    return memory_of([p for p in descendants(browsers) if "--type=renderer" in cmdline(p)])


def content_memory(root: int) -> dict[str, int]:
    """The memory (``memory_of``) of Firefox's content processes for tabs under ``root``."""

    def is_tab(pid: int) -> bool:
        args = cmdline(pid).split()
        return "-contentproc" in args and "tab" in args

    return memory_of([p for p in descendants([root]) if is_tab(p)])


def measure_firefox(url: str, settle: float, warm: bool, breakdown: bool) -> dict[str, Any]:
    """The same in Firefox (e2e/engines/drivers.py, a new browser and profile per page):
    the content processes' RSS, and with ``breakdown`` Firefox's own memory reporters. A
    second visit is the page reloaded: loaded again by a navigation, the first page would
    stay in the back-forward cache, its memory counted too (Firefox keeps the game's there,
    not bare Pyodide's)."""
    from e2e.engines.drivers import FirefoxDriver

    driver = FirefoxDriver(1280, 900)
    try:
        driver.goto(url)
        driver.wait(READY, timeout=120)
        if warm:
            if "deck=" in url:
                until_kept(lambda condition: driver.wait(condition, timeout=120), driver.js,
                           driver.reload)  # fmt: skip
            driver.reload()
            driver.wait(READY, timeout=120)
        time.sleep(settle)
        return {
            **content_memory(driver._process.pid),
            "heap": 0,
            "backing": 0,
            "embedder": 0,
            "wasm": None,
            "snapshot": driver.js("() => document.documentElement.dataset.snapshot || null"),
            "load": load_average(),
            "allocators": firefox_reports(firefox_pid(driver._process.pid)) if breakdown else {},
        }
    finally:
        driver.close()


def launch_on(playwright: Any, profile: Path, breakdown: bool) -> Any:
    extra = ("--enable-memory-infra",) if breakdown else ()
    return playwright.chromium.launch_persistent_context(
        str(profile),
        **launch_options("--renderer-process-limit=1", *extra),
        headless=True,
        viewport={"width": 1280, "height": 900},
        locale="en-US",
    )


def measure_untouched(url: str, profile: Path, settle: float) -> dict[str, Any]:
    """The renderers' RSS ``settle`` seconds after a headless Chromium no tool is attached
    to was started on ``profile`` with ``url``."""
    options = launch_options("--renderer-process-limit=1", "--headless")
    browser = subprocess.Popen(
        [options["executable_path"], *options["args"], f"--user-data-dir={profile}",
         "--window-size=1280,900", "--lang=en-US", url],
        env=options["env"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        time.sleep(settle)
        used = renderer_memory(profile)
    finally:
        browser.terminate()
        browser.wait()
    return {**used, "heap": None, "backing": None, "embedder": None, "wasm": None,
            "snapshot": None, "load": load_average(), "allocators": {}}  # fmt: skip


def prime(playwright: Any, url: str, profile: Path) -> None:
    """A first visit on ``profile``, in a browser closed afterwards: the next starts afresh.
    The game's lasts until the service worker has the site and a copy of the snapshot is
    kept; a first visit that started Python itself (a server slow to answer) keeps none,
    so the page is loaded again, as the worker's, which restores the shipped one and keeps it."""
    context = launch_on(playwright, profile, False)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
        page.wait_for_function(READY, timeout=120_000)
        if "deck=" in url:
            until_kept(
                lambda condition: page.wait_for_function(condition, timeout=120_000),
                page.evaluate,
                page.reload,
            )
    finally:
        context.close()


def until_kept(wait: Any, evaluate: Any, reload: Any) -> None:
    """A game's first visit, ready, carried on until its snapshot is kept (``prime``): the
    service worker in control, the page loaded again if Python started itself (it keeps no
    snapshot then). ``wait``, ``evaluate`` and ``reload`` are the browser driver's."""
    wait(CONTROLLED)
    if evaluate("() => document.documentElement.dataset.snapshot") == "none":
        reload()
        wait(READY)
    wait(KEPT)


def measure(
    playwright: Any, url: str, profile: Path, settle: float, warm: bool, breakdown: bool = False
) -> dict[str, Any]:
    if warm:
        prime(playwright, url, profile)
    context = launch_on(playwright, profile, breakdown)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
        page.wait_for_function(READY, timeout=120_000)
        time.sleep(settle)
        cdp = context.new_cdp_session(page)
        heap = cdp.send("Runtime.getHeapUsage")
        wasm = page.evaluate(WASM_MEMORY) if "deck=" in url else None
        return {
            **renderer_memory(profile),
            "heap": heap.get("usedSize", 0),
            "backing": heap.get("backingStorageSize", 0),
            "embedder": heap.get("embedderHeapUsedSize", 0),
            "wasm": wasm,
            "snapshot": page.evaluate("document.documentElement.dataset.snapshot || null"),
            "load": load_average(),
            "allocators": allocators(cdp, page) if breakdown else {},
        }
    finally:
        context.close()


# --breakdown: the renderer's allocators as Chromium's memory-infra reports them (the
# figures chrome://tracing shows for a memory dump), top level and PartitionAlloc's
# partitions: where the RSS goes (ArrayBuffers, Blink's buffers, the compositor's tiles...).
BREAKDOWN = ("partition_alloc/partitions/array_buffer", "partition_alloc/partitions/buffer",
             "partition_alloc/partitions/fast_malloc", "partition_alloc/partitions/layout",
             "blink_gc", "cc", "v8", "malloc", "skia", "font_caches", "web_cache",
             "discardable", "shared_memory")  # fmt: skip


# --breakdown --engine firefox: Firefox's own memory reporters (about:memory's figures) for
# the page's web content process: "explicit" is every allocation a reporter names plus the
# heap no reporter claims ("heap-unclassified"); "resident-unique" is the process's own pages.
FIREFOX_BREAKDOWN = (
    "resident",
    "resident-unique",
    "explicit",
    "heap-unclassified",
    "explicit/window-objects",
    "explicit/js-non-window",
    "explicit/workers",
    "explicit/other",
    "heap-allocated",
    "wasm code",
    "wasm-cont-stacks",
)
FIREFOX_DUMP_WAIT = 60.0  # seconds for Firefox to write its reports


def firefox_pid(root: int) -> int:
    """The Firefox parent process under ``root`` (the driver's node process)."""
    for pid in descendants([root]):
        args = cmdline(pid).split()
        if args and "firefox" in Path(args[0]).name and "-contentproc" not in args:
            return pid
    raise RuntimeError("no Firefox parent process")


def firefox_reports(parent: int) -> dict[str, int]:
    """Firefox's memory reporters for the web content process with the most resident
    memory: the parent, sent SIGRTMIN, writes every process's reports (as about:memory's
    "Measure and save") to the temporary directory, ``unified-memory-report-*-PID.json.gz``."""
    where = Path(os.environ.get("TMPDIR", "/tmp"))
    pattern = f"*memory-report-*-{parent}.json.gz"
    before = set(where.glob(pattern))
    os.kill(parent, signal.SIGRTMIN)
    deadline = time.monotonic() + FIREFOX_DUMP_WAIT
    while not (written := set(where.glob(pattern)) - before):
        if time.monotonic() > deadline:
            return {}
        time.sleep(0.5)
    path = written.pop()
    with gzip.open(path) as f:
        reports = json.load(f)["reports"]
    path.unlink()
    processes: dict[str, dict[str, int]] = {}
    for report in reports:
        if report["units"] != 0 or not report["process"].startswith("web"):
            continue  # bytes only, web content only
        sizes = processes.setdefault(report["process"], {})
        name, amount = report["path"], int(report["amount"])
        if name.startswith("explicit/"):
            group = "/".join(name.split("/")[:2])
            key = group if group in FIREFOX_BREAKDOWN else "explicit/other"
            sizes[key] = sizes.get(key, 0) + amount
            if report["kind"] == 1:  # KIND_HEAP
                sizes["heap-classified"] = sizes.get("heap-classified", 0) + amount
        elif name == "js-main-runtime/realms/classes/objects/non-heap/code/wasm":
            sizes["wasm code"] = amount
        elif name in FIREFOX_BREAKDOWN:
            sizes[name] = sizes.get(name, 0) + amount
    if not processes:
        return {}
    page = max(processes.values(), key=lambda sizes: sizes.get("resident", 0))
    page["heap-unclassified"] = page.get("heap-allocated", 0) - page.pop("heap-classified", 0)
    page["explicit"] = sum(page.get(k, 0) for k in FIREFOX_BREAKDOWN if k.startswith("explicit/"))
    page["explicit"] += page["heap-unclassified"]
    return page


def allocators(cdp: Any, page: Any) -> dict[str, int]:
    """Bytes per allocator (``BREAKDOWN``) of the process whose V8 is the page's."""
    cdp.send("Tracing.start", {
        "transferMode": "ReturnAsStream",
        "traceConfig": {"includedCategories": ["disabled-by-default-memory-infra"],
                        "memoryDumpConfig": {"triggers": []}},
    })  # fmt: skip
    cdp.send("Tracing.requestMemoryDump", {"deterministic": False, "levelOfDetail": "detailed"})
    trace = json.loads(end_trace(cdp, page))
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    found: dict[str, int] = {}
    for event in events:
        dumps = event.get("args", {}).get("dumps", {}) if event.get("ph") == "v" else {}
        alloc = dumps.get("allocators", {})
        if "v8" not in alloc:
            continue
        sizes = {
            name: int(alloc[name]["attrs"]["size"]["value"], 16)
            for name in BREAKDOWN
            if name in alloc and "size" in alloc[name].get("attrs", {})
        }
        if sizes.get("v8", 0) > found.get("v8", -1):  # the page's renderer, not a worker's
            found = sizes
    return found


def middle(values: Any) -> float | None:
    """The median of the figures a run has (None where the mode reads none)."""
    known = [value for value in values if value is not None]
    return statistics.median(known) if known else None


def mb(value: float | None) -> str:
    return "-" if value is None else f"{value / 1e6:.0f} MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--settle", type=float, default=10.0, help="seconds after ready")
    parser.add_argument("--warm", action="store_true", help="measure a second visit")
    parser.add_argument("--site", type=Path, help="copy this built site instead of building")
    parser.add_argument("--baseline", type=Path, help="another build's game in every run")
    parser.add_argument("--engine", choices=("chromium", "firefox"), default="chromium")
    parser.add_argument("--json", type=Path, help="write every run's figures here")
    parser.add_argument(
        "--untouched",
        action="store_true",
        help="Chromium with no tool attached; RSS read settle seconds after launch",
    )
    parser.add_argument(
        "--breakdown",
        action="store_true",
        help="Chromium's allocators (memory-infra) or Firefox's memory reporters, game "
        "against bare",
    )
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    found: dict[str, list[dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory(prefix="scorpion-memory-") as tmp:
        work = Path(tmp)
        sites = prepare_sites(work, args.site, args.baseline)
        before = load_average()
        with sync_playwright() as playwright:
            bases = {}
            stack = []
            for label, path in sites.items():
                server = serve(path)
                bases[label] = server.__enter__()
                stack.append(server)
            try:
                for index in range(args.runs):
                    kinds = [("game", bases["current"] + PAGES["game"])]
                    if "baseline" in bases:
                        kinds.append(("baseline", bases["baseline"] + PAGES["game"]))
                    kinds += [(k, bases["current"] + PAGES[k]) for k in ("bare", "stock")]
                    for label, url in kinds if index % 2 == 0 else kinds[::-1]:
                        profile = work / f"profile-{label}-{index}"
                        if args.engine == "firefox":
                            got = measure_firefox(url, args.settle, args.warm, args.breakdown)
                        elif args.untouched:
                            if args.warm:
                                prime(playwright, url, profile)
                            got = measure_untouched(url, profile, args.settle)
                        else:
                            got = measure(
                                playwright, url, profile, args.settle, args.warm, args.breakdown
                            )
                        found.setdefault(label, []).append(got)
                        print(f"  run {index + 1} {label:8} renderer RSS {mb(got['rss'])}, "
                              f"private {mb(got['private'])}, shared {mb(got['shared'])}, "
                              f"files {mb(got['files'])}, "
                              f"JS heap {mb(got['heap'])}, backing stores {mb(got['backing'])}, "
                              f"Blink's heap {mb(got['embedder'])}, "
                              f"wasm memory {mb(got['wasm'])}, snapshot {got['snapshot']} "
                              f"(load {got['load']})", flush=True)  # fmt: skip
            finally:
                for server in stack:
                    server.__exit__(None, None, None)
    after = load_average()
    visit = "second visit (warm)" if args.warm else "first visit, served locally"
    since = "after launch, no tool attached" if args.untouched else "after ready"
    print(f"\nbench/memory.py: {args.engine}, {visit}, {args.settle:g} s {since}, "
          f"medians of {args.runs} runs; load average before {before}, after {after}")  # fmt: skip
    bare = statistics.median(r["rss"] for r in found["bare"])
    bare_private = statistics.median(r["private"] for r in found["bare"])
    for label, runs in found.items():
        rss = statistics.median(r["rss"] for r in runs)
        private = statistics.median(r["private"] for r in runs)
        shared = statistics.median(r["shared"] for r in runs)
        files = statistics.median(r["files"] for r in runs)
        print(f"  {label:8} renderer RSS {mb(rss)} ({mb(rss - bare)} over bare), private "
              f"{mb(private)} ({mb(private - bare_private)} over bare), shared {mb(shared)}, "
              f"files {mb(files)}, JS heap "
              f"{mb(middle(r['heap'] for r in runs))}, backing stores "
              f"{mb(middle(r['backing'] for r in runs))}")  # fmt: skip
    if args.breakdown:
        chromium = args.engine == "chromium"
        print(
            "  allocators, game against bare (medians; "
            + ("memory-infra's sizes):" if chromium else "Firefox's memory reporters):")
        )
        for name in BREAKDOWN if chromium else FIREFOX_BREAKDOWN:
            game = statistics.median(r["allocators"].get(name, 0) for r in found["game"])
            base = statistics.median(r["allocators"].get(name, 0) for r in found["bare"])
            print(f"    {name:42} {mb(game):>8} against {mb(base):>8}, {mb(game - base):>7} more")
    if args.json:
        args.json.write_text(json.dumps(found, indent=1))


if __name__ == "__main__":
    main()
