"""The built site boots: Python comes up in Chromium, served from localhost only.

These rely only on the page's contract, not on its content: ``#loading`` is shown while
Python boots and hidden (or gone) once ``<html data-ready="1">`` (seen with Python held
back in ``e2e/test_game.py`` and ``e2e/test_first_paint.py``; a boot under a sub-path in
``e2e/test_offline.py``).
"""

from __future__ import annotations

import hashlib
import json
import re
import struct
import subprocess
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from e2e.conftest import OffsiteGuard

ROOT = Path(__file__).resolve().parent.parent
LOADING = "#loading"


@dataclass
class Booted:
    page: Page
    errors: list[str]  # console errors and uncaught exceptions
    offsite: OffsiteGuard
    waited: float = 0.0


@pytest.fixture(scope="module")
def booted(browser: Browser, site_url: str, wait_ready) -> Iterator[Booted]:
    """The page booted once for the tests that only look at it, every request routed
    through the offsite guard (no HTTP cache, as for pytest-playwright's ``page`` here)."""
    context = browser.new_context()
    offsite = OffsiteGuard()
    context.route("**/*", offsite.handle)
    page = context.new_page()
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(f"console: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(f"pageerror: {error.message}"))
    page.goto(site_url)
    yield Booted(page, errors, offsite, wait_ready(page))
    context.close()
    offsite.assert_none()


def test_boots_to_ready(booted: Booted) -> None:
    page, console_errors, offsite = booted.page, booted.errors, booted.offsite
    expect(page.locator(LOADING)).to_be_hidden()
    print(f"boot: data-ready=1 after {booted.waited:.1f} s")
    # PyScript's program that writes its package was the one the build fingerprinted, so
    # it was skipped (static/pyscript-stdlib.mjs): a new PyScript would say "ran".
    assert page.evaluate("document.documentElement.dataset.pyscriptStdlib") == "built"
    # The runtime fetched once, as the page starts (index.html's head); compiled early
    # (static/early-wasm.mjs) when the snapshot is restored, by Pyodide itself when a
    # first visit goes without; and fetch and instantiateStreaming are the browser's own
    # again.
    assert page.evaluate(WASM_FETCHES) == 1
    early = page.evaluate("performance.getEntriesByName('scorpion-runtime-early').length")
    assert early == (
        0 if page.evaluate("document.documentElement.dataset.snapshot") == "none" else 1
    )
    assert page.evaluate(NATIVE) == [True, True]
    assert console_errors == []
    offsite.assert_none()


def test_pyscripts_package_is_imported_only_when_used(booted: Booted) -> None:
    """Nothing at start imports PyScript's Python package (a share of the boot), yet a
    `from pyscript import ...` finds it, as PyScript's own program would have left it."""
    page, console_errors = booted.page, booted.errors
    assert page.evaluate(IN_PYTHON, "'pyscript' in sys.modules") is False
    assert page.evaluate(IN_PYTHON, "from pyscript import document; document.title") == (
        page.title()
    )
    assert page.evaluate(IN_PYTHON, "sys.modules['pyscript'].__file__").startswith(
        "/home/pyodide/app.zip/pyscript/"
    )
    assert console_errors == []


# The page's interpreter: pyodide-boot.mjs hands the one it started to anyone who asks.
IN_PYTHON = """async (code) => {
    const boot = await import(new URL("static/pyodide-boot.mjs", document.baseURI).href);
    const pyodide = await boot.loadPyodide();
    return pyodide.runPython("import sys\\n" + code);
}"""


WASM_FETCHES = """performance.getEntriesByType("resource")
    .filter((entry) => entry.name.endsWith("/pyodide.asm.wasm")).length"""
NATIVE = """[fetch, WebAssembly.instantiateStreaming]
    .map((f) => String(f).includes("[native code]"))"""


def test_another_pyscript_program_runs_as_it_is(
    page: Page, site_url, site_dir: Path, console_errors, wait_ready
) -> None:
    """Were PyScript's program not the one the build fingerprinted (another PyScript), it
    runs as PyScript wrote it, and the game boots the same (the fingerprint changed here)."""
    module = (site_dir / "static" / "pyscript-stdlib.mjs").read_text()
    changed, count = re.subn(r'"fnv1a": \d+', '"fnv1a": 1', module)
    assert count == 1
    page.route(
        "**/static/pyscript-stdlib.mjs",
        lambda route: route.fulfill(body=changed, content_type="text/javascript"),
    )
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.pyscriptStdlib") == "ran"
    expect(page.locator("[data-card]").first).to_be_visible()
    assert console_errors == []


def test_manifest_lists_every_file(site_dir: Path) -> None:
    manifest = json.loads((site_dir / "build-manifest.json").read_text())
    on_disk = {
        path.relative_to(site_dir).as_posix()
        for path in site_dir.rglob("*")
        if path.is_file() and path.name != "build-manifest.json"
    }
    assert set(manifest["files"]) == on_disk
    for name, entry in manifest["files"].items():
        assert entry["size"] == (site_dir / name).stat().st_size, name
        assert entry["sha256"] == hashlib.sha256((site_dir / name).read_bytes()).hexdigest()
    assert not any(name.endswith(".map") for name in on_disk)
    assert "static/vendor/pyodide/pyodide.asm.wasm" in on_disk


def test_app_zip_carries_the_package_and_every_catalog(site_dir: Path) -> None:
    with zipfile.ZipFile(site_dir / "static" / "app.zip") as archive:
        names = set(archive.namelist())
    for po in (ROOT / "i18n").glob("*/LC_MESSAGES/*.po"):
        assert po.relative_to(ROOT).with_suffix(".mo").as_posix() in names
    assert not any(name.endswith((".po", ".md")) for name in names)
    # Bytecode made by the build (tools/precompile.mjs) in place of every source, and no
    # source: ours, as in the repository, and PyScript's own package's.
    assert not any(name.endswith(".py") or "__pycache__" in name for name in names)
    ours = {
        f"{folder}/{path.relative_to(ROOT / source).with_suffix('.pyc').as_posix()}"
        for folder, source in (("scorpion", "scorpion"), ("webapp", "static/webapp"))
        for path in (ROOT / source).rglob("*.py")
        if "__pycache__" not in path.parts
    }
    assert "scorpion/__init__.pyc" in ours and "webapp/main.pyc" in ours
    assert ours <= names
    compiled = {name for name in names if name.endswith(".pyc")}
    assert compiled - ours == {n for n in compiled if n.startswith("pyscript/")}


def test_app_zip_carries_pyscripts_package_as_pyscript_writes_it(site_dir: Path) -> None:
    """The `pyscript` package in app.zip is the bytecode of what PyScript's program would
    write (the sources its bundle embeds: tools/precompile.mjs stops if they are not), a
    module for each, and the page's static/pyscript-stdlib.mjs carries the fingerprint of
    that program (tests/test_pyscript_stdlib.py checks the module itself)."""
    embedded = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
    script = f'import p from "{embedded.as_uri()}"; console.log(JSON.stringify(p.pyscript));'
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    written = {f"pyscript/{name}c" for name in json.loads(done.stdout)}
    with zipfile.ZipFile(site_dir / "static" / "app.zip") as archive:
        shipped = {name for name in archive.namelist() if name.startswith("pyscript/")}
        magic = {archive.read(name)[:4] for name in shipped}
    assert shipped == written
    assert len(magic) == 1  # one interpreter's bytecode
    module = (site_dir / "static" / "pyscript-stdlib.mjs").read_text()
    assert "/* BUILD */" not in module
    program = re.search(r"export const PROGRAM = (\{.*?\});", module, re.DOTALL)
    assert program is not None
    assert set(json.loads(program.group(1))) == {"length", "fnv1a"}


def node_with_app(static: Path) -> str:
    """The start of a Node script: the site's runtime loaded (``pyodide``) and app.zip read
    (``app``), its files not yet written."""
    runtime = (static / "vendor" / "pyodide" / "pyodide.mjs").as_uri()
    return f"""
import {{ readFileSync }} from "node:fs";
const {{ loadPyodide }} = await import("{runtime}");
const {{ readApp, writeAppFiles }} = await import("{(static / "app-files.mjs").as_uri()}");
const pyodide = await loadPyodide({{ indexURL: "{static / "vendor" / "pyodide"}/" }});
const zip = readFileSync("{static / "app.zip"}");
const app = await readApp(zip.buffer.slice(zip.byteOffset, zip.byteOffset + zip.byteLength));
"""


def test_python_imports_the_game_from_app_zip_its_dataclasses_compiled(site_dir: Path) -> None:
    """A first visit that starts Python itself, under Node with the site's own files: the
    game is imported from the archive (app-files.mjs), the catalogs are read beside it, and
    every dataclass the game makes as it starts was compiled by the build
    (webapp/dataclass_code.py: none compiled here)."""
    script = (
        node_with_app(site_dir / "static")
        + """
const dir = pyodide.FS.cwd();
writeAppFiles(pyodide, dir, app);
writeAppFiles(pyodide, dir, app);  // once on the path
console.log(pyodide.runPython(`
import json, sys
from webapp.dataclass_code import USED, prepare
prepare()
import webapp.main
from scorpion.i18n import translations
json.dumps({"file": webapp.main.__file__, "used": USED,
            "on_path": sys.path.count(dir + "/app.zip"),
            "undo_sv": translations("sv").gettext("Undo")})
`.replace("dir + ", JSON.stringify(dir) + " + ")));
"""
    )
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        capture_output=True, text=True, check=True, timeout=120,
    )  # fmt: skip
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert got["file"].endswith("/app.zip/webapp/main.pyc")
    assert got["on_path"] == 1
    assert got["used"]["compiled"] == 0 and got["used"]["known"] >= 20
    assert got["undo_sv"] == "Ångra"


