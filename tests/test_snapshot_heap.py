"""The Python memory snapshot must fit the runtime's initial heap (pyodide#6254: a larger
one fails to restore, and every visit would start Python the slow way). The build fails
if it does not (tools/make_snapshot.mjs); this checks the reading it relies on, so that
a Pyodide upgrade that changes the runtime's memory shows up here, loudly."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WASM = ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm"
NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None or not WASM.is_file(), reason="needs node and node_modules")
def test_the_runtimes_initial_heap_is_read_from_its_binary() -> None:
    out = subprocess.run(
        [str(NODE), str(ROOT / "tools" / "wasm_memory.mjs"), str(WASM)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    initial = int(out.stdout)
    assert initial % 65536 == 0 and initial >= 16 * 2**20  # pages, and a heap Python runs in
