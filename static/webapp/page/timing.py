"""When a task runs: after the next paint, when the page is idle, after a quiet spell,
or soon. ``Timing`` is the port (tests pass one that runs tasks at once, or keeps them);
``webapp.page.browser.browser_timing`` makes the page's own."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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
