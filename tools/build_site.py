"""Build the deployable static site into ``_site/``.

    python tools/build_site.py [--out DIR]

What goes in (all paths relative, so the site works under any sub-path such as ``/REPO/``):

- ``index.html`` and ``pyscript.toml`` from the repository root;
- everything under ``static/`` except caches, ``static/vendor/`` (made here) and the Python
  that goes into the zip;
- ``static/app.zip``: the Python sources listed in ``PYTHON_SOURCES`` plus the compiled
  gettext catalogs (``i18n/<lang>/LC_MESSAGES/<domain>.mo``), laid out as in the repository;
  ``pyscript.toml`` unpacks it into the interpreter's working directory;
- the runtime vendored from ``node_modules``: the five Pyodide files in
  ``static/vendor/pyodide/`` and PyScript's ``dist/*.js`` + ``dist/*.css`` in
  ``static/vendor/pyscript/``;
- ``build-manifest.json``: every other file with its size and a content hash.

The output is deterministic: the same inputs give byte-identical files (sorted zip entries,
fixed zip timestamps and modes, sorted manifest). The site is built in a temporary directory
beside ``--out`` and swapped in at the end, so a server on ``_site/`` never sees half a build.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TypedDict

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compile_catalogs import find_catalogs, mo_bytes

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "_site"
NODE_MODULES = ROOT / "node_modules"
I18N_DIR = ROOT / "i18n"


@dataclass(frozen=True)
class PythonSource:
    """A directory of Python (and its data files) that goes into the zip for Pyodide.

    ``src`` is relative to the repository root; ``dest`` is the folder inside the zip
    (``""`` for the zip's root). The zip is unpacked into Pyodide's working directory,
    which is on ``sys.path``, so ``PythonSource("static/py", "")`` makes the modules of
    ``static/py/`` importable by their bare names.
    """

    src: str
    dest: str


# The Python the browser gets. Extend this for the browser layer, e.g.
# PythonSource("static/py", ""). A source under static/ is left out of the plain static copy.
PYTHON_SOURCES: tuple[PythonSource, ...] = (
    PythonSource("scorpion", "scorpion"),
    PythonSource("static/webapp", "webapp"),  # the browser layer: `import webapp.main`
)

# Where the compiled catalogs go inside the zip: i18n/<lang>/LC_MESSAGES/<domain>.mo,
# the same place as in the repository (after `make catalogs` or the unit tests' conftest).
CATALOG_DEST = "i18n"

# Files copied to the site root as they are.
PAGE_FILES: tuple[str, ...] = ("index.html", "pyscript.toml")

STATIC_DIR = "static"
APP_ZIP = "static/app.zip"
MANIFEST = "build-manifest.json"

VENDOR_DIR = "static/vendor"
PYODIDE_FILES: tuple[str, ...] = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PYODIDE_SRC = "pyodide"
PYODIDE_DEST = "static/vendor/pyodide"
PYSCRIPT_SRC = "@pyscript/core/dist"
PYSCRIPT_PATTERNS: tuple[str, ...] = ("*.js", "*.css")
PYSCRIPT_DEST = "static/vendor/pyscript"

# Never shipped, wherever they are.
JUNK_DIRS = frozenset({"__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache"})
JUNK_SUFFIXES = frozenset({".pyc", ".pyo", ".map"})

ZIP_DATE_TIME = (1980, 1, 1, 0, 0, 0)
HASH_CHARS = 16


class FileEntry(TypedDict):
    size: int
    sha256: str


class Manifest(TypedDict):
    version: str
    files: dict[str, FileEntry]


class BuildError(Exception):
    """A missing input; the message tells what to run."""


def is_junk(rel: PurePosixPath) -> bool:
    """Caches, compiled bytecode, source maps and dotfiles."""
    return (
        any(part in JUNK_DIRS or part.startswith(".") for part in rel.parts)
        or rel.suffix in JUNK_SUFFIXES
    )


def walk_files(base: Path) -> Iterator[PurePosixPath]:
    """Files under ``base`` (relative, POSIX style), sorted, junk left out."""
    if not base.is_dir():
        return
    for path in sorted(base.rglob("*")):
        rel = PurePosixPath(path.relative_to(base).as_posix())
        if path.is_file() and not is_junk(rel):
            yield rel


def is_under(rel: PurePosixPath, folder: str) -> bool:
    return rel.parts[: len(PurePosixPath(folder).parts)] == PurePosixPath(folder).parts


def copy_file(src: Path, dest: Path) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dest)
    dest.chmod(0o644)


def zip_entries() -> list[tuple[str, bytes]]:
    """(name in the zip, content) for the Python sources and compiled catalogs, sorted."""
    entries: dict[str, bytes] = {}
    for source in PYTHON_SOURCES:
        base = ROOT / source.src
        if not base.is_dir():
            raise BuildError(f"Python source directory {source.src}/ is missing")
        for rel in walk_files(base):
            name = str(PurePosixPath(source.dest) / rel) if source.dest else str(rel)
            entries[name] = (base / rel).read_bytes()
    for po_path in find_catalogs(I18N_DIR):
        rel = PurePosixPath(po_path.relative_to(I18N_DIR).as_posix()).with_suffix(".mo")
        entries[str(PurePosixPath(CATALOG_DEST) / rel)] = mo_bytes(po_path)
    return sorted(entries.items())


def write_zip(dest: Path, entries: Iterable[tuple[str, bytes]]) -> None:
    """A zip whose bytes depend only on the entries: fixed timestamps, modes and order."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(dest, "w") as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, so external_attr holds the mode
            info.external_attr = 0o100644 << 16
            archive.writestr(info, data, compresslevel=9)
    dest.chmod(0o644)


def copy_pages(out: Path) -> None:
    for name in PAGE_FILES:
        src = ROOT / name
        if not src.is_file():
            raise BuildError(f"{name} is missing from the repository root")
        copy_file(src, out / name)


def copy_static(out: Path) -> None:
    """static/ as it is, minus the vendor folder (made below) and the zipped Python."""
    zipped = [source.src for source in PYTHON_SOURCES]
    for rel in walk_files(ROOT / STATIC_DIR):
        full = PurePosixPath(STATIC_DIR) / rel
        if is_under(full, VENDOR_DIR) or any(is_under(full, src) for src in zipped):
            continue
        if str(full) == APP_ZIP:
            raise BuildError(f"{APP_ZIP} is made by the build; remove it from the source tree")
        copy_file(ROOT / full, out / full)


def copy_vendor(out: Path) -> None:
    if not NODE_MODULES.is_dir():
        raise BuildError("node_modules/ is missing: run `npm ci` (or `make deps`)")
    pyodide = NODE_MODULES / PYODIDE_SRC
    for name in PYODIDE_FILES:
        if not (pyodide / name).is_file():
            raise BuildError(f"node_modules/{PYODIDE_SRC}/{name} is missing: run `npm ci`")
        copy_file(pyodide / name, out / PYODIDE_DEST / name)
    dist = NODE_MODULES / PYSCRIPT_SRC
    names = sorted({p.name for pattern in PYSCRIPT_PATTERNS for p in dist.glob(pattern)})
    if "core.js" not in names:
        raise BuildError(f"node_modules/{PYSCRIPT_SRC}/core.js is missing: run `npm ci`")
    for name in names:
        copy_file(dist / name, out / PYSCRIPT_DEST / name)


def file_hash(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()[:HASH_CHARS]


def make_manifest(out: Path) -> Manifest:
    """Every file of the site (but the manifest itself): size and sha256 (first 16 hex).

    ``version`` hashes the whole list, so it changes whenever any file does.
    """
    files: dict[str, FileEntry] = {}
    for rel in walk_files(out):
        if str(rel) == MANIFEST:
            continue
        path = out / rel
        files[str(rel)] = {"size": path.stat().st_size, "sha256": file_hash(path)}
    listing = json.dumps(files, sort_keys=True, separators=(",", ":")).encode()
    version = hashlib.sha256(listing).hexdigest()[:HASH_CHARS]
    return {"version": version, "files": files}


def build_into(out: Path) -> Manifest:
    """Build the whole site into the empty directory ``out``; returns the manifest."""
    copy_pages(out)
    copy_static(out)
    write_zip(out / APP_ZIP, zip_entries())
    copy_vendor(out)
    manifest = make_manifest(out)
    (out / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    (out / MANIFEST).chmod(0o644)
    return manifest


def build(out: Path = DEFAULT_OUT) -> Manifest:
    """Build in a temporary directory beside ``out``, then swap it in."""
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.new-"))
    try:
        staging.chmod(0o755)
        manifest = build_into(staging)
        if out.exists():
            old = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.old-"))
            os.replace(out, old / out.name)
            os.replace(staging, out)
            shutil.rmtree(old)
        else:
            os.replace(staging, out)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the static site.")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="default: _site/")
    args = parser.parse_args(argv)
    try:
        manifest = build(args.out)
    except BuildError as error:
        print(f"build_site: {error}", file=sys.stderr)
        return 1
    files = manifest["files"]
    total = sum(entry["size"] for entry in files.values())
    print(
        f"build_site: {len(files)} files, {total / 1e6:.1f} MB, "
        f"version {manifest['version']} -> {args.out}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
