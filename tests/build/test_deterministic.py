"""The site build is deterministic: a build of this tree gives the built ``_site/`` byte for
byte. No browser and pure CPU, so it runs in the first phase of ``make test``
(``make build-check``), not under coverage: pytest does not recurse into a ``build``
folder, so ``make unit`` and ``make wasm`` leave this file alone."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent


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


def test_build_is_deterministic(tmp_path: Path, built_site: Path) -> None:
    """A build of this tree gives the built site byte for byte; only when it does not is it
    built again, to tell a build that varies from a site built from other sources."""
    first = _build(tmp_path / "a")
    if first == _built(built_site):
        return
    assert first == _build(tmp_path / "b"), "two builds of the same tree differ"
    pytest.fail(f"{built_site} is not this tree's build: run `make site`")
