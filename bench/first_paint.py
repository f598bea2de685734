"""A first visit on a throttled network: from navigation to the baked board on screen.

    .venv/bin/python bench/first_paint.py [--runs 7] [--site DIR] [--mbit 20] [--rtt 40]

Builds a private copy of the site (``--site DIR`` serves a built one as it is), serves it
gzip-compressed (every response whose type compresses, at level 6, as GitHub Pages does:
``gzip_server``), and opens it in headless Chromium in a fresh profile per run (nothing
cached, nothing saved: a newcomer), the network throttled by DevTools to ``--mbit`` Mbit/s
both ways with ``--rtt`` ms of latency. Per run, from navigation start:

- ``board``: the baked board on screen (``scorpion-snapshot-painted``: the frame after
  index.html drew it, see tools/first_board.py);
- ``faces``: the card sprite (static/cards.svg) arrived, so the faces are drawn too; the
  board is whole at the later of the two;
- ``fcp``: Chromium's first contentful paint;
- ``ready``: ``data-ready="1"``, the game takes input.

Prints each run and the medians. The machine is shared: the load average is printed.
"""

from __future__ import annotations

import argparse
import gzip
import io
import shutil
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

from harness import launch_options, load_average, median, prepare_site
from playwright.sync_api import sync_playwright

COMPRESSED = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".toml", ".wasm", ".webmanifest")
TIMES = """() => {
    const mark = name => performance.getEntriesByName(name)[0]?.startTime ?? null;
    const sprite = performance.getEntriesByType('resource')
        .find(e => e.name.endsWith('/static/cards.svg'));
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return {
        board: mark('scorpion-snapshot-painted'),
        faces: sprite ? sprite.responseEnd : null,
        fcp: fcp ? fcp.startTime : null,
        ready: mark('scorpion-ready'),
        paint: document.documentElement.dataset.paint || null,
    };
}"""


class GzipHandler(SimpleHTTPRequestHandler):
    """Static files, gzipped when the client accepts it and the type compresses (kept in
    memory once compressed: the compression is not what is measured)."""

    cache: ClassVar[dict[Path, bytes]] = {}

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        wants = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (wants and path.is_file() and path.suffix in COMPRESSED):
            return super().send_head()
        body = self.cache.get(path)
        if body is None:
            body = self.cache[path] = gzip.compress(path.read_bytes(), 6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=600")
        self.end_headers()
        return io.BytesIO(body)


@contextmanager
def gzip_server(directory: Path) -> Iterator[str]:
    handler = partial(GzipHandler, directory=str(directory))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def one_run(browser: Any, url: str, mbit: float, rtt: float) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        rate = mbit * 1e6 / 8  # bytes per second
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": rtt,
                "downloadThroughput": rate,
                "uploadThroughput": rate,
            },
        )
        # The sprite of an SVG <use> gets no resource timing entry: DevTools' events say
        # when it arrived, against the page's own request (navigation start, near enough).
        sent: dict[str, tuple[str, float]] = {}
        finished: dict[str, float] = {}
        cdp.on("Network.requestWillBeSent", lambda e: sent.setdefault(
            e["requestId"], (e["request"]["url"], e["timestamp"])))  # fmt: skip
        cdp.on("Network.loadingFinished", lambda e: finished.setdefault(
            e["requestId"], e["timestamp"]))  # fmt: skip
        page.goto(url)
        page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=180_000)
        times = page.evaluate(TIMES)
        start = min(at for _url, at in sent.values())
        for request, (address, _at) in sent.items():
            if address.endswith("/static/cards.svg") and request in finished:
                times["faces"] = (finished[request] - start) * 1000
        return times
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--mbit", type=float, default=20.0)
    parser.add_argument("--rtt", type=float, default=40.0)
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="first-paint-"))
    try:
        site = args.site.resolve() if args.site else prepare_site(work, None)
        print(f"load average before: {load_average()}")
        print(f"first visits, {args.mbit:g} Mbit/s, {args.rtt:g} ms RTT, gzip (ms from navigation)")
        runs = []
        with gzip_server(site) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            try:
                for n in range(args.runs):
                    times = one_run(browser, url, args.mbit, args.rtt)
                    runs.append(times)
                    shown = "  ".join(
                        f"{k} {times[k]:6.0f}" if times[k] is not None else f"{k} -"
                        for k in ("board", "faces", "fcp", "ready")
                    )
                    print(f"run {n + 1}: {shown}  ({times['paint']})", flush=True)
            finally:
                browser.close()
        for key in ("board", "faces", "fcp", "ready"):
            values = [r[key] for r in runs if r[key] is not None]
            if values:
                print(f"median {key}: {median(values):.0f} ms ({len(values)} runs)")
        whole = [max(r["board"], r["faces"]) for r in runs if r["board"] and r["faces"]]
        if whole:
            print(f"median board with its faces: {median(whole):.0f} ms")
        print(f"load average after: {load_average()}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
