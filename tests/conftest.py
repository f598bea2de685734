"""Shared setup for the unit tests, which run twice: under CPython (``make unit``) and under
CPython-in-WebAssembly in Node (``make wasm``, ``tests/pyodide/run.mjs``).

- The gettext catalogs are compiled (``i18n/<lang>/LC_MESSAGES/*.po`` to ``.mo`` beside them,
  when missing or stale) before any test runs. Babel is not there under Pyodide: there the
  ``.mo`` files must already exist (``make wasm`` compiles them first).
- ``@pytest.mark.cpython_only``: for tests that cannot run under Pyodide (subprocesses,
  threads, Babel, the network...). They are skipped when ``sys.platform == "emscripten"``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
IN_PYODIDE = sys.platform == "emscripten"


def _compile_catalogs() -> None:
    if importlib.util.find_spec("babel") is None:
        return  # no Babel here: the catalogs must have been compiled beforehand
    spec = importlib.util.spec_from_file_location(
        "_scorpion_compile_catalogs", ROOT / "tools" / "compile_catalogs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.compile_in_place(ROOT / "i18n")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "cpython_only: cannot run under Pyodide (subprocesses, threads, Babel...); "
        "skipped when sys.platform is emscripten",
    )
    if not IN_PYODIDE:
        _compile_catalogs()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not IN_PYODIDE:
        return
    skip = pytest.mark.skip(reason="cpython_only: not run under Pyodide")
    for item in items:
        if item.get_closest_marker("cpython_only"):
            item.add_marker(skip)
