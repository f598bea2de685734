"""Browser tests: Debian's Chromium driven by pytest-playwright against the built ``_site/``.

Run ``make e2e`` (it builds the site first). Never ``playwright install``: the browser is
``$CHROMIUM`` or ``/usr/bin/chromium``.

Fixtures for tests:

- ``site_url``: ``http://127.0.0.1:PORT/``, ``_site/`` served at the root (session).
- ``site_url_subpath``: ``http://127.0.0.1:PORT/scorpion/``, the same site under a sub-path,
  as on GitHub Pages (session, its own server).
- ``base_url``: ``site_url`` unless ``--base-url`` is given; ``page.goto("./")`` uses it.
- ``context`` / ``page``: pytest-playwright's, with every request outside localhost aborted
  and recorded in ``offsite``; a test that leaves the origin fails at teardown.
- ``offsite``: the guard; ``offsite.assert_none()`` checks at any point.
- ``fresh``: a new page of the module's own ``shared`` context (a module-scoped fixture the
  test module defines), on an emptied localStorage.
- ``console_errors``: console errors and uncaught page errors of ``page``, as text.
- ``wait_ready``: a function; ``wait_ready(page)`` waits (no sleeps) for
  ``document.documentElement.dataset.ready == "1"``, failing early with PyScript's error
  text if Python raised, and returns the seconds it waited. Each load's time from navigation
  start to ready is summed up at the end of the run ("navigation to data-ready=1: ..."),
  with the loads of each test file.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Error, Page, Route

from e2e.chromium import CHROMIUM, launch_options
from e2e.ui import NAVIGATION_MS, blank

ROOT = Path(__file__).resolve().parent.parent
SITE_DIR = Path(os.environ.get("SCORPION_SITE_DIR", ROOT / "_site")).resolve()
SUBPATH = "scorpion"

LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
# Generous for a loaded 2-core machine, but bounded.
BOOT_TIMEOUT_MS = 120_000
SERVER_START_TIMEOUT_S = 15.0


# --- the browser --------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, object]) -> dict[str, object]:
    if not Path(CHROMIUM).exists():
        pytest.exit(f"{CHROMIUM} not found: run `make chromium` (or set $CHROMIUM)", returncode=3)
    return {**browser_type_launch_args, **launch_options()}


# --- serving the site ---------------------------------------------------------------------


@dataclass
class StaticServer:
    """``python -m http.server`` on a free loopback port, serving ``directory``."""

    directory: Path
    log_path: Path
    process: subprocess.Popen[bytes] | None = None
    port: int = 0

    def start(self) -> None:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("wb") as log:
            # Port 0: the OS picks a free port and http.server prints it on its first line.
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-u",
                    "-m",
                    "http.server",
                    "0",
                    "--bind",
                    "127.0.0.1",
                    "--directory",
                    str(self.directory),
                ],
                stdout=subprocess.PIPE,
                stderr=log,
                stdin=subprocess.DEVNULL,
            )
        assert self.process.stdout is not None
        banner = self.process.stdout.readline().decode()  # "Serving HTTP on 127.0.0.1 port N ..."
        try:
            self.port = int(banner.split(" port ")[1].split()[0])
        except (IndexError, ValueError) as error:
            self.stop()
            raise RuntimeError(
                f"http.server did not start: {banner!r}, see {self.log_path}"
            ) from error
        self._wait_until_answering()

    def _wait_until_answering(self) -> None:
        deadline = time.monotonic() + SERVER_START_TIMEOUT_S
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=2):
                    return
            except (urllib.error.URLError, ConnectionError) as error:
                assert self.process is not None
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"http.server not answering: {error}") from error
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()
        self.process = None

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}/{path}"


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The built site; the tests never build it (``make e2e`` does)."""
    if not (SITE_DIR / "index.html").is_file():
        pytest.exit(f"{SITE_DIR}/index.html is missing: run `make site` first", returncode=3)
    return SITE_DIR


