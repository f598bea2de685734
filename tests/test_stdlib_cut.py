"""The standard library the site ships (tools/build_site.py, ``stdlib_kept``): the walk of
import statements it relies on (tools/stdlib_walk.py) finds what it must, and every import
it does not follow is one the page cannot take.

The walk follows every import statement, at any depth (inside functions too), from our
packages, PyScript's `pyscript` package and Pyodide's own (`pyodide`, `_pyodide`) through
the sources of Pyodide's python_stdlib.zip as npm ships it. Statically, so it
over-approximates. The imports it leaves unfollowed are listed in STDLIB_UNREACHED, each with
why the page cannot get there. e2e/test_boot.py imports every module the built site keeps.
"""

from __future__ import annotations

import functools
import importlib.util
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
PYSCRIPT = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript"
OURS = (ROOT / "scorpion", ROOT / "static" / "webapp")

pytestmark = [
    pytest.mark.cpython_only,  # a check of the build, which runs on CPython
    pytest.mark.skipif(not STDLIB.is_file(), reason="node_modules/ is missing (make deps)"),
]


@functools.cache
def build_site() -> ModuleType:
    """tools/build_site.py (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def walk_module() -> ModuleType:
    build_site()  # puts tools/ on sys.path
    import stdlib_walk

    return stdlib_walk


@functools.cache
def ours() -> dict[str, tuple[bytes, bool]]:
    found: dict[str, tuple[bytes, bool]] = {}
    for folder in (*OURS, PYSCRIPT):
        found.update(walk_module().package_sources(folder))
    return found


@functools.cache
def stdlib() -> dict[str, tuple[bytes, bool]]:
    found: dict[str, tuple[bytes, bool]] = walk_module().stdlib_sources(STDLIB)
    return found


@functools.cache
def walked() -> tuple[dict[str, str | None], dict[tuple[str, str], str]]:
    site = build_site()
    roots = [*ours(), *(n for n in stdlib() if n.split(".")[0] in ("pyodide", "_pyodide"))]
    roots = [n for n in roots if n not in site.PYODIDE_UNUSED] + list(site.STDLIB_ROOTS)
    reached: dict[str, str | None]
    cut: dict[tuple[str, str], str]
    reached, cut = walk_module().walk(
        {**stdlib(), **ours()}, roots, site.STDLIB_LEFT_OUT, site.STDLIB_UNREACHED
    )
    return reached, cut


def test_every_import_not_followed_is_explained() -> None:
    _, cut = walked()
    site = build_site()
    unexplained = {edge: chain for edge, chain in cut.items() if edge not in site.STDLIB_UNREACHED}
    assert unexplained == {}


def test_every_unreached_import_is_still_there() -> None:
    """Each import STDLIB_UNREACHED names is in its importer's source (a newer Pyodide that
    drops it would leave an entry that explains nothing)."""
    walk = walk_module()
    sources = {**stdlib(), **ours()}
    for importer, target in build_site().STDLIB_UNREACHED:
        assert importer in sources, importer
        names = set(walk.imported(importer, *sources[importer]))
        assert any(n == target or n.startswith(target + ".") for n in names), (importer, target)


def test_the_game_and_its_imports_are_kept() -> None:
    reached, _ = walked()
    kept = build_site().stdlib_kept(stdlib(), [], ours())
    assert {"dataclasses", "gettext", "json", "random", "traceback", "encodings.utf_8"} <= kept
    assert {name for name in reached if name in stdlib()} <= kept
    assert {"unittest", "pdb", "tarfile", "argparse", "pyodide.console"}.isdisjoint(kept)


def test_the_walk_finds_a_left_out_import() -> None:
    """The walk itself works: leaving out a module our code imports is caught."""
    _, cut = walk_module().walk(
        {**stdlib(), **ours()}, list(ours()), frozenset({"dataclasses"}), {}
    )
    assert ("scorpion.game", "dataclasses") in cut


def test_the_walk_reads_imports_inside_functions() -> None:
    reached, _ = walk_module().walk(stdlib(), ["traceback"])
    assert "difflib" in reached  # imported inside a method of traceback.TracebackException


def test_every_left_out_module_is_in_pyodides_stdlib() -> None:
    """Each name in STDLIB_LEFT_OUT is there to leave out (a typo would leave out nothing)."""
    with zipfile.ZipFile(STDLIB) as archive:
        tops = {build_site().stdlib_top(path) for path in archive.namelist()}
    assert tops >= build_site().STDLIB_LEFT_OUT