def test_the_archives_table_of_contents_is_read_again_only_for_other_bytes(
    site_dir: Path,
) -> None:
    """app-files.mjs's importer of app.zip remembers the SHA-256 of the bytes whose table of
    contents it read: an interpreter restored from the build's snapshot meets the same
    archive again and keeps that table (Python reads it entry by entry, some 0.1 s of a
    phone's start); other bytes, or bytes of no known hash, have it read again."""
    script = (
        node_with_app(site_dir / "static")
        + """
const dir = pyodide.FS.cwd();
const table = () => JSON.parse(pyodide.runPython(`
import json, sys, zipimport
archive = ${JSON.stringify(dir + "/app.zip")}
table = zipimport._zip_directory_cache.get(archive)
globals().setdefault("kept_alive", []).append(table)  # no id used twice
json.dumps({"id": id(table) if table is not None else None,
            "tag": getattr(sys.path_importer_cache.get(archive), "scorpion_sha256", None)})
`));
const seen = {};
writeAppFiles(pyodide, dir, app);
pyodide.runPython("import webapp.main");
seen.first = table();
writeAppFiles(pyodide, dir, app);  // the same bytes, as after a restore
seen.same = table();
writeAppFiles(pyodide, dir, { ...app, sha256: "0".repeat(64) });  // other bytes
seen.other = table();
writeAppFiles(pyodide, dir, { ...app, sha256: null });  // no WebCrypto: unknown
seen.unknown = table();
writeAppFiles(pyodide, dir, { ...app, sha256: null });  // unknown again: never trusted
seen.again = table();
console.log(JSON.stringify({ sha256: app.sha256, seen }));
"""
    )
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        capture_output=True, text=True, check=True, timeout=120,
    )  # fmt: skip
    got = json.loads(done.stdout.strip().splitlines()[-1])
    wanted = hashlib.sha256((site_dir / "static" / "app.zip").read_bytes()).hexdigest()
    seen = got["seen"]
    assert got["sha256"] == wanted and seen["first"]["tag"] == wanted
    assert seen["first"]["id"] is not None
    assert seen["same"] == seen["first"]  # kept: not read again
    assert seen["other"]["tag"] == "0" * 64 and seen["other"]["id"] != seen["first"]["id"]
    assert seen["unknown"]["tag"] is None and seen["unknown"]["id"] != seen["other"]["id"]
    assert seen["again"]["tag"] is None and seen["again"]["id"] != seen["unknown"]["id"]