@pytest.fixture(scope="session")
def site_server(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[StaticServer]:
    server = StaticServer(site_dir, tmp_path_factory.mktemp("server") / "root.log")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def site_url(site_server: StaticServer) -> str:
    """Base URL of the site served at the root, with a trailing slash."""
    return site_server.url()


@pytest.fixture(scope="session")
def site_server_subpath(
    site_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[StaticServer]:
    """A server whose root is a parent folder where the site is ``/scorpion/``."""
    parent = tmp_path_factory.mktemp("subpath")
    (parent / SUBPATH).symlink_to(site_dir, target_is_directory=True)
    server = StaticServer(parent, parent.parent / "subpath.log")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def site_url_subpath(site_server_subpath: StaticServer) -> str:
    """Base URL of the site under a sub-path: ``http://127.0.0.1:PORT/scorpion/``."""
    return site_server_subpath.url(f"{SUBPATH}/")


@pytest.fixture(scope="session")
def base_url(pytestconfig: pytest.Config, request: pytest.FixtureRequest) -> str:
    """``--base-url`` if given, else our own server (started only when needed)."""
    given = pytestconfig.getoption("--base-url", default=None)
    return str(given) if given else str(request.getfixturevalue("site_url"))


# --- nothing leaves the origin ------------------------------------------------------------


@dataclass
class OffsiteGuard:
    """Aborts and records every request to a host other than localhost."""

    blocked: list[str] = field(default_factory=list)

    def handle(self, route: Route) -> None:
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in LOCAL_HOSTS:
            self.blocked.append(url)
            route.abort("blockedbyclient")
        else:
            route.fallback()

    def assert_none(self) -> None:
        assert not self.blocked, f"requests left the origin: {self.blocked}"


@pytest.fixture
def offsite() -> OffsiteGuard:
    return OffsiteGuard()


@pytest.fixture
def context(context: BrowserContext, offsite: OffsiteGuard) -> Iterator[BrowserContext]:
    """pytest-playwright's context, guarded: requests leaving localhost are aborted."""
    context.route("**/*", offsite.handle)
    context.set_default_navigation_timeout(NAVIGATION_MS)
    yield context
    offsite.assert_none()


@pytest.fixture
def fresh(shared: BrowserContext, site_url: str) -> Iterator[Page]:
    """A new page on an empty localStorage (cleared from a tiny page of the same origin)."""
    page = shared.new_page()
    blank(page, site_url)
    yield page
    page.close()


@pytest.fixture
def console_errors(page: Page) -> list[str]:
    """Console ``error`` messages and uncaught exceptions of ``page``, collected as they come."""
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(f"console: {message.text} ({message.location.get('url', '')})")

    def on_page_error(error: Error) -> None:
        errors.append(f"pageerror: {error.message}")

    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    return errors


READY_OR_FAILED = """() => document.documentElement.dataset.ready === "1"
    || document.querySelector(".py-error") !== null"""


def wait_ready(page: Page, timeout_ms: int = BOOT_TIMEOUT_MS) -> float:
    """Wait until the page's Python has set ``data-ready="1"``; return the seconds waited.

    Fails at once, with PyScript's error text, if a ``.py-error`` box appears instead.
    """
    start = time.monotonic()
    page.wait_for_function(READY_OR_FAILED, timeout=timeout_ms)
    if page.evaluate("document.documentElement.dataset.ready") != "1":
        error = page.locator(".py-error").first.inner_text()
        pytest.fail(f"Python failed while booting:\n{error}")
    waited = time.monotonic() - start
    # One entry per navigation: a later wait on a page already counted (a shared page
    # between tests) would add the page's whole age as a load.
    origin, now = page.evaluate("[performance.timeOrigin, performance.now()]")
    if origin not in _COUNTED:
        _COUNTED.add(origin)
        BOOT_TIMES.append((page.url, now / 1000))
    return waited


# (url, seconds from navigation start to ready) of every wait_ready in this process.
BOOT_TIMES: list[tuple[str, float]] = []
_COUNTED: set[float] = set()  # the performance.timeOrigin of each navigation counted
# Each test report carries the loads made since the previous report ("e2e_loads"), so that
# the run's summary, made where the reports arrive (the xdist controller, or this process),
# counts them per test file.
LOADS_KEY = "e2e_loads"
_reported = 0
# test file -> seconds of each of its loads, as the reports arrive.
LOADS_BY_FILE: dict[str, list[float]] = {}


# The test files that take the browser longest (CPU seconds, measured), first: xdist hands
# out files in collection order, so the last ones to start are short and both workers end
# together. A file not named keeps its place after these.
LONGEST_FIRST = (
    "test_python_snapshot.py",
    "test_accessibility.py",
    "test_monkey.py",
    "test_first_paint.py",
    "test_game.py",
    "test_security.py",
    "test_offline.py",
    "test_finish.py",
    "test_storage.py",
    "test_cards.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        name = item.path.name
        in_e2e = item.path.parent.name == "e2e"
        return LONGEST_FIRST.index(name) if in_e2e and name in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)  # stable: each file's tests keep their order


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    global _reported
    outcome = yield
    report = outcome.get_result()
    loads = [seconds for _, seconds in BOOT_TIMES[_reported:]]
    _reported = len(BOOT_TIMES)
    if loads:
        report.user_properties = [*report.user_properties, (LOADS_KEY, loads)]


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    for key, value in report.user_properties:
        if key == LOADS_KEY:
            file = report.nodeid.split("::")[0]
            LOADS_BY_FILE.setdefault(file, []).extend(value)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    times = sorted(seconds for loads in LOADS_BY_FILE.values() for seconds in loads)
    if not times:
        return
    median = times[len(times) // 2]
    terminalreporter.write_line(
        f"navigation to data-ready=1: {len(times)} loads, median {median:.1f} s, "
        f"max {times[-1]:.1f} s"
    )
    by_count = sorted(LOADS_BY_FILE.items(), key=lambda item: (-len(item[1]), item[0]))
    for file, loads in by_count:
        terminalreporter.write_line(f"  {len(loads):4d} loads, {sum(loads):6.1f} s  {file}")


@pytest.fixture(name="wait_ready", scope="session")
def wait_ready_fixture() -> Callable[..., float]:
    """``wait_ready(page, timeout_ms=...)``: see ``wait_ready`` above."""
    return wait_ready
