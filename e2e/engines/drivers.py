"""One small interface to drive a page in three engines, so each scenario is written once.

- ``chromium``: Debian's Chromium through Playwright (as e2e/ does).
- ``firefox``: Debian's Firefox ESR over WebDriver BiDi, through puppeteer-core in Node
  (``firefox_bridge.mjs``, commanded by JSON lines).
- ``webkit``: WebKitGTK's MiniBrowser through WebKitWebDriver and selenium; it has no
  headless mode, so the tests run under ``xvfb-run``. WebDriver there reports neither the
  console nor requests: the test build's recorder (conftest.RECORDER) keeps them in the
  page, and the driver collects them before each navigation.

Every driver: ``goto``, ``reload``, ``js`` (a JavaScript function's source, called with
JSON arguments, its promise awaited), pointer actions at page coordinates (as a player
clicks: on whatever is drawn there), key presses, viewport, screenshot, and ``drain``
(console errors and requests seen since the last drain). Waits poll a condition.
"""

from __future__ import annotations

import atexit
import json
import os
import subprocess
import time
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any

from e2e.chromium import CHROMIUM, launch_options

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
FIREFOX = os.environ.get("FIREFOX") or "/usr/bin/firefox-esr"
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER") or "/usr/bin/WebKitWebDriver"
MINIBROWSER_DIRS = (
    "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1",
    "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1",
)
# A loaded 2-core machine: generous, but bounded.
WAIT_S = float(os.environ.get("ENGINE_WAIT_S", "120"))


class WaitTimeoutError(AssertionError):
    pass


def minibrowser() -> str:
    found = os.environ.get("MINIBROWSER")
    if found:
        return found
    for folder in MINIBROWSER_DIRS:
        if Path(folder, "MiniBrowser").exists():
            return str(Path(folder, "MiniBrowser"))
    listing = subprocess.run(
        ["dpkg", "-L", "libwebkit2gtk-4.1-0"], capture_output=True, text=True, check=False
    ).stdout
    for line in listing.splitlines():
        if line.endswith("/MiniBrowser"):
            return line
    raise FileNotFoundError("MiniBrowser (libwebkit2gtk-4.1-0): run `make engines`")


def missing(engine: str) -> str | None:
    """Why ``engine`` cannot run here, or None."""
    if engine == "chromium" and not Path(CHROMIUM).exists():
        return f"{CHROMIUM} missing: make chromium"
    if engine == "firefox" and not Path(FIREFOX).exists():
        return f"{FIREFOX} missing: make engines"
    if engine == "webkit":
        if not Path(WEBKIT_DRIVER).exists():
            return f"{WEBKIT_DRIVER} missing: make engines"
        if not os.environ.get("DISPLAY"):
            return "WebKit needs a display: run under xvfb-run -a (make engines-test does)"
    return None