def test_the_site_ships_a_python_snapshot(site_dir: Path) -> None:
    """static/python.snapshot (tools/make_snapshot.mjs): raw DEFLATE of a sparse pack
    (static/sparse.mjs: "SPP1", the memory's length, 4 KB blocks) of Pyodide's memory.
    e2e/test_python_snapshot.py restores it."""
    packed = zlib.decompress((site_dir / "static" / "python.snapshot").read_bytes(), wbits=-15)
    magic, length, block = struct.unpack_from("<4sII", packed)
    assert (magic, block) == (b"SPP1", 4096)
    assert 16 << 20 <= length <= 64 << 20  # Pyodide's memory after the imports: ~31 MB
    assert len(packed) < length  # its empty pages left out
    # Nothing of the machine that built it (Emscripten under Node names the program after
    # the script, with its path, in the environment the snapshot carries).
    assert str(ROOT).encode() not in packed
    assert b"make_snapshot" not in packed


def test_runtime_goes_without_what_the_page_does_not_use(site_dir: Path) -> None:
    """tools/build_site.py: python_stdlib.zip keeps only what the page can import
    (``stdlib_kept``), and the lock file lists no packages."""
    pyodide = site_dir / "static" / "vendor" / "pyodide"
    with zipfile.ZipFile(pyodide / "python_stdlib.zip") as archive:
        tops = {
            name.split("/")[0].removesuffix(".pyc").removesuffix(".py")
            for name in archive.namelist()
        }
    assert {"pdb", "unittest", "multiprocessing", "_pyrepl", "tarfile", "email"}.isdisjoint(tops)
    assert {"asyncio", "json", "traceback", "encodings", "pyodide", "gettext"} <= tops
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    assert lock["packages"] == {}
    assert lock["info"]["abi_version"]


