"""When a task runs: after the next paint, when the page is idle, after a quiet spell,
or soon. ``Timing`` is the port (tests pass one that runs tasks at once, or keeps them);
``browser_timing`` makes the page's own from ``requestAnimationFrame``, ``setTimeout``
and ``requestIdleCallback``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from webapp.page.browser import Page

IDLE_MS = 1500.0  # no action for this long: the player is looking, not playing
SAVE_MS = 500  # an action is saved within this time, even on a busy page

Task = Callable[[], None]


@dataclass(frozen=True)
class Timing:
    """How the page runs a task later: ``defer`` once the next frame is painted,
    ``background`` when the page is idle, ``idle`` once no action has come for a while
    (each call pushes it back), ``soon`` after what is waiting (a new task)."""

    defer: Callable[[Task], None]
    background: Callable[[Task], None]
    idle: Callable[[Task], None]
    soon: Callable[[Task], None]


def browser_timing(page: Page) -> Timing:
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