class Driver(ABC):
    name: str

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.errors: list[str] = []
        self.requests: list[str] = []

    # --- what each engine implements -------------------------------------------------

    @abstractmethod
    def goto(self, url: str) -> None: ...

    @abstractmethod
    def reload(self) -> None: ...

    @abstractmethod
    def _eval(self, expression: str) -> Any: ...

    @abstractmethod
    def move(self, x: float, y: float, steps: int = 1) -> None: ...

    @abstractmethod
    def down(self) -> None: ...

    @abstractmethod
    def up(self) -> None: ...

    @abstractmethod
    def click_at(self, x: float, y: float) -> None: ...

    def tap(self, x: float, y: float) -> bool:
        """A touch tap at page coordinates; False (and nothing done) where this session
        cannot make one (Firefox's BiDi refuses touch here; WebKitGTK's WebDriver makes a
        mouse click of it)."""
        return False

    @abstractmethod
    def press(self, key: str) -> None:
        """A key ("Enter", "ArrowRight", "u") or a chord ("Control+y") to the focus."""

    @abstractmethod
    def viewport(self, width: int, height: int) -> None: ...

    @abstractmethod
    def screenshot(self, path: Path, selector: str | None = None) -> None:
        """The viewport, or only the element ``selector``, as a PNG."""

    @abstractmethod
    def _drain(self) -> tuple[list[str], list[str]]:
        """Console errors and requests seen since the last call."""

    @abstractmethod
    def close(self) -> None: ...

    # --- shared ----------------------------------------------------------------------

    def js(self, function: str, *args: Any) -> Any:
        """Call the JavaScript function ``function`` with ``args``; its (awaited) result."""
        return self._eval(f"({function})(...{json.dumps(list(args))})")

    def drain(self) -> None:
        errors, requests = self._drain()
        self.errors += errors
        self.requests += requests

    def wait(self, function: str, *args: Any, timeout: float = WAIT_S, every: float = 0.05) -> Any:
        """Poll until ``function(*args)`` is truthy; return that value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.js(function, *args)
            if value:
                return value
            if time.monotonic() > deadline:
                raise WaitTimeoutError(f"{self.name}: waited {timeout:.0f} s for {function} {args}")
            time.sleep(every)


# --- Chromium: Playwright ---------------------------------------------------------------


_CHROMIUM: list[Any] = []  # [playwright, browser], started once


def chromium_browser() -> Any:
    if not _CHROMIUM:
        from playwright.sync_api import sync_playwright

        playwright = sync_playwright().start()
        browser = playwright.chromium.launch(**launch_options())
        _CHROMIUM[:] = [playwright, browser]
        atexit.register(stop_chromium)
    return _CHROMIUM[1]


def stop_chromium() -> None:
    if _CHROMIUM:
        playwright, browser = _CHROMIUM
        _CHROMIUM.clear()
        browser.close()
        playwright.stop()


class ChromiumDriver(Driver):
    name = "chromium"

    def __init__(self, width: int, height: int, page: Any = None, touch: bool = False) -> None:
        """``page``: drive this Playwright page (its context stays the caller's to close)
        instead of a context of its own, as e2e/ does with its Playwright; ``touch``: its
        context was made with ``has_touch``, so ``tap`` taps."""
        super().__init__(width, height)
        self._owned = page is None
        self._touch = touch
        if page is None:
            # One Playwright and one browser per process (Playwright's sync API allows one);
            # each session is a context of its own: an empty profile.
            size = {"width": width, "height": height}
            page = chromium_browser().new_context(viewport=size).new_page()
        self._page = page
        self._context = page.context
        self._errors: list[str] = []
        self._requests: list[str] = []
        self._context.on("request", lambda r: self._requests.append(r.url))
        self._page.on("console", self._console)
        self._page.on("pageerror", lambda e: self._errors.append(f"pageerror: {e}"))

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self._errors.append(f"console: {message.text} ({message.location.get('url')})")

    def goto(self, url: str) -> None:
        self._page.goto(url, wait_until="domcontentloaded", timeout=WAIT_S * 1000)

    def reload(self) -> None:
        self._page.reload(wait_until="domcontentloaded", timeout=WAIT_S * 1000)

    def _eval(self, expression: str) -> Any:
        return self._page.evaluate(expression)

    def move(self, x: float, y: float, steps: int = 1) -> None:
        self._page.mouse.move(x, y, steps=steps)

    def down(self) -> None:
        self._page.mouse.down()

    def up(self) -> None:
        self._page.mouse.up()

    def click_at(self, x: float, y: float) -> None:
        self._page.mouse.click(x, y)

    def tap(self, x: float, y: float) -> bool:
        if self._touch:
            self._page.touchscreen.tap(x, y)
        return self._touch

    def press(self, key: str) -> None:
        self._page.keyboard.press(key)

    def viewport(self, width: int, height: int) -> None:
        self._page.set_viewport_size({"width": width, "height": height})

    def screenshot(self, path: Path, selector: str | None = None) -> None:
        if selector:
            self._page.locator(selector).screenshot(path=str(path))
        else:
            self._page.screenshot(path=str(path))

    def _drain(self) -> tuple[list[str], list[str]]:
        out = (self._errors[:], self._requests[:])
        self._errors.clear()
        self._requests.clear()
        return out

    def close(self) -> None:
        if self._owned:
            self._context.close()


# --- Firefox: puppeteer-core over BiDi, in Node -----------------------------------------


class FirefoxDriver(Driver):
    name = "firefox"

    def __init__(self, width: int, height: int) -> None:
        super().__init__(width, height)
        self._process = subprocess.Popen(
            ["node", str(HERE / "firefox_bridge.mjs"), str(width), str(height)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "FIREFOX": FIREFOX},
        )
        self._id = 0
        first = self._read()
        if not first.get("ready"):
            raise RuntimeError(f"firefox_bridge.mjs did not start: {first}")

    def _read(self) -> dict[str, Any]:
        assert self._process.stdout is not None
        line = self._process.stdout.readline()
        if not line:
            raise RuntimeError("firefox_bridge.mjs ended (see its stderr above)")
        return dict(json.loads(line))

    def _call(self, op: str, **args: Any) -> Any:
        assert self._process.stdin is not None
        self._id += 1
        self._process.stdin.write(json.dumps({"id": self._id, "op": op, **args}) + "\n")
        self._process.stdin.flush()
        answer = self._read()
        assert answer.get("id") == self._id, answer
        if "error" in answer:
            raise RuntimeError(f"firefox {op}: {answer['error']}")
        return answer.get("value")

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def reload(self) -> None:
        self._call("reload")

    def _eval(self, expression: str) -> Any:
        return self._call("eval", expr=expression)

    def move(self, x: float, y: float, steps: int = 1) -> None:
        self._call("move", x=x, y=y, steps=steps)

    def down(self) -> None:
        self._call("down")

    def up(self) -> None:
        self._call("up")

    def click_at(self, x: float, y: float) -> None:
        self._call("click", x=x, y=y)

    def press(self, key: str) -> None:
        self._call("key", key=key)

    def viewport(self, width: int, height: int) -> None:
        self._call("viewport", width=width, height=height)

    def screenshot(self, path: Path, selector: str | None = None) -> None:
        self._call("screenshot", path=str(path), selector=selector)

    def _drain(self) -> tuple[list[str], list[str]]:
        found = self._call("drain")
        return list(found["errors"]), list(found["requests"])

    def close(self) -> None:
        try:
            assert self._process.stdin is not None
            self._process.stdin.write(json.dumps({"op": "close"}) + "\n")
            self._process.stdin.flush()
            self._process.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            self._process.kill()
            self._process.wait()


# --- WebKit: WebKitWebDriver + MiniBrowser, through selenium ----------------------------

# WebDriver key names for Playwright's.
SELENIUM_KEYS = {
    "Enter": "ENTER",
    "Escape": "ESCAPE",
    "ArrowLeft": "ARROW_LEFT",
    "ArrowRight": "ARROW_RIGHT",
    "ArrowUp": "ARROW_UP",
    "ArrowDown": "ARROW_DOWN",
    "Tab": "TAB",
    "Control": "CONTROL",
    "Shift": "SHIFT",
}

# What the test build's recorder (conftest.RECORDER) has kept in this page, then emptied.
TAKE_RECORDED = """() => {
    const r = window.__engineTest;
    if (!r) return null;
    const out = {errors: r.errors.splice(0), requests: r.requests.splice(0)};
    return out;
}"""


class WebKitDriver(Driver):
    name = "webkit"

    def __init__(self, width: int, height: int) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        super().__init__(width, height)
        options = Options()
        options.binary_location = minibrowser()
        options.add_argument("--automation")
        self._driver = webdriver.WebKitGTK(
            options=options, service=Service(executable_path=WEBKIT_DRIVER)
        )
        self._driver.set_script_timeout(WAIT_S)
        self._driver.set_page_load_timeout(WAIT_S)
        self.viewport(width, height)

    def _harvest(self) -> None:
        try:
            found = self._driver.execute_script("return (" + TAKE_RECORDED + ")()")
        except Exception:  # a page with no scripting yet: nothing kept
            return
        if found:
            self.errors += found["errors"]
            self.requests += found["requests"]

    def goto(self, url: str) -> None:
        self._harvest()
        self._driver.get(url)

    def reload(self) -> None:
        self._harvest()
        self._driver.refresh()

    def _eval(self, expression: str) -> Any:
        return self._driver.execute_script(f"return await {expression};")

    def _actions(self) -> Any:
        from selenium.webdriver.common.action_chains import ActionChains

        return ActionChains(self._driver, duration=0)

    def move(self, x: float, y: float, steps: int = 1) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        builder = ActionBuilder(self._driver, duration=max(1, 50 * steps))
        builder.pointer_action.move_to_location(round(x), round(y))
        builder.perform()

    def down(self) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        builder = ActionBuilder(self._driver)
        builder.pointer_action.pointer_down()
        builder.perform()

    def up(self) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        builder = ActionBuilder(self._driver)
        builder.pointer_action.pointer_up()
        builder.perform()

    def click_at(self, x: float, y: float) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        builder = ActionBuilder(self._driver, duration=0)
        builder.pointer_action.move_to_location(round(x), round(y))
        builder.pointer_action.pointer_down()
        builder.pointer_action.pointer_up()
        builder.perform()

    def press(self, key: str) -> None:
        from selenium.webdriver.common.keys import Keys

        names = key.split("+")
        codes = [getattr(Keys, SELENIUM_KEYS[n]) if n in SELENIUM_KEYS else n for n in names]
        chain = self._actions()
        for code in codes[:-1]:
            chain = chain.key_down(code)
        chain = chain.send_keys(codes[-1])
        for code in reversed(codes[:-1]):
            chain = chain.key_up(code)
        chain.perform()

    def viewport(self, width: int, height: int) -> None:
        # WebDriver sizes the window: take off what is not the page. A window kept larger
        # than asked (MiniBrowser's has a minimum width) is not asked for less again: a
        # width below zero is refused.
        self._driver.set_window_size(width, height)
        inner = self._driver.execute_script("return [innerWidth, innerHeight]")
        self._driver.set_window_size(
            max(width, 2 * width - inner[0]), max(height, 2 * height - inner[1])
        )

    def screenshot(self, path: Path, selector: str | None = None) -> None:
        if selector:
            from selenium.webdriver.common.by import By

            self._driver.find_element(By.CSS_SELECTOR, selector).screenshot(str(path))
        else:
            self._driver.save_screenshot(str(path))

    def _drain(self) -> tuple[list[str], list[str]]:
        self._harvest()
        out = (self.errors[:], self.requests[:])
        self.errors.clear()
        self.requests.clear()
        return out

    def close(self) -> None:
        self._driver.quit()


DRIVERS: dict[str, type[Driver]] = {
    "chromium": ChromiumDriver,
    "firefox": FirefoxDriver,
    "webkit": WebKitDriver,
}
ENGINES = tuple(DRIVERS)
