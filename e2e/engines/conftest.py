"""The acceptance scenarios in three engines (``make engines-test``; README.md, "Browsers").

Fixtures:

- ``test_site``: a test build: a copy of ``_site/`` whose ``index.html`` starts with an
  error and request recorder (RECORDER; WebKit's WebDriver reports neither), sealed again
  with ``tools/build_site.py``'s ``seal`` so the service worker's hashes match. The
  shipped site never has it.
- ``server``: that build on a loopback port; ``server.offline = True`` makes it drop every
  connection unanswered, as a network that is down (engine-neutral: no driver's offline
  mode needed).
- ``engine``: one browser session per engine for the module (``--engine NAME`` to pick;
  repeatable), 1280×900. After each test, no console error and no request that left the
  origin may have been seen.
- ``new_session``: a function making another session (a first visit), closed after the test.
"""

from __future__ import annotations

import contextlib
import http.server
import importlib.util
import shutil
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

import pytest

from e2e.engines.drivers import DRIVERS, ENGINES, WAIT_S, Driver, missing, stop_chromium

ROOT = Path(__file__).resolve().parent.parent.parent
LOCAL = frozenset({"127.0.0.1", "localhost", "::1"})
WIDTH, HEIGHT = 1280, 900

# First in <head> of the test build only: keeps uncaught errors, rejected promises,
# console.error and console.warn, and every resource the page fetched (resource timing).
RECORDER = """<script>/* engine tests only (e2e/engines/conftest.py) */
(function () {
  var r = window.__engineTest = { errors: [], warnings: [], requests: [location.href] };
  addEventListener("error", function (e) {
    r.errors.push("error: " + (e.message || (e.target && (e.target.src || e.target.href)) || e));
  }, true);
  addEventListener("unhandledrejection", function (e) {
    r.errors.push("unhandledrejection: " + (e.reason && e.reason.stack || e.reason));
  });
  ["error", "warn"].forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      var text = Array.prototype.map.call(arguments, function (a) {
        return a && a.stack ? a.stack : String(a);
      }).join(" ");
      (level === "error" ? r.errors : r.warnings).push("console: " + text);
      return original.apply(console, arguments);
    };
  });
  try {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (e) { r.requests.push(e.name); });
    }).observe({ type: "resource", buffered: true });
  } catch (e) { r.errors.push("recorder: " + e); }
})();
</script>
"""


# The game in a frame of a given size (?w=390&h=844&src=./): where a window cannot be made
# that small (MiniBrowser's is at least 447 pixels wide), the phone's view is the frame's.
FRAME = """<!doctype html>
<html><head><meta charset="utf-8"><title>frame</title>
<style>html, body { margin: 0; } iframe { border: 0; display: block; }</style></head>
<body><iframe id="game" title="game"></iframe><script>
const query = new URLSearchParams(location.search), frame = document.getElementById("game");
frame.width = query.get("w"); frame.height = query.get("h"); frame.src = query.get("src");
</script></body></html>
"""


def pytest_configure(config: pytest.Config) -> None:
    # selenium's own WebKitGTK driver still uses what selenium deprecates
    config.addinivalue_line(
        "filterwarnings", "ignore:setting remote_server_addr:DeprecationWarning"
    )


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--engine", action="append", choices=ENGINES, help="run only in this engine (repeatable)"
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "engine_name" in metafunc.fixturenames:
        chosen = metafunc.config.getoption("--engine") or list(ENGINES)
        metafunc.parametrize("engine_name", chosen, scope="module")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # With pytest-xdist's --dist loadgroup (make engines-test), each engine's tests run in
    # one worker, in order, on that engine's one session: two engines at a time.
    for item in items:
        params = getattr(item, "callspec", None)
        engine = params.params.get("engine_name") if params else None
        if engine:
            item.add_marker(pytest.mark.xdist_group(engine))


