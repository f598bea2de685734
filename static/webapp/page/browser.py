"""The few things of the browser the layer needs from Python, in one place: lasting and
one-shot JavaScript functions for Python ones, and when a task runs (after the next
paint, when idle, after a quiet spell).

PyScript offers the same (``pyscript.ffi``, ``pyscript.when``), but importing its
``pyscript`` package is a measurable share of the boot (docs/architecture.md, "Boot"),
so these come straight from Pyodide's ``pyodide.ffi`` and ``js``; they are imported
when the page starts, never at module import (the build's Python snapshot holds the
imports, and may hold no JavaScript object).
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from scorpion.dailyrecord import local_date
from webapp.page.chrome import Chrome
from webapp.page.timing import IDLE_MS, SAVE_MS, Task, Timing

if TYPE_CHECKING:
    from webapp.page.board import PageBoard


def _console(where: str, details: str) -> None:
    print(f"scorpion: unexpected error in {where}:\n{details}")


@dataclass(frozen=True)
class Page:
    """The page and the two ways of handing Python functions to it; ``report`` says an
    unexpected exception in a callback the browser runs later (``Chrome.report``)."""

    document: Any
    window: Any
    proxy: Callable[[Callable[..., Any]], Any]  # lasting (listeners)
    once: Callable[[Callable[..., Any]], Any]  # freed after its one call
    to_js: Callable[..., Any]
    object_from_entries: Any
    report: Callable[[str, str], None] = _console

    def guarded(self, where: str, fn: Callable[..., None]) -> Callable[..., None]:
        """``fn`` for a timer or a promise: an exception is reported, never lost."""

        def run(*args: Any) -> None:
            try:
                fn(*args)
            except Exception:  # a callback's boundary: reported, the page goes on
                self.report(where, traceback.format_exc())

        return run

    def options(self, values: dict[str, Any]) -> Any:
        """A plain JavaScript object (``{timeout: 500}``), not a Map."""
        return self.to_js(values, dict_converter=self.object_from_entries)

    def download(self, text: str, name: str, kind: str, parent: Any) -> None:
        """``text`` as a file named ``name`` that the browser downloads: a Blob and a
        link to it, clicked inside ``parent`` (an element or its id: in an open modal
        dialog the rest of the page is inert)."""
        window = self.window
        if isinstance(parent, str):
            parent = self.document.getElementById(parent)
        blob = window.Blob.new(self.to_js([text]), self.options({"type": kind}))
        url = window.URL.createObjectURL(blob)
        link = self.document.createElement("a")
        link.href = url
        link.download = name
        link.hidden = True
        parent.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(self.once(lambda: window.URL.revokeObjectURL(url)), 60_000)

    def utc_offset(self) -> int:
        """Minutes from local time to UTC now (``Date.getTimezoneOffset``)."""
        return int(self.window.Date.new().getTimezoneOffset())

    def now_ms(self) -> int:
        """The wall clock, in ms since 1970 (``Date.now``)."""
        return int(self.window.Date.now())

    def today(self) -> date:
        """The local date."""
        now = self.window.Date.new()
        return local_date(now.getFullYear(), now.getMonth(), now.getDate())

    def date_text(self, when: date, lang: str, /, **style: str) -> str:
        """``when`` as the browser writes it in ``lang`` (``Intl``: ``month="long"`` ...)."""
        shown = self.window.Date.new(when.year, when.month - 1, when.day)
        return str(shown.toLocaleDateString(lang, self.options(style)))

    def time_text(self, ms: int, lang: str) -> str:
        """A moment (ms since 1970) as the browser writes a local date and time in ``lang``."""
        # A float: an int beyond 2**53 would cross as a BigInt, which Date refuses.
        return str(self.window.Date.new(float(ms)).toLocaleString(lang))

    def reduced_motion(self) -> bool:
        """The system asks for reduced motion."""
        return bool(self.window.matchMedia("(prefers-reduced-motion: reduce)").matches)

    def address(self) -> str:
        """The page's address without its query or fragment."""
        location = self.window.location
        return str(location.origin) + str(location.pathname)

    def later(self, ms: float, fn: Callable[[], None]) -> None:
        """Run ``fn`` once, ``ms`` milliseconds from now (guarded)."""
        self.window.setTimeout(self.once(self.guarded("a timer", fn)), ms)

    def every(self, ms: float, fn: Callable[[], None]) -> Any:
        """Run ``fn`` every ``ms`` milliseconds until ``stop(handle)``; the handle."""
        proxy = self.proxy(fn)
        return (self.window.setInterval(proxy, ms), proxy)

    def stop(self, handle: Any) -> None:
        interval, proxy = handle
        self.window.clearInterval(interval)
        proxy.destroy()

    def fetch_text(
        self, url: str, arrived: Callable[[str], None], failed: Callable[[Any], None]
    ) -> None:
        """GET ``url``: its text to ``arrived``, or why not to ``failed`` (guarded, once)."""
        once, guard = self.once, self.guarded

        def got(response: Any) -> None:
            if not response.ok:
                failed(f"HTTP {response.status}")
                return
            text = response.text()
            text.then(once(guard(url, lambda body: arrived(str(body)))), once(guard(url, failed)))

        try:
            self.window.fetch(url).then(once(guard(url, got)), once(guard(url, failed)))
        except Exception as error:  # no fetch at all: as a failed one
            failed(repr(error))

    def copy_text(self, text: str, copied: Callable[[], None], refused: Callable[[], None]) -> None:
        """Put ``text`` on the clipboard; ``refused`` where the browser will not."""
        clipboard = getattr(self.window.navigator, "clipboard", None)
        if not clipboard:
            refused()
            return
        clipboard.writeText(text).then(
            self.once(self.guarded("a promise", lambda _r: copied())),
            self.once(self.guarded("a promise", lambda _e: refused())),
        )

    def persistence(self, ask: bool, answer: Callable[[bool], None]) -> bool:
        """Whether the browser keeps this site's storage for good: ``ask`` for it (or only
        query), the answer to ``answer`` later. False when the browser has no such thing."""
        manager = getattr(self.window.navigator, "storage", None)
        if not manager or not getattr(manager, "persist", None):
            return False
        promise = manager.persist() if ask else manager.persisted()
        promise.then(
            self.once(self.guarded("a promise", lambda granted: answer(bool(granted)))),
            self.once(self.guarded("a promise", lambda _e: None)),
        )
        return True

    def read_chosen_file(
        self, input_id: str, arrived: Callable[[str], None], failed: Callable[[Any], None]
    ) -> bool:
        """The text of the file chosen in ``<input type=file id=input_id>`` to ``arrived``
        (False: none chosen); the input is emptied, so the same file can be chosen again."""
        chooser = self.document.getElementById(input_id)
        files = chooser.files
        if not files or int(files.length) == 0:
            return False
        file = files.item(0)
        chooser.value = ""
        file.text().then(
            self.once(self.guarded("a promise", lambda text: arrived(str(text)))),
            self.once(self.guarded("a promise", failed)),
        )
        return True

    def reload(self) -> None:
        self.window.location.reload()

    def mark(self, name: str) -> None:
        """A performance mark (``bench/`` reads them)."""
        self.window.performance.mark(name)

    # --- what the page opens with (boot/) ----------------------------------------------------

    def local_storage(self) -> Any:
        """``window.localStorage``, or None where the browser blocks it."""
        return local_storage(self.window)

    def pathname(self) -> str:
        return str(self.window.location.pathname)

    def search(self) -> str:
        return str(self.window.location.search)

    def languages(self) -> list[str]:
        """The browser's languages, most wanted first."""
        return [str(tag) for tag in (self.window.navigator.languages or [])]

    def clean_address(self, search: str) -> None:
        """Put ``search`` in the address in place of the query, without a reload (nor a
        step in the history): a reload then resumes instead of asking again."""
        location = self.window.location
        if search != str(location.search):
            path = str(location.pathname) + search + str(location.hash)
            self.window.history.replaceState(None, "", path)

    def painted(self) -> list[Any] | None:
        """The cards ``index.html`` painted before Python (``window.scorpionPainted``,
        checked there), handed over once: only the first board can be that one."""
        painted = getattr(self.window, "scorpionPainted", None)
        if not painted:
            return None
        self.window.scorpionPainted = None
        cards = painted.to_py()
        return cards if isinstance(cards, list) else None

    def hidden(self) -> bool:
        """The page is hidden (``visibilityState``: the last a phone may tell)."""
        return str(self.document.visibilityState) == "hidden"

    def perf_now(self) -> float:
        return float(self.window.performance.now())

    def after_frame(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` in the next frame callback (before it is painted)."""
        self.window.requestAnimationFrame(self.once(lambda _t: fn()))

    # --- a new version waiting (panels/updates.py) -------------------------------------------

    def update_waiting(self) -> bool:
        """A new version is downloaded and waits (index.html's ``window.scorpionUpdate``)."""
        hook: Any = getattr(self.window, "scorpionUpdate", None)
        return bool(hook and hook.waiting)

    def accept_update(self) -> None:
        """The waiting version takes over; every page it then controls reloads into it."""
        hook: Any = getattr(self.window, "scorpionUpdate", None)
        if hook and hook.waiting:
            hook.accept()

    # --- an imported file, within a size (panels/saved_data.py) -------------------------------

    def read_chosen_file_within(
        self,
        input_id: str,
        limit: int,
        arrived: Callable[[str], None],
        failed: Callable[[Any], None],
    ) -> bool:
        """As ``read_chosen_file``, but a file of more than ``limit`` bytes is not read:
        ``failed`` says so at once."""
        chooser = self.document.getElementById(input_id)
        files = chooser.files
        if not files or int(files.length) == 0:
            return False
        file = files.item(0)
        chooser.value = ""  # choosing the same file again is a new choice
        if int(file.size) > limit:
            failed(f"{int(file.size)} bytes")
            return True
        file.text().then(
            self.once(self.guarded("a promise", lambda text: arrived(str(text)))),
            self.once(self.guarded("a promise", failed)),
        )
        return True


def browser_ports() -> tuple[Page, Chrome, PageBoard]:
    """The page's ports over the real browser: every unexpected exception a callback
    raises is reported through the chrome's notice bar."""
    from js import Object, document, window
    from pyodide.ffi import create_once_callable, create_proxy, to_js

    from webapp.page.board import PageBoard

    chrome = Chrome(document, create_proxy)
    page = Page(
        document, window, create_proxy, create_once_callable, to_js, Object.fromEntries,
        chrome.report,
    )  # fmt: skip
    chrome.bind_notice(lambda details: page.copy_text(details, lambda: None, lambda: None))
    return page, chrome, PageBoard(document)


def local_storage(window: Any) -> Any:
    try:
        return window.localStorage
    except Exception:  # storage blocked by the browser's settings
        return None


def browser_timing(page: Page) -> Timing:
    """The page's ``Timing``: ``requestAnimationFrame``, ``requestIdleCallback`` and
    ``setTimeout``."""
    window, once = page.window, page.once

    def after_paint(fn: Task) -> None:
        """Once the next frame is painted: a frame callback, then a task."""
        later = once(lambda: fn())
        window.requestAnimationFrame(once(lambda _t: window.setTimeout(later, 0)))

    def when_idle(fn: Task) -> None:
        """When the page has nothing else to do (at most SAVE_MS later)."""
        later = once(lambda *_deadline: fn())
        if hasattr(window, "requestIdleCallback"):
            window.requestIdleCallback(later, page.options({"timeout": SAVE_MS}))
        else:
            window.setTimeout(later, 50)

    def soon(fn: Task) -> None:
        window.setTimeout(once(lambda: fn()), 0)

    return Timing(after_paint, when_idle, Quiet(window, once, IDLE_MS).run, soon)


class Quiet:
    """Run a function once nothing has asked for it for ``delay`` ms: each call pushes
    the deadline back (one timer at a time, re-armed when it fires too early)."""

    def __init__(self, window: Any, once: Any, delay: float) -> None:
        self.window = window
        self.once = once
        self.delay = delay
        self.deadline = 0.0
        self.armed = False
        self.fn: Any = None

    def run(self, fn: Any) -> None:
        self.fn = fn
        self.deadline = float(self.window.performance.now()) + self.delay
        if not self.armed:
            self.armed = True
            self.window.setTimeout(self.once(self._fire), self.delay)

    def _fire(self) -> None:
        left = self.deadline - float(self.window.performance.now())
        if left > 1:
            self.window.setTimeout(self.once(self._fire), left)
            return
        self.armed = False
        fn, self.fn = self.fn, None
        if fn is not None:
            fn()
