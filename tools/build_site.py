"""Build the deployable static site into ``_site/``.

    python tools/build_site.py [--out DIR]

What goes in (all paths relative, so the site works under any sub-path such as ``/REPO/``):

- ``index.html`` and ``pyscript.toml`` from the repository root (``index.html`` gets the
  ``modulepreload`` links of PyScript's lazily imported boot chunks, whose names carry
  hashes: ``PRELOAD_MARK``);
- everything under ``static/`` except caches, ``static/vendor/`` (made here) and the Python
  that goes into the zip;
- ``static/app.zip``: the Python of ``PYTHON_SOURCES`` as bytecode (``<name>.pyc`` in place
  of each ``<name>.py``, see "Bytecode" below) plus the compiled gettext catalogs
  (``i18n/<lang>/LC_MESSAGES/<domain>.mo``), laid out as in the repository;
  ``static/app-files.mjs`` writes it into the interpreter's working directory, where Python
  imports from it, and reads the catalogs out beside it;
- ``static/python.snapshot``: Python's memory once it has started and imported the game,
  made by ``tools/make_snapshot.mjs`` with the site's own runtime and app.zip under Node
  (deflated, 5.6 MB); visits restore it instead of starting Python (a first visit only
  from a server close by or over a fast link: ``static/link-rate.mjs``)
  (``static/python-snapshot.mjs``, whose ``BUILD`` gets the SHA-256 of the inflated
  snapshot: a copy kept in Cache Storage is checked against it before it is restored);
- the runtime vendored from ``node_modules``: the five Pyodide files in
  ``static/vendor/pyodide/`` (``python_stdlib.zip`` with the boot's modules compiled) and
  the files of PyScript's ``dist/`` that the page loads in ``static/vendor/pyscript/``;
- ``sw.js``, the service worker, from ``sw.js`` at the root with its ``BUILD`` filled in: the
  version and the files it precaches (see ``precache_list``), each with its SHA-256 (hex);
- in ``index.html``, the board a newcomer gets, drawn before Python runs, and the loading
  pill's texts in every language (``tools/first_board.py``);
- ``manifest.webmanifest`` (the web app manifest) from the root; its icons are in
  ``static/icons/`` (made once by ``tools/icons.py``);
- ``build-manifest.json``: every other file with its size and a content hash, the version,
  and the list of precached files.

The version hashes every file's content (``index.html`` with its ``data-version`` attribute
left at ``dev``), so it changes whenever any file does; it is written into ``index.html``
(``<html data-version="...">``, what the page says it runs) and into ``sw.js``.

``index.html`` gets a Content-Security-Policy (``content_security_policy``), its inline
scripts allowed by their SHA-256, computed from the page as built (docs/security.md).

Bytecode: Pyodide's CPython compiles every module it imports from source, in WebAssembly,
on every page load (its ``python_stdlib.zip`` holds sources only). The build compiles with
that same interpreter, run under Node (``tools/precompile.mjs``): our Python, as
unchecked-hash ``.pyc`` files in ``app.zip`` without the sources (sourceless modules, as
Pyodide's own package builds ship them; tracebacks keep file names and line numbers), with
PyScript's own ``pyscript`` package likewise (``static/pyscript-stdlib.mjs``, its
fingerprint of PyScript's program that writes the package filled in, skips that program at
boot), and
the standard library's modules that the boot imports (``BOOT_IMPORTS``, found by importing
them), whose sources in ``python_stdlib.zip`` are replaced by their ``.pyc``. Every other
module stays source and compiles when first imported, as before.

Left out of the runtime (what the page cannot use): the standard library's developer tools
and its clients and servers for processes, sockets and mail (``STDLIB_LEFT_OUT``; nothing
the page imports reaches them, tests/test_stdlib_cut.py follows every import statement),
and the package list of ``pyodide-lock.json`` (the page loads no packages: only its
``info``, which Pyodide checks against the runtime, is kept).

The output is deterministic: the same inputs give byte-identical files (sorted zip entries,
fixed zip timestamps and modes, sorted manifest). The site is built in a temporary directory
beside ``--out`` and swapped in at the end, so a server on ``_site/`` never sees half a build.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TypedDict

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compile_catalogs import find_catalogs, mo_bytes
from first_board import FirstBoardError, bake
from stdlib_walk import Sources, module_name, package_sources, stdlib_sources, walk

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

# Files of the Python source folders that stay out of app.zip: documentation.
DOC_SUFFIXES = frozenset({".md"})

# Where the compiled catalogs go inside the zip: i18n/<lang>/LC_MESSAGES/<domain>.mo,
# the same place as in the repository (after `make catalogs` or the unit tests' conftest).
CATALOG_DEST = "i18n"

# Files copied to the site root as they are (index.html then gets its version).
PAGE_FILES: tuple[str, ...] = ("index.html", "pyscript.toml", "manifest.webmanifest")
INDEX = "index.html"
# <html data-version="dev"> in the source; the build writes the site's version there.
VERSION_ATTR = re.compile(r'(<html\b[^>]*\bdata-version=")([^"]*)(")')
SOURCE_VERSION = "dev"

# The service worker: rendered from the root's sw.js to the site's root (its scope is the
# folder it is served from, so it must sit beside index.html).
SERVICE_WORKER = "sw.js"
# What the build fills in, in sw.js and in PYSCRIPT_STDLIB.
BUILD_MARKERS = re.compile(r"/\* BUILD \*/.*?/\* /BUILD \*/", re.DOTALL)

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
)  # the last two are rewritten: write_stdlib, write_lock
PYODIDE_SRC = "pyodide"
STDLIB_ZIP = "python_stdlib.zip"
LOCK_FILE = "pyodide-lock.json"
# The standard library the page gets: only the modules it can import. python_stdlib.zip keeps
# what a walk of import statements (tools/stdlib_walk.py, inside functions too) reaches from
# the modules Python's start imports (recorded by tools/precompile.mjs), every module of ours,
# PyScript's package, Pyodide's own (`pyodide`, `_pyodide`) and STDLIB_ROOTS; it never walks
# into STDLIB_LEFT_OUT nor along an import of STDLIB_UNREACHED. tests/test_stdlib_cut.py
# checks the walk; e2e/test_boot.py imports every module kept, under the site's runtime.
# Top-level modules and packages never kept, whatever imports them: tools for developers
# (tests, debuggers, profilers, the REPL, documentation, bytecode) and clients and servers for
# processes, sockets and mail, which WebAssembly in a page cannot run.
STDLIB_LEFT_OUT = frozenset((
    "__hello__", "__phello__", "_pyrepl", "antigravity", "bdb", "cProfile", "doctest",
    "ftplib", "imaplib", "mailbox", "multiprocessing", "pdb", "pickletools", "poplib",
    "profile", "pstats", "pyclbr", "pydoc", "smtplib", "socketserver",
    "sqlite3", "tabnanny", "this", "timeit", "trace", "unittest", "wsgiref", "xmlrpc",
    "zipapp",
))  # fmt: skip
# Modules that the interpreter's C code imports by name (no import statement names them:
# _decimal imports numbers, _pickle _compat_pickle, _datetime _strptime),
# and the codecs that text may be encoded with here (a codec is looked up by its name).
STDLIB_ROOTS: tuple[str, ...] = (
    "site", "_sitebuiltins", "warnings", "_py_warnings", "traceback", "linecache",
    "_colorize", "codecs", "copyreg", "_strptime", "_pylong", "numbers", "_compat_pickle",
    "encodings", "encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig",
    "encodings.ascii", "encodings.latin_1", "encodings.cp437", "encodings.idna",
    "encodings.raw_unicode_escape", "encodings.unicode_escape", "encodings.punycode",
    "encodings.utf_16", "encodings.utf_16_le", "encodings.utf_16_be", "encodings.utf_32",
    "encodings.utf_32_le", "encodings.utf_32_be", "encodings.charmap",
)  # fmt: skip
# Pyodide's modules that are no root of the walk: what only a REPL uses (PyScript's terminal,
# which pyscript.toml turns off).
PYODIDE_UNUSED = frozenset(("pyodide.console",))
# Imports the walk does not follow: (importer, imported) -> why the page never runs them.
STDLIB_UNREACHED: dict[tuple[str, str], str] = {
    ("heapq", "doctest"): "only under `if __name__ == '__main__'`",
    ("urllib.request", "ftplib"): "only for ftp:// URLs; the page opens no URL from Python",
    ("concurrent.futures.process", "multiprocessing"): "ProcessPoolExecutor: no processes here",
    ("site", "_pyrepl"): "the interactive prompt's readline set-up: the page runs no prompt",
    ("_sitebuiltins", "pydoc"): "the help() builtin, when called: nothing here calls it",
    ("importlib._bootstrap_external", "importlib.metadata"): (
        "importlib.invalidate_caches(): only Pyodide's loadPackage calls it (the page loads "
        "no package; pyodide-boot.mjs invalidates the finders itself)"
    ),
    ("pyodide._package_loader", "tarfile"): "unpacking a package's tar: the page loads none",
    **{
        (module, "argparse"): "the module's command line (main)"
        for module in (
            "ast",
            "calendar",
            "dis",
            "inspect",
            "pickle",
            "py_compile",
            "random",
            "tokenize",
            "zipfile",
        )
    },
    ("random", "statistics"): "random's self-test (_test_generator)",
    ("logging", "pickle"): "logging's SocketHandler: no sockets here",
    ("pathlib", "urllib.request"): "Path.as_uri / from_uri: the page makes no file URI",
    ("asyncio", "asyncio.windows_events"): "only on Windows",
    ("concurrent.futures", "concurrent.futures.process"): "ProcessPoolExecutor: no processes",
    ("concurrent.futures", "concurrent.futures.interpreter"): "InterpreterPoolExecutor",
    ("asyncio.events", "asyncio.windows_events"): "only on Windows",
    ("shutil", "tarfile"): "tar archives: the page unpacks none (app-files.mjs: a zip)",
    ("base64", "getopt"): "base64's command line (main)",
    ("site", "rlcompleter"): "the interactive prompt's completion: the page runs no prompt",
    ("zipfile", "py_compile"): "PyZipFile.writepy: the page writes no archive",
    ("datetime", "_pydatetime"): "only without the C module _datetime, which is built in",
    ("decimal", "_pydecimal"): "only without the C module _decimal, which is built in",
}
PRECOMPILE = ROOT / "tools" / "precompile.mjs"
# Made by it: the order importing the game loads its modules in (webapp/boot/steps.py).
IMPORT_ORDER = "webapp/import_order.json"
# Makes static/python.snapshot from the built site's runtime and app.zip.
MAKE_SNAPSHOT = ROOT / "tools" / "make_snapshot.mjs"
SNAPSHOT = "static/python.snapshot"
# PyScript's own Python package, which PyScript writes into the working directory at boot:
# the build ships it in app.zip, and this module (its PROGRAM filled in) lets the page skip
# PyScript's program that writes it.
PYSCRIPT_PACKAGE = "pyscript"
PYSCRIPT_PACKAGE_SRC = "@pyscript/core/src/stdlib/pyscript"  # its sources, for the walk
PYSCRIPT_STDLIB = "static/pyscript-stdlib.mjs"
# What the page imports while it boots, after Pyodide's own start: what PyScript's `pyscript`
# package imports (its stdlib/pyscript/*.py), then our entry point. Their standard-library
# modules, and what those import, get compiled into python_stdlib.zip. Missing one only
# costs its compile in the browser.
BOOT_IMPORTS: tuple[str, ...] = (
    "asyncio", "base64", "calendar", "html", "inspect", "io", "json", "os", "pathlib",
    "urllib.parse",  # imported by the start for a link's query (webapp/urlparams.py)
    "webapp.main",
)  # fmt: skip
PYODIDE_DEST = "static/vendor/pyodide"
PYSCRIPT_SRC = "@pyscript/core/dist"
PYSCRIPT_DEST = "static/vendor/pyscript"
PYSCRIPT_ENTRY = "core.js"
# The chunks PyScript's core imports lazily while booting this page (found by recording
# the page's requests; e2e/test_offline.py checks it). The plugins pyscript.toml turns off
# are not among them: index.html's <mpy-config> turns them off for MicroPython too. The
# rest (py-editor's CodeMirror, the terminal's xterm, zip, pyodide_graph...) is shipped
# but never fetched: not precached.
PYSCRIPT_BOOT_CHUNKS = frozenset(("error", "toml"))
# Where index.html gets the modulepreload links of those chunks (their names carry hashes).
PRELOAD_MARK = "<!-- BUILD: PyScript's boot chunks, preloaded -->"
IMPORT_STATIC = re.compile(r'(?:\bfrom|\bimport)\s*"\./([^"]+)"')
IMPORT_DYNAMIC = re.compile(r'\bimport\(\s*"\./([^"]+)"\s*\)')
CHUNK_STEM = re.compile(r"^(.+)-[A-Za-z0-9_-]{8}\.js$")

# Never shipped, wherever they are.
JUNK_DIRS = frozenset({"__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache"})
JUNK_SUFFIXES = frozenset({".pyc", ".pyo", ".map"})

ZIP_DATE_TIME = (1980, 1, 1, 0, 0, 0)
HASH_CHARS = 16  # of the version; files are named by their whole SHA-256
SNAPSHOT_MODULE = "static/python-snapshot.mjs"  # gets the inflated snapshot's SHA-256

# The page's Content-Security-Policy, in a <meta> first thing in <head> (a policy applies
# only to what follows it): scripts from this site and the page's own inline scripts (by
# hash); WebAssembly compiled from bytes (Pyodide: 'wasm-unsafe-eval'); 'unsafe-eval' because
# PyScript 0.7.31 compiles its plugin hooks with Function() on the main thread at every boot
# (its core-*.js, polyscript's hook combiner, for onBeforeRunAsync); connections, workers,
# images, styles and fonts from this site only; no plugins, no <base>, no forms sent, no
# frames. Each exception is explained in docs/security.md.
CSP_MARK = "<!-- BUILD: Content-Security-Policy -->"
CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="[^"]*">')
CSP_DIRECTIVES: tuple[tuple[str, str], ...] = (
    ("default-src", "'self'"),
    ("script-src", "'self' 'wasm-unsafe-eval' 'unsafe-eval'"),  # + inline scripts' hashes
    ("style-src", "'self'"),
    ("img-src", "'self'"),
    ("font-src", "'self'"),
    ("connect-src", "'self'"),
    ("worker-src", "'self'"),
    ("manifest-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'self'"),
    ("form-action", "'none'"),
    ("frame-src", "'none'"),
)
# A <script> element: its attributes, its text. Scripts of another type (PyScript's
# type="py") are data to the browser, not scripts: CSP does not look at them.
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.DOTALL | re.IGNORECASE)
SCRIPT_TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.IGNORECASE)
JS_TYPES = frozenset(("", "module", "text/javascript", "application/javascript"))


class FileEntry(TypedDict):
    size: int
    sha256: str


class Manifest(TypedDict):
    version: str
    files: dict[str, FileEntry]
    precache: list[str]


class BuildError(Exception):
    """A missing input; the message tells what to run."""


@dataclass(frozen=True)
class Precompiled:
    """What ``tools/precompile.mjs`` makes. ``app_files``: app.zip's Python by name, the
    ``.pyc`` of each of our sources (``pkg/mod.pyc`` for ``pkg/mod.py``) and of PyScript's
    own package (``pyscript/*.pyc``), and the dataclasses' compiled methods
    (``webapp/dataclass_code.bin``) and the order the game's import loads its modules in
    (``webapp/import_order.json``); ``stdlib``: by path in python_stdlib.zip
    (``json/decoder.py``), the ``.pyc`` of each standard-library module the boot imports;
    ``program``: the fingerprint (``{"length", "fnv1a"}``) of the program PyScript runs to
    write its package."""

    app_files: dict[str, bytes]
    stdlib: dict[str, bytes]
    program: dict[str, int]

    @property
    def started(self) -> list[str]:
        """The standard library's modules the boot imports, by name."""
        return [module_name(path)[0] for path in self.stdlib]


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
            if rel.suffix in DOC_SUFFIXES:  # static/webapp/README.md: for people, not the page
                continue
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


def precompile(entries: Iterable[tuple[str, bytes]]) -> Precompiled:
    """Bytecode by Pyodide's own CPython (``tools/precompile.mjs`` under Node), and PyScript's
    own package as the build ships it (see ``Precompiled``)."""
    node = node_path()
    with tempfile.TemporaryDirectory(prefix="precompile-") as tmp:
        work = Path(tmp)
        for name, data in entries:
            path = work / "app" / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        (work / "imports.json").write_text(json.dumps(BOOT_IMPORTS))
        done = subprocess.run(
            [node, str(PRECOMPILE), str(work)], cwd=ROOT, capture_output=True, text=True
        )
        if done.returncode != 0:
            raise BuildError(f"tools/precompile.mjs failed:\n{done.stderr.strip()}")
        app = work / "app"
        made = sorted([*app.rglob("*.pyc"), *app.rglob("*.bin"), app / IMPORT_ORDER])
        app_files = {path.relative_to(app).as_posix(): path.read_bytes() for path in made}
        hot: list[str] = json.loads((work / "stdlib.json").read_text())
        stdlib = {name: (work / "stdlib" / (name + "c")).read_bytes() for name in hot}
        program = json.loads((work / "pyscript-stdlib.json").read_text())
    return Precompiled(app_files, stdlib, program)


def node_path() -> str:
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is missing (the build runs Pyodide under Node)")
    return node


def make_snapshot(out: Path) -> None:
    """``static/python.snapshot``: Python's memory once it has imported the game, made with
    the runtime and app.zip already in ``out`` (``tools/make_snapshot.mjs`` under Node)."""
    done = subprocess.run(
        [node_path(), str(MAKE_SNAPSHOT), str(out)], cwd=ROOT, capture_output=True, text=True
    )
    if done.returncode != 0 or not (out / SNAPSHOT).is_file():
        raise BuildError(f"tools/make_snapshot.mjs failed:\n{done.stderr.strip()}")


def stdlib_top(name: str) -> str:
    """The top-level module an entry of python_stdlib.zip belongs to (``email/utils.py``:
    ``email``; ``pdb.py``: ``pdb``)."""
    return name.split("/", 1)[0].removesuffix(".pyc").removesuffix(".py")


def stdlib_kept(stdlib: Sources, started: Iterable[str], ours: Sources) -> set[str]:
    """The standard library's modules python_stdlib.zip keeps (``STDLIB_LEFT_OUT`` says
    how): what the walk reaches from the modules Python's start imported (``started``), ours
    and PyScript's (``ours``), Pyodide's own and ``STDLIB_ROOTS``."""
    sources = {**stdlib, **ours}
    roots = [
        *started,
        *ours,
        *(
            name
            for name in stdlib
            if name.split(".")[0] in ("pyodide", "_pyodide") and name not in PYODIDE_UNUSED
        ),
        *STDLIB_ROOTS,
    ]
    reached, _ = walk(sources, roots, STDLIB_LEFT_OUT, STDLIB_UNREACHED)
    kept = {name for name in reached if name in stdlib}
    if "sysconfig" in kept:  # it imports its data module by a name it builds
        kept |= {name for name in stdlib if name.startswith("_sysconfigdata_")}
    return kept


def write_stdlib(src: Path, dest: Path, compiled: dict[str, bytes], kept: set[str]) -> None:
    """``src`` (Pyodide's python_stdlib.zip) with only the modules in ``kept``, each source in
    ``compiled`` replaced by its ``.pyc`` (zipimport loads a ``.pyc`` without a source), and
    no other file (READMEs, type-checker settings)."""
    dropped = sorted(name for name in compiled if module_name(name)[0] not in kept)
    if dropped:
        raise BuildError(f"the boot imports modules the stdlib would not keep: {dropped}")
    dest.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(src) as archive, zipfile.ZipFile(dest, "w") as out:
        for info in archive.infolist():
            if not info.filename.endswith(".py") or module_name(info.filename)[0] not in kept:
                continue
            data = archive.read(info)
            name = info.filename
            if name in compiled:
                data, name = compiled[name], name + "c"
            entry = zipfile.ZipInfo(name, date_time=ZIP_DATE_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.create_system = 3
            entry.external_attr = 0o100644 << 16
            out.writestr(entry, data, compresslevel=9)
    dest.chmod(0o644)


def write_lock(src: Path, dest: Path) -> None:
    """Pyodide's lock file without its packages: the page never loads one (pyscript.toml
    names none, and there is no micropip), so the 357 entries (119 KB) would only be fetched
    and parsed. Pyodide still checks the ``info`` (its ABI version) against the runtime."""
    lock = json.loads(src.read_text(encoding="utf-8"))
    write_text(dest, json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True) + "\n")


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
        if str(full) in (APP_ZIP, SNAPSHOT):
            raise BuildError(f"{full} is made by the build; remove it from the source tree")
        copy_file(ROOT / full, out / full)


def copy_vendor(out: Path) -> None:
    if not NODE_MODULES.is_dir():
        raise BuildError("node_modules/ is missing: run `npm ci` (or `make deps`)")
    pyodide = NODE_MODULES / PYODIDE_SRC
    for name in PYODIDE_FILES:
        if not (pyodide / name).is_file():
            raise BuildError(f"node_modules/{PYODIDE_SRC}/{name} is missing: run `npm ci`")
        if name not in (STDLIB_ZIP, LOCK_FILE):  # written by write_stdlib and write_lock
            copy_vendor_file(pyodide / name, out / PYODIDE_DEST / name)
    dist = NODE_MODULES / PYSCRIPT_SRC
    if not (dist / PYSCRIPT_ENTRY).is_file():
        raise BuildError(f"node_modules/{PYSCRIPT_SRC}/{PYSCRIPT_ENTRY} is missing: run `npm ci`")
    for name in pyscript_boot_files(dist):  # only what the page loads
        copy_vendor_file(dist / name, out / PYSCRIPT_DEST / name)


# A script's pointer to its source map. The vendored packages' maps are not shipped (a
# first visit would not fetch them, the service worker would have to keep them): the
# pointers go too, so that no tool follows one to a missing file.
SOURCE_MAP_COMMENT = re.compile(rb"\n?//# sourceMappingURL=[^\n]*\n?\Z")


def copy_vendor_file(src: Path, dest: Path) -> None:
    """A vendored file as it is, a script without its source-map comment."""
    if src.suffix not in (".js", ".mjs"):
        copy_file(src, dest)
        return
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(SOURCE_MAP_COMMENT.sub(b"\n", src.read_bytes()))
    dest.chmod(0o644)


def file_hash(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def snapshot_digest(path: Path) -> str:
    """SHA-256 (hex) of the snapshot as the page keeps it: inflated, still packed."""
    inflate = zlib.decompressobj(-zlib.MAX_WBITS)  # raw DEFLATE, as make_snapshot.mjs writes
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(inflate.decompress(block))
    digest.update(inflate.flush())
    return digest.hexdigest()


def inline_script_hashes(html: str) -> list[str]:
    """The CSP source of each inline JavaScript ``<script>`` of ``html``: ``'sha256-…'``
    of its text, as the browser hashes it (the UTF-8 of everything between the tags)."""
    hashes: list[str] = []
    for attributes, text in SCRIPT.findall(html):
        if re.search(r"\bsrc\s*=", attributes, re.IGNORECASE):
            continue
        kind = SCRIPT_TYPE.search(attributes)
        if (kind.group(1).lower() if kind else "") not in JS_TYPES:
            continue
        digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()
        source = f"'sha256-{digest}'"
        if source not in hashes:
            hashes.append(source)
    return hashes


def content_security_policy(html: str) -> str:
    """The policy for ``html``: ``CSP_DIRECTIVES`` with its inline scripts' hashes."""
    parts = []
    for name, value in CSP_DIRECTIVES:
        if name == "script-src":
            value = " ".join([value, *inline_script_hashes(html)])
        parts.append(f"{name} {value}")
    return "; ".join(parts)


def with_csp(html: str) -> str:
    """``index.html`` with its Content-Security-Policy meta (re)written for its scripts."""
    meta = f'<meta http-equiv="Content-Security-Policy" content="{content_security_policy(html)}">'
    if CSP_META.search(html):
        return CSP_META.sub(lambda _m: meta, html, count=1)
    if html.count(CSP_MARK) != 1:
        raise BuildError(f"{INDEX} needs the line {CSP_MARK} once, first in <head>")
    return html.replace(CSP_MARK, meta)


def pyscript_boot_files(dist: Path) -> list[str]:
    """PyScript's files that the page fetches: the entry, the chunks it imports statically,
    and the chunks of ``PYSCRIPT_BOOT_CHUNKS`` that this core imports lazily, with what
    those import statically (their own lazy imports are left out). Not its core.css: it
    styles only elements this page does not use (<py-script>, the editor, the terminal)."""
    core, lazy = pyscript_parts(dist)
    return sorted(core | lazy)


def pyscript_parts(dist: Path) -> tuple[set[str], set[str]]:
    """(the entry and what it imports statically, the boot chunks it imports lazily and
    what those import statically)."""

    def closure(name: str, found: set[str]) -> None:
        if name in found:
            return
        if not (dist / name).is_file():
            raise BuildError(f"{PYSCRIPT_DEST}/{name} is imported but missing")
        found.add(name)
        for imported in IMPORT_STATIC.findall((dist / name).read_text(encoding="utf-8")):
            closure(imported, found)

    core: set[str] = set()
    closure(PYSCRIPT_ENTRY, core)
    lazy: dict[str, str] = {}  # stem -> file, of what the core imports lazily
    for name in sorted(core):
        for imported in IMPORT_DYNAMIC.findall((dist / name).read_text(encoding="utf-8")):
            hashed = CHUNK_STEM.match(imported)
            lazy[hashed.group(1) if hashed else imported] = imported
    found = set(core)
    for stem in sorted(PYSCRIPT_BOOT_CHUNKS):
        if stem not in lazy:
            raise BuildError(
                f"PyScript imports no '{stem}-*.js' any more: update PYSCRIPT_BOOT_CHUNKS "
                "(record the page's requests, see e2e/test_offline.py)"
            )
        closure(lazy[stem], found)
    return core, found - core


def preload_pyscript_chunks(html: str, chunks: Iterable[str]) -> str:
    """``index.html`` with ``PRELOAD_MARK`` replaced by a ``modulepreload`` link for each of
    PyScript's lazily imported boot chunks: fetched and compiled while the page starts,
    instead of when PyScript asks for them, which is after Pyodide's start has held the main
    thread (measured: 40 ms sooner from Python up to input, cold and warm)."""
    if html.count(PRELOAD_MARK) != 1:
        raise BuildError(f"{INDEX} needs the line {PRELOAD_MARK} once")
    links = "\n  ".join(
        f'<link rel="modulepreload" href="./{PYSCRIPT_DEST}/{name}">' for name in sorted(chunks)
    )
    return html.replace(PRELOAD_MARK, links)


def precache_list(out: Path) -> list[str]:
    """What the service worker keeps: every file of the site, except itself, the build
    manifest and the PyScript chunks this page never fetches."""
    pyscript = {f"{PYSCRIPT_DEST}/{name}" for name in pyscript_boot_files(out / PYSCRIPT_DEST)}
    skipped = {SERVICE_WORKER, MANIFEST}
    return [
        str(rel)
        for rel in walk_files(out)
        if str(rel) not in skipped and (not is_under(rel, PYSCRIPT_DEST) or str(rel) in pyscript)
    ]


def list_files(out: Path, skip: Iterable[str]) -> dict[str, FileEntry]:
    files: dict[str, FileEntry] = {}
    skipped = set(skip)
    for rel in walk_files(out):
        if str(rel) in skipped:
            continue
        path = out / rel
        files[str(rel)] = {"size": path.stat().st_size, "sha256": file_hash(path)}
    return files


def stamp_version(html: str, version: str) -> str:
    """``index.html`` with ``<html data-version>`` set to ``version``."""
    stamped, count = VERSION_ATTR.subn(lambda m: m.group(1) + version + m.group(3), html)
    if count != 1:
        raise BuildError(f'{INDEX} needs one <html data-version="{SOURCE_VERSION}"> attribute')
    return stamped


def site_version(out: Path) -> str:
    """A hash of every file's content, ``index.html`` taken with its version unset:
    it changes whenever any file does, and does not depend on itself."""
    files = list_files(out, skip=(MANIFEST, SERVICE_WORKER, INDEX))
    index = stamp_version((out / INDEX).read_text(encoding="utf-8"), SOURCE_VERSION)
    listing = json.dumps(
        {"files": files, "index": hashlib.sha256(index.encode()).hexdigest()},
        sort_keys=True,
        separators=(",", ":"),
    ).encode()
    return hashlib.sha256(listing).hexdigest()[:HASH_CHARS]


MPY_CONFIG = re.compile(r"<mpy-config hidden>[^<]*</mpy-config>")


def paint_limits() -> dict[str, object]:
    """What index.html's early paint checks, from ``webapp/table/early_paint.py`` (kept in
    step by the build, not by hand)."""
    sys.path.insert(0, str(ROOT / "static"))
    sys.path.insert(0, str(ROOT))
    paint = importlib.import_module("webapp.table.early_paint")  # the browser layer's own constants
    storage = importlib.import_module("webapp.page.storage")

    return {
        "v": paint.VERSION,
        "chars": paint.MAX_CHARS,
        "text": paint.MAX_TEXT,
        "texts": paint.MAX_TEXTS,
        "offset": paint.MAX_OFFSET,
        "langs": list(paint.LANGS),
        "looks": list(paint.LOOKS),
        "key": f"{storage.PAINT_KEY}@",
    }


def stamp_page(html: str) -> str:
    """``index.html`` with the values it shares with other files written in by the build:
    the early paint's limits (``paint_limits``) and the MicroPython plugin list, the same
    as pyscript.toml's."""
    import tomllib

    html = fill_build(html, paint_limits(), INDEX)
    plugins = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))["plugins"]
    config = f"<mpy-config hidden>{json.dumps({'plugins': plugins})}</mpy-config>"
    html, count = MPY_CONFIG.subn(lambda _m: config, html)
    if count != 1:
        raise BuildError(f"{INDEX} lost its <mpy-config>")
    return html


def fill_build(source: str, value: object, name: str) -> str:
    """``source`` with its one ``/* BUILD */ ... /* /BUILD */`` replaced by ``value`` as JSON."""
    build = json.dumps(value, indent=2, sort_keys=True)
    rendered, count = BUILD_MARKERS.subn(lambda _m: build, source, count=1)
    if count != 1:
        raise BuildError(f"{name} lost its /* BUILD */ ... /* /BUILD */ markers")
    return rendered


def render_service_worker(version: str, revisions: dict[str, str]) -> str:
    source = (ROOT / SERVICE_WORKER).read_text(encoding="utf-8")
    return fill_build(source, {"version": version, "files": revisions}, SERVICE_WORKER)


def write_text(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    path.chmod(0o644)


def seal(out: Path) -> Manifest:
    """Make the files that describe the others: write the Content-Security-Policy and stamp
    the version into ``index.html``, write ``sw.js`` and ``build-manifest.json``. Run again
    after editing a built site by hand (the tests do, to make a new version); it gives the
    same bytes for the same files.
    """
    index = out / INDEX
    write_text(index, with_csp(index.read_text(encoding="utf-8")))
    version = site_version(out)
    write_text(index, stamp_version(index.read_text(encoding="utf-8"), version))
    precache = precache_list(out)
    revisions = {name: file_hash(out / name) for name in precache}
    write_text(out / SERVICE_WORKER, render_service_worker(version, revisions))
    manifest: Manifest = {
        "version": version,
        "files": list_files(out, skip=(MANIFEST,)),
        "precache": precache,
    }
    write_text(out / MANIFEST, json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    return manifest


def build_into(out: Path) -> Manifest:
    """Build the whole site into the empty directory ``out``; returns the manifest."""
    copy_pages(out)
    copy_static(out)
    entries = zip_entries()
    compiled = precompile(entries)
    # The bytecode in place of the sources: a first visit downloads a quarter less.
    shipped = [(name, data) for name, data in entries if not name.endswith(".py")]
    write_zip(out / APP_ZIP, sorted([*shipped, *compiled.app_files.items()]))
    stdlib_module = out / PYSCRIPT_STDLIB
    source = stdlib_module.read_text(encoding="utf-8")
    write_text(stdlib_module, fill_build(source, compiled.program, PYSCRIPT_STDLIB))
    copy_vendor(out)
    index = out / INDEX
    _, lazy = pyscript_parts(out / PYSCRIPT_DEST)
    page = stamp_page(index.read_text(encoding="utf-8"))
    write_text(index, preload_pyscript_chunks(page, lazy))
    pyodide = NODE_MODULES / PYODIDE_SRC
    ours = {
        **{
            module_name(name)[0]: (data, name.endswith("__init__.py"))
            for name, data in entries
            if name.endswith(".py")
        },
        **package_sources(NODE_MODULES / PYSCRIPT_PACKAGE_SRC),
    }
    kept = stdlib_kept(stdlib_sources(pyodide / STDLIB_ZIP), compiled.started, ours)
    write_stdlib(pyodide / STDLIB_ZIP, out / PYODIDE_DEST / STDLIB_ZIP, compiled.stdlib, kept)
    write_lock(pyodide / LOCK_FILE, out / PYODIDE_DEST / LOCK_FILE)
    make_snapshot(out)  # last: it runs the files above as shipped
    snapshot_module = out / SNAPSHOT_MODULE
    source = snapshot_module.read_text(encoding="utf-8")
    stamp = {"sha256": snapshot_digest(out / SNAPSHOT)}
    write_text(snapshot_module, fill_build(source, stamp, SNAPSHOT_MODULE))
    try:  # last before the seal: it lists the boot's files with their sizes
        write_text(index, bake(index.read_text(encoding="utf-8"), out))
    except FirstBoardError as error:
        raise BuildError(str(error)) from None
    return seal(out)


def first_visit_bytes(out: Path, manifest: Manifest) -> tuple[int, int]:
    """(raw, gzipped) bytes of what one visit downloads: the precached files and the
    service worker. Gzipped is each file at gzip level 6, as a server that compresses
    every response would send it (python_stdlib.zip, app.zip and python.snapshot, already
    deflated, barely shrink)."""
    names = [*manifest["precache"], SERVICE_WORKER]
    raw = sum((out / name).stat().st_size for name in names)
    packed = sum(
        len(gzip.compress((out / name).read_bytes(), compresslevel=6, mtime=0)) for name in names
    )
    return raw, packed


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
    raw, packed = first_visit_bytes(args.out.resolve(), manifest)
    print(
        f"build_site: {len(files)} files, {total / 1e6:.1f} MB, "
        f"version {manifest['version']} -> {args.out}\n"
        f"build_site: first visit {raw:,} bytes ({raw / 1e6:.1f} MB), "
        f"{packed:,} gzipped ({packed / 1e6:.1f} MB): "
        f"{len(manifest['precache'])} files precached by {SERVICE_WORKER}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
