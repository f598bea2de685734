"""Which standard-library modules the page can import: a walk of import statements.

Follows every import statement, at any depth (inside functions too), from a set of roots
through the sources of Pyodide's ``python_stdlib.zip`` and our own packages. Statically,
so it over-approximates: it also follows imports on paths the page never takes. The build
(``tools/build_site.py``) ships only the modules it reaches (``STDLIB_ROOTS`` and what
Python's start imports as roots; the few edges in ``STDLIB_UNREACHED`` not followed, each
with why the page cannot take it), and ``tests/test_stdlib_cut.py`` checks it.
"""

from __future__ import annotations

import ast
import re
import zipfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

Sources = dict[str, tuple[bytes, bool]]  # module name -> (source, is a package)


def module_name(path: str) -> tuple[str, bool]:
    """(module name, is a package) of a source's path: ``json/__init__.py`` gives
    ("json", True), ``json/decoder.py`` ("json.decoder", False)."""
    name = path.removesuffix(".py").replace("/", ".")
    return (name.removesuffix(".__init__"), True) if name.endswith(".__init__") else (name, False)


def stdlib_sources(stdlib: Path) -> Sources:
    """Every module of a ``python_stdlib.zip`` with its source."""
    found: Sources = {}
    with zipfile.ZipFile(stdlib) as archive:
        for path in archive.namelist():
            if path.endswith(".py"):
                found[module_name(path)[0]] = (archive.read(path), path.endswith("__init__.py"))
    return found


def package_sources(folder: Path) -> Sources:
    """Every module under ``folder``, a package named after the folder."""
    found: Sources = {}
    for file in sorted(folder.rglob("*.py")):
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


def walk(
    sources: Sources,
    roots: Iterable[str],
    left_out: Iterable[str] = (),
    unreached: Mapping[tuple[str, str], str] | Iterable[tuple[str, str]] = (),
) -> tuple[dict[str, str | None], dict[tuple[str, str], str]]:
    """(reached, cut): every module reachable from ``roots`` (those in ``sources``), each with
    the module whose import first reached it (None for a root); and each import of a module
    under a top-level name in ``left_out``, or listed in ``unreached`` as (importer,
    imported), that was not followed, with its importer's chain back to a root (``a <- b``).
    Importing ``a.b.c`` reaches ``a`` and ``a.b`` first, as Python imports them."""
    tops = frozenset(left_out)
    skipped = frozenset(unreached)
    via: dict[str, str | None] = {}
    queue: list[str] = []
    for root in roots:
        if root in sources and root not in via:
            via[root] = None
            queue.append(root)

    def chain(name: str) -> str:
        steps: list[str] = []
        step: str | None = name
        while step is not None:
            steps.append(step)
            step = via[step]
        return " <- ".join(steps)

    cut: dict[tuple[str, str], str] = {}
    while queue:
        name = queue.pop(0)
        for target in imported(name, *sources[name]):
            parts = target.split(".")
            for end in range(1, len(parts) + 1):
                module = ".".join(parts[:end])
                if parts[0] in tops or (name, module) in skipped:
                    cut.setdefault((name, parts[0] if parts[0] in tops else module), chain(name))
                    break
                if module in sources and module not in via:
                    via[module] = name
                    queue.append(module)
    return via, cut
