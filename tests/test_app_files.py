"""static/app-files.mjs, the JavaScript that reads app.zip for the page, under Node: it must
read every file exactly as Python's zipfile does, and refuse what it cannot read."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULE = (ROOT / "static" / "app-files.mjs").as_uri()
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (make deps)")

# Node prints {path: sha256} of what readZip returns, or the error's message.
READ = f"""
import {{ readZip }} from "{MODULE}";
import {{ readFileSync }} from "node:fs";
import {{ createHash }} from "node:crypto";
const bytes = readFileSync(process.argv[1]);
try {{
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
  const files = await readZip(buffer);
  const out = {{}};
  for (const {{ path, bytes }} of files)
    out[path] = createHash("sha256").update(bytes).digest("hex");
  console.log(JSON.stringify({{ files: out }}));
}} catch (error) {{
  console.log(JSON.stringify({{ error: String(error.message) }}));
}}
"""


def read_zip(path: Path) -> dict[str, object]:
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", READ, str(path)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout)


def digests(path: Path) -> dict[str, str]:
    with zipfile.ZipFile(path) as archive:
        return {
            info.filename: hashlib.sha256(archive.read(info)).hexdigest()
            for info in archive.infolist()
            if not info.is_dir()
        }


def test_reads_stored_and_deflated_files_as_zipfile_does(tmp_path: Path) -> None:
    path = tmp_path / "app.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("top.txt", "plain", compress_type=zipfile.ZIP_STORED)
        archive.writestr("pkg/", "")  # a directory entry: implied, not a file
        archive.writestr("pkg/mod.py", "x = 1\n" * 500, compress_type=zipfile.ZIP_DEFLATED)
        archive.writestr("pkg/empty.py", "", compress_type=zipfile.ZIP_DEFLATED)
        archive.writestr("a/b/c.bin", bytes(range(256)) * 40, compress_type=zipfile.ZIP_DEFLATED)
        archive.writestr("ünï/名前.mo", "text", compress_type=zipfile.ZIP_DEFLATED)
        archive.comment = b"a comment moves the end record"
    assert read_zip(path) == {"files": digests(path)}


def test_reads_the_built_app_zip(tmp_path: Path) -> None:
    built = ROOT / "_site" / "static" / "app.zip"
    if not built.exists():
        pytest.skip("no built site: make site")
    assert read_zip(built) == {"files": digests(built)}


@pytest.mark.parametrize(
    ("name", "method", "message"),
    [
        ("../evil.py", zipfile.ZIP_DEFLATED, "bad path ../evil.py"),
        ("/abs.py", zipfile.ZIP_DEFLATED, "bad path /abs.py"),
        ("bz.py", zipfile.ZIP_BZIP2, "bz.py uses compression method 12"),
    ],
)
def test_refuses_what_it_cannot_read_safely(
    tmp_path: Path, name: str, method: int, message: str
) -> None:
    path = tmp_path / "bad.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(zipfile.ZipInfo(name), "data", compress_type=method)
    assert read_zip(path) == {"error": f"app.zip: {message}"}


def test_refuses_what_is_not_a_zip(tmp_path: Path) -> None:
    path = tmp_path / "not.zip"
    path.write_bytes(b"<!doctype html> a 404 page, say" * 10)
    assert read_zip(path) == {"error": "app.zip: not a zip file"}


def test_reads_only_the_files_wanted(tmp_path: Path) -> None:
    """The page reads out all but the bytecode, which Python imports from the archive."""
    path = tmp_path / "app.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("pkg/mod.pyc", b"\x00" * 100, compress_type=zipfile.ZIP_DEFLATED)
        archive.writestr("i18n/sv/x.mo", "text", compress_type=zipfile.ZIP_DEFLATED)
    wanted = 'await readZip(buffer, (p) => !p.endsWith(".pyc"))'
    script = READ.replace("await readZip(buffer)", wanted)
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", script, str(path)],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    assert set(json.loads(done.stdout)["files"]) == {"i18n/sv/x.mo"}


WRITE = f"""
import {{ writeAppFiles }} from "{MODULE}";
const written = [], made = [], ran = [];
const pyodide = {{
  FS: {{ writeFile: (p, b) => written.push([p, b.length]), mkdirTree: (p) => made.push(p) }},
  runPython: (code) => ran.push(code),
}};
const files = [{{ path: "i18n/sv/LC_MESSAGES/x.mo", bytes: new Uint8Array(3) }}];
writeAppFiles(pyodide, "/home/pyodide", {{ archive: new Uint8Array(7), files }});
console.log(JSON.stringify({{ written, made, ran }}));
"""


def test_writes_the_archive_whole_and_puts_it_on_the_import_path() -> None:
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", WRITE],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    got = json.loads(done.stdout)
    assert got["written"] == [
        ["/home/pyodide/app.zip", 7],
        ["/home/pyodide/i18n/sv/LC_MESSAGES/x.mo", 3],
    ]
    assert got["made"] == ["/home/pyodide/i18n/sv/LC_MESSAGES"]
    (code,) = got["ran"]
    assert "sys.path.insert(0, archive)" in code and '"/home/pyodide/app.zip"' in code
