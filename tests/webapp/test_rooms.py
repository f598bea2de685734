"""The browser layer's rooms import one way: a module imports from its own room or from
rooms before it (``webapp/__init__.py`` lists them), never from a later one; only the
``page`` room (and ``main``, which builds the page's ports) touches ``js`` or ``pyodide``.
Imports made for type checking count too: a type names a dependency as much as a call."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

WEBAPP = Path(__file__).resolve().parents[2] / "static" / "webapp"
ROOMS = ("", "table", "page", "play", "panels", "boot", "main")  # "": the top level
BROWSER = ("js", "pyodide", "pyscript", "scorpion_dom")


def room_of(module: str) -> str:
    """``webapp.play.controller`` -> ``play``; ``webapp.main`` -> ``main``;
    ``webapp.translated`` -> the top level."""
    parts = module.split(".")
    if parts[1:2] == ["main"]:
        return "main"
    return parts[1] if len(parts) > 2 else ""


def modules() -> list[Path]:
    return sorted(p for p in WEBAPP.rglob("*.py") if p.name != "__init__.py")


def name_of(path: Path) -> str:
    return "webapp." + ".".join(path.relative_to(WEBAPP).with_suffix("").parts)


def imports(path: Path) -> list[str]:
    """Every module ``path`` imports (absolute; ``from webapp.table import render`` counts
    as ``webapp.table.render``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            assert node.level == 0, f"{path.name}: relative import (use webapp.ROOM.MODULE)"
            found.append(node.module)
            if node.module in {"webapp", *(f"webapp.{room}" for room in ROOMS if room)}:
                found += [f"{node.module}.{alias.name}" for alias in node.names]
    return found


def test_every_module_lives_in_a_known_room_and_the_top_level_stays_small() -> None:
    top = [p.name for p in WEBAPP.glob("*.py")]
    assert len(top) <= 10, top
    for path in modules():
        assert room_of(name_of(path)) in ROOMS, path


@pytest.mark.parametrize("path", modules(), ids=lambda p: name_of(p))
def test_imports_go_only_to_the_same_room_or_an_earlier_one(path: Path) -> None:
    mine = ROOMS.index(room_of(name_of(path)))
    for module in imports(path):
        if module.startswith("webapp."):
            theirs = room_of(module)
            assert ROOMS.index(theirs) <= mine, f"{name_of(path)} imports {module}, a later room"


@pytest.mark.parametrize("path", modules(), ids=lambda p: name_of(p))
def test_only_the_page_room_touches_the_browser(path: Path) -> None:
    if room_of(name_of(path)) in ("page", "main"):
        return
    browser = [m for m in imports(path) if m.split(".")[0] in BROWSER]
    assert not browser, f"{name_of(path)} imports {browser}: go through webapp.page"


def test_the_check_sees_an_import_back_up() -> None:
    """The test above would catch a planted upward import."""
    planted = "from webapp.panels.dialogs import Dialogs\n"
    tree_module = "webapp.table.render"
    found = [n.module for n in ast.walk(ast.parse(planted)) if isinstance(n, ast.ImportFrom)]
    assert ROOMS.index(room_of(found[0] or "")) > ROOMS.index(room_of(tree_module))
