"""static/python-snapshot.mjs under Node, on a first visit over a fast link (no copy kept,
no Cache Storage): the shipped snapshot's bytes are a promise that rejects, never a page
error, for each way the file can be wrong (not there, not deflated, not a packed snapshot),
and resolve to the packed memory for a good one. The page then starts Python afresh
(pyodide-boot.mjs): e2e/test_python_snapshot.py shows that in the browser, for one of them.
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest
from test_pyscript_stdlib import ROOT, node_json, pytestmark  # noqa: F401  (Node or skip)

MODULE = (ROOT / "static" / "python-snapshot.mjs").as_uri()
SPARSE = (ROOT / "static" / "sparse.mjs").as_uri()

# argv[1]: {status, body (base64), or good: a memory of 128 KB packed by sparse.mjs and
# deflated as the build stores it}. The page's globals faked: a built site's <html>, no
# service worker, no Cache Storage; the link measured fast, so the snapshot is fetched.
RESTORE = f"""
const plan = JSON.parse(process.argv[1]);
const asked = [];
globalThis.document = {{ documentElement: {{ dataset: {{ version: "0123456789abcdef" }} }} }};
globalThis.location = {{ href: "https://example.org/game/" }};
const stored = new Map();
globalThis.localStorage = {{
  getItem: (k) => (stored.has(k) ? stored.get(k) : null),
  setItem: (k, v) => stored.set(k, String(v)),
  removeItem: (k) => stored.delete(k),
}};
Object.defineProperty(globalThis, "navigator", {{ value: {{}}, configurable: true }});
let body = Buffer.from(plan.body, "base64");
if (plan.good) {{
  const {{ pack }} = await import("{SPARSE}");
  const memory = new Uint8Array(1 << 17).map((_, i) => (i < 1 << 16 ? i & 255 : 0));
  const deflating = new Blob([pack(memory)]).stream()
    .pipeThrough(new CompressionStream("deflate-raw"));
  body = new Uint8Array(await new Response(deflating).arrayBuffer());
}}
globalThis.fetch = async (url) => {{
  asked.push(String(url).split("/").pop());
  return new Response(body, {{ status: plan.status }});
}};
const {{ pythonSnapshot }} = await import("{MODULE}");
const snapshot = await pythonSnapshot(Promise.resolve({{ rate: 1e9, encoded: false }}));
let length = null, error = null;
try {{
  const {{ packedLength }} = await import("{SPARSE}");
  length = packedLength(await snapshot.bytes); // the memory it packs
}} catch (e) {{
  error = String(e.message || e);
}}
console.log(JSON.stringify({{ source: snapshot.source, asked, length, error }}));
"""


def restore(status: int, body: bytes, good: bool = False) -> dict[str, Any]:
    plan = {"status": status, "body": base64.b64encode(body).decode(), "good": good}
    return node_json(RESTORE, json.dumps(plan))


def deflated(data: bytes) -> bytes:
    return zlib.compress(data)[2:-4]  # raw deflate, as tools/make_snapshot.mjs stores it


SPOILED = {
    "gone": (404, b"Not found", "HTTP 404"),
    "garbled": (200, bytes(range(256)) * 64, "invalid"),  # zlib's words, in Node
    "not a snapshot": (200, deflated(b"\7" * (1 << 20)), "not a packed snapshot"),
}


@pytest.mark.parametrize("damage", sorted(SPOILED))
def test_a_broken_shipped_snapshot_rejects_its_bytes(damage: str) -> None:
    status, body, said = SPOILED[damage]
    got = restore(status, body)
    assert got["asked"] == ["python.snapshot"] and got["source"] == "shipped"
    assert got["length"] is None and got["error"], got
    assert said in got["error"], got


def test_a_good_one_gives_the_memory() -> None:
    got = restore(200, b"", good=True)  # half of it zeros, left out by the packing
    assert got == {"source": "shipped", "asked": ["python.snapshot"], "length": 131072,
                   "error": None}  # fmt: skip
