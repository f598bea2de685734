"""The browser layer's rooms import one way: a module imports from its own room or from
rooms before it (``webapp/__init__.py`` lists them), never from a later one; only the
``page`` room touches ``js`` or ``pyodide``, and only its three modules that hold the page
write it.
Imports made for type checking count too: a type names a dependency as much as a call."""

from __future__ import annotations

import ast
import re
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
    if room_of(name_of(path)) == "page":
        return
    browser = [m for m in imports(path) if m.split(".")[0] in BROWSER]
    assert not browser, f"{name_of(path)} imports {browser}: go through webapp.page"


def test_the_check_sees_an_import_back_up() -> None:
    """The test above would catch a planted upward import."""
    planted = "from webapp.panels.dialogs import Dialogs\n"
    tree_module = "webapp.table.render"
    found = [n.module for n in ast.walk(ast.parse(planted)) if isinstance(n, ast.ImportFrom)]
    assert ROOMS.index(room_of(found[0] or "")) > ROOMS.index(room_of(tree_module))


PAGE_WRITES = re.compile(
    r"\b(document|window)\.|\.(textContent|innerHTML|setAttribute|removeAttribute|classList|"
    r"appendChild|showModal|addEventListener)\b"
)


@pytest.mark.parametrize("path", modules(), ids=lambda p: name_of(p))
def test_the_page_is_written_by_the_page_room_alone(path: Path) -> None:
    """Every module outside ``page`` produces views or intents, and writes through the
    ports: no ``document``/``window``, no element's text, attributes or listeners."""
    if room_of(name_of(path)) == "page":
        return
    code = "\n".join(
        line for line in path.read_text(encoding="utf-8").splitlines()
        if not line.lstrip().startswith("#")
    )  # fmt: skip
    found = sorted({m.group(0) for m in PAGE_WRITES.finditer(_without_strings(code))})
    assert not found, f"{name_of(path)} touches the page: {found}"


def test_three_modules_hold_the_page() -> None:
    page = sorted(p.name for p in (WEBAPP / "page").glob("*.py") if PAGE_WRITES.search(
        _without_strings(p.read_text(encoding="utf-8"))
    ))  # fmt: skip
    assert page == ["board.py", "browser.py", "chrome.py"], page


def _without_strings(code: str) -> str:
    """The code with its docstrings and string literals blanked (prose may name them)."""
    import io
    import tokenize

    tokens = [
        token._replace(string='""') if token.type == tokenize.STRING else token
        for token in tokenize.generate_tokens(io.StringIO(code).readline)
    ]
    return str(tokenize.untokenize(tokens))
