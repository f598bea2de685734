"""The game's modules imported a few at a time, the page's thread given back between steps.

Importing the game where Python was not restored from its snapshot (a first visit over a
slow link) runs the body of some 200 modules: in one piece, a task of a second on a phone,
during which the page answers nothing (Lighthouse's Total Blocking Time counts all of it).
The build records the order in which importing ``webapp.main`` finishes loading each module
(``IMPORT_ORDER``, written by ``tools/precompile.mjs``): importing them in that order, each
finds what it imports already loaded, so a step is about one module's own body; after each
``budget`` seconds the page gets its thread back (``pause``: ``asyncio.sleep(0)``, which
Pyodide's event loop runs as a task of its own). Where the file is missing (not a built
site) or Python was restored (all imported already), this imports ``last`` only.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

IMPORT_ORDER = "import_order.json"  # in app.zip beside the webapp package's modules
# A step's share of the thread: under the 50 ms of a long task on a CPU four times slower
# (a mid-range phone; Lighthouse's mobile preset simulates one so). A step is at least one
# module's body, which may take longer.
BUDGET_S = 0.01


def import_order() -> list[str]:
    """The modules importing ``webapp.main`` loads, in the order they finished loading, as
    the build recorded them; [] where there is no record."""
    try:
        loader: Any = globals()["__loader__"]  # zipimport's, in the page: it is in app.zip
        data = loader.get_data(str(Path(__file__).parent.parent / IMPORT_ORDER))
        names = json.loads(data)
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return []
    return [name for name in names if isinstance(name, str)] if isinstance(names, list) else []


async def import_in_steps(
    last: str,
    names: list[str] | None = None,
    budget: float = BUDGET_S,
    pause: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    clock: Callable[[], float] = time.perf_counter,
) -> None:
    """Import ``names`` (default: ``import_order()``), then ``last``, giving the thread back
    (``pause(0)``) whenever ``budget`` seconds have gone since it last did."""
    if last in sys.modules:  # restored from the snapshot: imported already
        return
    started = clock()
    for name in [*(import_order() if names is None else names), last]:
        if name in sys.modules:
            continue
        importlib.import_module(name)
        if clock() - started >= budget:
            await pause(0)
            started = clock()