def load_build_site() -> ModuleType:
    if "build_site" in sys.modules:
        return sys.modules["build_site"]
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_site"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def test_site(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("engines") / "site"
    shutil.copytree(site_dir, out)
    index = out / "index.html"
    html = index.read_text(encoding="utf-8")
    head = '<meta charset="utf-8">\n'
    assert head in html, "index.html: no <meta charset> to put the recorder after"
    index.write_text(html.replace(head, head + RECORDER, 1), encoding="utf-8")
    load_build_site().seal(out)
    (out / "engine-frame.html").write_text(FRAME, encoding="utf-8")  # not precached
    return out


class Server(http.server.ThreadingHTTPServer):
    offline = False
    daemon_threads = True
    held: threading.Event | None = None  # set: app.zip waits for it (Python held back)


def handler_for(directory: Path) -> type[http.server.SimpleHTTPRequestHandler]:
    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(directory), **kwargs)

        def handle_one_request(self) -> None:
            if getattr(self.server, "offline", False):
                self.close_connection = True  # as a network that is down: no answer
                return
            super().handle_one_request()

        def do_GET(self) -> None:
            held = getattr(self.server, "held", None)
            if held is not None and self.path.split("?")[0].endswith("/static/app.zip"):
                held.wait(WAIT_S)  # no Python until the test lets it come
            super().do_GET()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler


class SiteServer:
    """The test build served on a free loopback port, in a thread of this process."""

    def __init__(self, directory: Path) -> None:
        self.httpd = Server(("127.0.0.1", 0), handler_for(directory))
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    @property
    def offline(self) -> bool:
        return self.httpd.offline

    @offline.setter
    def offline(self, value: bool) -> None:
        self.httpd.offline = value

    @property
    def held(self) -> threading.Event | None:
        return self.httpd.held

    @held.setter
    def held(self, value: threading.Event | None) -> None:
        self.httpd.held = value

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}/{path}"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def server(test_site: Path) -> Iterator[SiteServer]:
    served = SiteServer(test_site)
    yield served
    served.stop()


def start(engine_name: str) -> Driver:
    why = missing(engine_name)
    if why:
        pytest.fail(f"{engine_name}: {why}")
    return DRIVERS[engine_name](WIDTH, HEIGHT)


def offsite(requests: list[str]) -> list[str]:
    return [
        url
        for url in requests
        if urlsplit(url).scheme in ("http", "https", "ws", "wss")
        and urlsplit(url).hostname not in LOCAL
    ]


def check_clean(driver: Driver) -> None:
    """No console error and no request off the origin since the last check."""
    driver.drain()
    # A browser asks for /favicon.ico of a page that names no icon (the tiny page
    # play.fresh empties storage from): the browser's, not the game's.
    errors = [error for error in driver.errors if "/favicon.ico" not in error]
    requests = driver.requests[:]
    driver.errors.clear()
    driver.requests.clear()
    assert errors == [], f"{driver.name}: console errors: {errors}"
    assert offsite(requests) == [], f"{driver.name}: requests left the origin"
    assert requests, f"{driver.name}: no request seen at all: the recorder is not working"


@pytest.fixture(scope="session", autouse=True)
def _one_chromium() -> Iterator[None]:
    yield
    stop_chromium()


@pytest.fixture(scope="module")
def engine_session(engine_name: str) -> Iterator[Driver]:
    driver = start(engine_name)
    yield driver
    driver.close()


@pytest.fixture
def engine(engine_session: Driver, server: SiteServer) -> Iterator[Driver]:
    engine_session.drain()
    engine_session.errors.clear()
    engine_session.requests.clear()
    engine_session.viewport(WIDTH, HEIGHT)
    yield engine_session
    server.offline = False
    check_clean(engine_session)


@pytest.fixture
def new_session(engine_name: str, server: SiteServer) -> Iterator[Callable[[], Driver]]:
    made: list[Driver] = []

    def make() -> Driver:
        made.append(start(engine_name))
        return made[-1]

    yield make
    server.offline = False
    try:
        for driver in made:
            check_clean(driver)
    finally:
        for driver in made:
            with contextlib.suppress(Exception):
                driver.close()