def test_every_module_shipped_imports_from_the_trimmed_stdlib(site_dir: Path) -> None:
    """Under Node, with the site's own runtime and its trimmed python_stdlib.zip: every module
    of that zip and of app.zip imports (nothing a module imports as it loads was cut; what
    they import later, inside functions, tests/test_stdlib_cut.py follows). PyScript's
    package needs the page's `polyscript` module: test_pyscripts_package_is_imported_only_when_used
    imports it in the page."""
    script = (
        node_with_app(site_dir / "static")
        + """
writeAppFiles(pyodide, pyodide.FS.cwd(), app);
console.log(pyodide.runPython(`
import importlib, json, sys, zipfile
def names(path):
    with zipfile.ZipFile(path) as archive:
        for entry in archive.namelist():
            if entry.endswith((".py", ".pyc")):
                yield entry.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__")
stdlib = next(p for p in sys.path if p.endswith(".zip") and "/python3" in p)
modules = sorted(set(names(stdlib))) + sorted(set(names("app.zip")))
failed = {}
for name in modules:
    if name.split(".")[0] == "pyscript":
        continue
    try:
        importlib.import_module(name)
    except BaseException as error:
        failed[name] = f"{type(error).__name__}: {error}"
json.dumps({"stdlib": stdlib, "count": len(modules), "failed": failed})
`));
"""
    )
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        capture_output=True, text=True, check=True, timeout=300,
    )  # fmt: skip
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert got["failed"] == {}
    assert got["count"] > 250  # the standard library's kept modules, and ours


def test_pyscripts_boot_chunks_are_preloaded(site_dir: Path) -> None:
    """The chunks PyScript imports lazily while booting (their names carry hashes) are
    named in index.html, so the page fetches them as it starts (tools/build_site.py)."""
    html = (site_dir / "index.html").read_text()
    assert "BUILD:" not in html
    preloaded = set(
        re.findall(r'<link rel="modulepreload" href="\./static/vendor/pyscript/([^"]+)">', html)
    )
    shipped = {path.name for path in (site_dir / "static" / "vendor" / "pyscript").glob("*.js")}
    assert {name.split("-")[0] for name in preloaded} == {"error", "toml"}
    assert preloaded <= shipped
