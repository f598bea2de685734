"""The standard-library modules the site leaves out (tools/build_site.py, STDLIB_LEFT_OUT)
are never imported by what the page runs.

Follows every import statement, at any depth (inside functions too), from our packages,
PyScript's `pyscript` package and Pyodide's own (`pyodide`, `_pyodide`) through the sources
of Pyodide's python_stdlib.zip as npm ships it. Statically, so it over-approximates: it also
follows imports on paths the page never takes. The few of those that reach a left-out
module are listed in ALLOWED, each with why the page cannot get there.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import re
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
PYSCRIPT = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript"
OURS = (ROOT / "scorpion", ROOT / "static" / "webapp")
# What the page runs: ours, PyScript's package, Pyodide's own.
ROOTS = {"scorpion", "webapp", "pyscript", "pyodide", "_pyodide"}

pytestmark = [
    pytest.mark.cpython_only,  # a check of the build, which runs on CPython
    pytest.mark.skipif(not STDLIB.is_file(), reason="node_modules/ is missing (make deps)"),
]

# (importer, imported): reached by the walk, never by the page.
ALLOWED = {
    ("heapq", "doctest"): "only under `if __name__ == '__main__'`",
    ("urllib.request", "ftplib"): "only for ftp:// URLs; the page opens no URL from Python",
    ("concurrent.futures.process", "multiprocessing"): "ProcessPoolExecutor: no processes here",
    ("site", "_pyrepl"): "the interactive prompt's readline set-up: the page runs no prompt",
    ("_sitebuiltins", "pydoc"): "the help() builtin, when called: nothing here calls it",
}

Sources = dict[str, tuple[bytes, bool]]  # module name -> (source, is a package)


@functools.cache
def build_site() -> ModuleType:
    """tools/build_site.py (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def module_name(path: str) -> tuple[str, bool]:
    name = path.removesuffix(".py").replace("/", ".")
    return (name.removesuffix(".__init__"), True) if name.endswith(".__init__") else (name, False)


@functools.cache
def sources() -> Sources:
    found: Sources = {}
    with zipfile.ZipFile(STDLIB) as archive:
        for path in archive.namelist():
            if path.endswith(".py"):
                found[module_name(path)[0]] = (archive.read(path), path.endswith("__init__.py"))
    for folder in (*OURS, PYSCRIPT):
        for file in folder.rglob("*.py"):
            name, package = module_name(file.relative_to(folder.parent).as_posix())
            found[name] = (file.read_bytes(), package)
    return found


# An import statement, read line by line: for the few 3.14 sources this CPython's ast cannot
# parse (new syntax); a parenthesized name list is read up to its first line's end.
IMPORT_LINE = re.compile(
    r"^[ \t]*(?:from[ \t]+(?P<base>\.*[\w.]*)[ \t]+import[ \t]+\(?(?P<names>[\w \t,*]*)"
    r"|import[ \t]+(?P<modules>[\w \t,.]+))",
    re.MULTILINE,
)


def statements(source: bytes) -> Iterator[tuple[str | None, int, list[str]]]:
    """(module or None, level, names) of each import statement: ``import a, b`` gives
    (None, 0, [a, b]); ``from ..a import b`` gives (a, 2, [b])."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        for match in IMPORT_LINE.finditer(source.decode()):
            if match["modules"] is not None:
                yield None, 0, [m.split(" as ")[0].strip() for m in match["modules"].split(",")]
            else:
                base = match["base"]
                level = len(base) - len(base.lstrip("."))
                names = [n.split(" as ")[0].strip() for n in match["names"].split(",")]
                yield base.lstrip(".") or None, level, [n for n in names if n]
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield None, 0, [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            yield node.module, node.level, [alias.name for alias in node.names]


def imported(name: str, source: bytes, package: bool) -> Iterator[str]:
    """Every module name an import statement in ``source`` names (``from a import b`` gives
    ``a`` and ``a.b``: b may be a submodule)."""
    for module, level, names in statements(source):
        if module is None and level == 0:
            yield from names
            continue
        base = module or ""
        if level:
            parts = name.split(".") if package else name.split(".")[:-1]
            anchor = parts[: len(parts) - level + 1]
            base = ".".join([*anchor, base] if base else anchor)
        yield base
        yield from (f"{base}.{n}" for n in names)


@functools.cache
def reached_left_out(left_out: frozenset[str]) -> dict[tuple[str, str], list[str]]:
    """(importer, left-out module) -> the import chain from one of our roots, for every
    import of a left-out module the walk reaches."""
    found = sources()
    roots = [name for name in found if name.split(".")[0] in ROOTS]
    via: dict[str, str | None] = dict.fromkeys(roots)
    queue = list(roots)
    hits: dict[tuple[str, str], list[str]] = {}
    while queue:
        name = queue.pop()
        for target in imported(name, *found[name]):
            if target.split(".")[0] in left_out:
                chain, step = [name], via[name]
                while step is not None:
                    chain.append(step)
                    step = via[step]
                hits.setdefault((name, target.split(".")[0]), chain)
                continue
            parts = target.split(".")
            for end in range(1, len(parts) + 1):  # a.b.c imports a and a.b first
                module = ".".join(parts[:end])
                if module in found and module not in via:
                    via[module] = name
                    queue.append(module)
    return hits


def test_the_page_reaches_no_left_out_module() -> None:
    hits = reached_left_out(build_site().STDLIB_LEFT_OUT)
    unexplained = {edge: " <- ".join(chain) for edge, chain in hits.items() if edge not in ALLOWED}
    assert unexplained == {}


def test_every_allowed_import_is_still_there() -> None:
    """ALLOWED lists no import that has gone (a newer Pyodide): it would hide a new one."""
    assert set(reached_left_out(build_site().STDLIB_LEFT_OUT)) == set(ALLOWED)


def test_the_walk_finds_a_left_out_import() -> None:
    """The walk itself works: leaving out a module our code imports is caught."""
    hits = reached_left_out(frozenset({"dataclasses"}))
    assert ("scorpion.game", "dataclasses") in hits


def test_every_left_out_module_is_in_pyodides_stdlib() -> None:
    """Each name in STDLIB_LEFT_OUT is there to leave out (a typo would leave out nothing)."""
    with zipfile.ZipFile(STDLIB) as archive:
        tops = {build_site().stdlib_top(path) for path in archive.namelist()}
    assert tops >= build_site().STDLIB_LEFT_OUT
