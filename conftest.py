"""Doctests of the browser layer (``static/webapp``) under plain pytest: no module of it
needs the browser's ``js`` at import (the page's ports import it at first use). (Here,
not under ``static/``: the site build ships that folder.)"""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
# The browser layer's tests and doctests: `make unit` runs them under coverage.py and the
# rest without it (on CPython 3.11 its tracer triples the solver's time, and no other test
# reaches static/webapp).
BROWSER_LAYER = (ROOT / "tests" / "webapp", ROOT / "static" / "webapp")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "browser_layer: a test of static/webapp (set by path, not by hand)"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if any(item.path.is_relative_to(folder) for folder in BROWSER_LAYER):
            item.add_marker(pytest.mark.browser_layer)
