"""The built site's Python snapshot restored under Node by the very runtime the site ships,
as static/pyodide-boot.mjs restores it: through sparse.mjs's ``restorable``, its memory
written straight into the runtime's (only the blocks in use; Pyodide's own copy gets
nothing), and the game is there. A Pyodide whose restore no longer asks for the memory as
``restorable`` expects would still restore (the view is then the snapshot unpacked), but
heavier: this says so loudly. e2e/test_python_snapshot.py restores it in the browser."""

from __future__ import annotations

import json

import pytest
from test_pyscript_stdlib import ROOT, node_json, pytestmark  # noqa: F401  (Node or skip)

SITE = ROOT / "_site"
SNAPSHOT = SITE / "static" / "python.snapshot"

# argv[1]: the site's static/ (a file: URL); argv[2]: {"sparse": bool}. Prints what the
# runtime was handed and what Python then says.
RESTORE = """
import { readFileSync } from "node:fs";
import { inflateRawSync } from "node:zlib";
const [base, planJson] = process.argv.slice(1);
const { sparse } = JSON.parse(planJson);
const { restorable, runtimeMemory } = await import(`${base}/sparse.mjs`);
const { loadPyodide } = await import(`${base}/vendor/pyodide/pyodide.mjs`);
const create = (await import(`${base}/vendor/pyodide/pyodide.asm.mjs`)).default;
const inflated = inflateRawSync(readFileSync(new URL(`${base}/python.snapshot`)));
const packed = inflated.buffer.slice(inflated.byteOffset, inflated.byteOffset + inflated.length);
let module = null;
const handed = [];
const view = restorable(packed, () => {
  const into = sparse ? runtimeMemory(module) : null;
  handed.push(into ? { heap: into.heap.length, zeroFrom: into.zeroFrom } : null);
  return into;
});
const pyodide = await loadPyodide({
  indexURL: new URL(`${base}/vendor/pyodide/`).pathname,
  _loadSnapshot: view,
  createPyodideModule: async (settings) => (module = await create(settings)),
});
const python = pyodide.runPython(`
import json, sys
from scorpion import Game
game = Game.new(1)
json.dumps({"game": "webapp.main" in sys.modules, "moves": len(list(game.legal_moves()))})
`);
console.log(JSON.stringify({ handed, python: JSON.parse(python) }));
"""


@pytest.mark.skipif(not SNAPSHOT.is_file(), reason="no built site (make site)")
@pytest.mark.parametrize("sparse", [True, False])
def test_the_shipped_snapshot_restores_with_its_memory_written_by_us(sparse: bool) -> None:
    got = node_json(RESTORE, (SITE / "static").as_uri(), json.dumps({"sparse": sparse}))
    assert got["python"]["game"] and got["python"]["moves"] > 0, got
    (handed,) = got["handed"]  # asked once, for the memory after the header
    if sparse:
        # the runtime's memory, and its break: nothing written past it before the restore
        assert handed["heap"] >= 16 * 2**20 and 0 < handed["zeroFrom"] < handed["heap"], handed
    else:
        assert handed is None  # no heap to write to: Pyodide copies the unpacked memory
