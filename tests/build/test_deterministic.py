"""The site build is deterministic: a build of this tree gives the built ``_site/`` byte for
byte. No browser and pure CPU, so it runs in the first phase of ``make test``
(``make build-check``), not under coverage: pytest does not recurse into a ``build``
folder, so ``make unit`` and ``make wasm`` leave this file alone."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
SITE_DIR = Path(os.environ.get("SCORPION_SITE_DIR", ROOT / "_site")).resolve()


def _built(out: Path) -> dict[str, bytes]:
    return {
        path.relative_to(out).as_posix(): path.read_bytes()
        for path in sorted(out.rglob("*"))
        if path.is_file()
    }


def _build(out: Path) -> dict[str, bytes]:
    command = [sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(out)]
    subprocess.run(command, check=True, capture_output=True)
    return _built(out)


def test_build_is_deterministic(tmp_path: Path) -> None:
    """A build of this tree gives the built site byte for byte; only when it does not is it
    built again, to tell a build that varies from a site built from other sources."""
    if not (SITE_DIR / "index.html").is_file():
        pytest.fail(f"{SITE_DIR}/index.html is missing: run `make site` first")
    first = _build(tmp_path / "a")
    if first == _built(SITE_DIR):
        return
    assert first == _build(tmp_path / "b"), "two builds of the same tree differ"
    pytest.fail(f"{SITE_DIR} is not this tree's build: run `make site`")
