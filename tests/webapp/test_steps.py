"""webapp/boot/steps.py: the game imported a few modules at a time, the thread given back
between steps."""

from __future__ import annotations

import sys
from collections.abc import Coroutine, Iterator
from typing import Any

import pytest
from webapp.boot import steps


@pytest.fixture
def fresh() -> Iterator[list[str]]:
    """Two stdlib modules, out of sys.modules for the test (put back after)."""
    names = ["colorsys", "this"]
    kept = {name: sys.modules.pop(name) for name in names if name in sys.modules}
    yield names
    for name in names:
        sys.modules.pop(name, None)
    sys.modules.update(kept)


def drive(coroutine: Coroutine[Any, Any, None]) -> None:
    """Run a coroutine whose pauses are recorded, not slept, to its end: no event loop, so
    the test runs the same under Pyodide in Node (which has none that can be re-entered)."""
    try:
        coroutine.send(None)
    except StopIteration:
        return
    coroutine.close()
    raise AssertionError("the steps waited on something other than their pause")


def run(names: list[str], last: str, budget: float, ticks: list[float]) -> list[float]:
    pauses: list[float] = []

    async def pause(seconds: float) -> None:
        pauses.append(seconds)

    clock = iter(ticks)
    drive(steps.import_in_steps(last, names, budget, pause, lambda: next(clock, ticks[-1])))
    return pauses


def test_imports_each_module_then_the_last(fresh: list[str]) -> None:
    run(fresh[:1], fresh[1], budget=10.0, ticks=[0.0])
    assert set(fresh) <= set(sys.modules)


def test_gives_the_thread_back_once_the_budget_is_spent(fresh: list[str]) -> None:
    # started 0; after colorsys 0.05 (over 0.03: pause, restart at 0.05); after this 0.06
    pauses = run(fresh[:1], fresh[1], budget=0.03, ticks=[0.0, 0.05, 0.05, 0.06])
    assert pauses == [0]


def test_nothing_to_do_when_the_game_is_imported_already() -> None:
    assert "json" in sys.modules or __import__("json")
    assert run(["no.such.module"], "json", budget=0.0, ticks=[0.0]) == []


def test_outside_a_built_site_there_is_no_recorded_order() -> None:
    assert steps.import_order() == []  # no import_order.json beside the sources
