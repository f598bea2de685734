"""static/sparse.mjs, which stores the Python snapshot without its empty pages, under Node:
what it packs unpacks to the same bytes, and a damaged pack is refused, never half-read."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULE = (ROOT / "static" / "sparse.mjs").as_uri()
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (make deps)")

# For each case, a memory of `length` bytes, all zero but `data` at `at`; its pack, the pack
# unpacked, and each damaged pack's error.
SCRIPT = f"""
import {{ pack, unpack }} from "{MODULE}";
const cases = JSON.parse(process.argv[1]);
function grown(buffer) {{
  const bigger = new Uint8Array(buffer.byteLength + 1);
  bigger.set(new Uint8Array(buffer));
  return bigger.buffer;
}}
function withMagic(buffer, magic) {{
  const copy = buffer.slice(0);
  new DataView(copy).setUint32(0, magic, true);
  return copy;
}}
const results = [];
for (const {{ length, writes, offset }} of cases) {{
  const backing = new Uint8Array(length + offset);
  const memory = backing.subarray(offset);  // also an unaligned view
  for (const [at, value] of writes) memory[at] = value;
  const packed = pack(memory);
  const buffer = packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.length);
  const back = unpack(buffer);
  const same = back.length === memory.length && back.every((b, i) => b === memory[i]);
  const errors = {{}};
  const damaged = {{
    truncated: buffer.slice(0, buffer.byteLength - 1),
    longer: grown(buffer),
    magic: withMagic(buffer, 7),
    empty: new ArrayBuffer(0),
  }};
  for (const [name, bad] of Object.entries(damaged)) {{
    try {{ unpack(bad); errors[name] = null; }} catch (error) {{ errors[name] = error.message; }}
  }}
  results.push({{ same, size: packed.length, errors }});
}}
console.log(JSON.stringify(results));
"""

BLOCK = 4096
HEADER = 16


def run(cases: list[dict[str, object]]) -> list[dict[str, object]]:
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", SCRIPT, json.dumps(cases)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout)


def bitmap(blocks: int) -> int:
    """Bytes of the bitmap: a bit per block, padded to 4 bytes."""
    return math.ceil(math.ceil(blocks / 8) / 4) * 4


CASES = [
    # all zero: only the header and the bitmap are kept
    ({"length": 10 * BLOCK, "writes": [], "offset": 0}, HEADER + bitmap(10)),
    # one byte in block 3, the last byte of block 7: two blocks kept
    (
        {"length": 10 * BLOCK, "writes": [[3 * BLOCK + 5, 1], [8 * BLOCK - 1, 255]], "offset": 0},
        HEADER + bitmap(10) + 2 * BLOCK,
    ),
    # a length that is no multiple of the block or of 4, a byte in its short last block
    (
        {"length": 5 * BLOCK + 3, "writes": [[5 * BLOCK + 2, 9]], "offset": 1},
        HEADER + bitmap(6) + 3,
    ),
    # every block in use
    (
        {"length": 3 * BLOCK, "writes": [[i * BLOCK, 1] for i in range(3)], "offset": 2},
        HEADER + bitmap(3) + 3 * BLOCK,
    ),
]


def test_unpacks_what_it_packed_and_keeps_only_blocks_in_use() -> None:
    results = run([case for case, _size in CASES])
    for (case, size), result in zip(CASES, results, strict=True):
        assert result["same"], case
        assert result["size"] == size, case


def test_refuses_a_damaged_pack() -> None:
    for result in run([case for case, _size in CASES]):
        errors = result["errors"]
        assert isinstance(errors, dict)
        assert errors["magic"] == errors["empty"] == "not a packed snapshot"
        assert errors["truncated"] is not None and errors["longer"] is not None
