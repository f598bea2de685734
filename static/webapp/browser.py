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
from typing import Any

from .keeper import Task, Timing

IDLE_MS = 1500.0  # no action for this long: the player is looking, not playing
SAVE_MS = 500  # an action is saved within this time, even on a busy page


@dataclass(frozen=True)
class Page:
    """The page and the two ways of handing Python functions to it."""

    document: Any
    window: Any
    proxy: Callable[[Callable[..., Any]], Any]  # lasting (listeners)
    once: Callable[[Callable[..., Any]], Any]  # freed after its one call
    to_js: Callable[..., Any]
    object_from_entries: Any

    def options(self, values: dict[str, Any]) -> Any:
        """A plain JavaScript object (``{timeout: 500}``), not a Map."""
        return self.to_js(values, dict_converter=self.object_from_entries)

    def download(self, text: str, name: str, kind: str, parent: Any) -> None:
        """``text`` as a file named ``name`` that the browser downloads: a Blob and a
        link to it, clicked inside ``parent`` (in an open modal dialog the rest of the
        page is inert)."""
        window = self.window
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
        return int(self.window.Date.now())


def page() -> Page:
    from js import Object, document, window
    from pyodide.ffi import create_once_callable, create_proxy, to_js

    return Page(document, window, create_proxy, create_once_callable, to_js, Object.fromEntries)


def timing(page: Page) -> Timing:
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


def local_storage(window: Any) -> Any:
    try:
        return window.localStorage
    except Exception:  # storage blocked by the browser's settings
        return None


def say_status(status: Any, text: str, busy: bool) -> None:
    """A dialog's live status line: its text, and ``aria-busy`` while work goes on."""
    status.textContent = text
    if busy:
        status.setAttribute("aria-busy", "true")
    else:
        status.removeAttribute("aria-busy")


def guarded(handler: Callable[[Any], None]) -> Callable[[Any], None]:
    """``handler`` for an event or a promise: an error is logged, never shown."""

    def run(arg: Any = None) -> None:
        try:
            handler(arg)
        except Exception:  # the event boundary: log it, never show a traceback
            print("scorpion: error in a dialog:\n" + traceback.format_exc())

    return run


def fetch_text(
    window: Any,
    once: Callable[[Callable[..., Any]], Any],
    url: str,
    arrived: Callable[[str], None],
    failed: Callable[[Any], None],
) -> None:
    """GET ``url`` and hand its text to ``arrived``; ``failed`` gets why not (an HTTP
    status, a network error, no fetch at all). Both run guarded, once. The service worker
    answers from its cache when offline."""

    def got(response: Any) -> None:
        if not response.ok:
            failed(f"HTTP {response.status}")
            return
        text = response.text()
        text.then(once(guarded(lambda body: arrived(str(body)))), once(guarded(failed)))

    try:
        window.fetch(url).then(once(guarded(got)), once(guarded(failed)))
    except Exception as error:  # no fetch at all: as a failed one
        failed(repr(error))
