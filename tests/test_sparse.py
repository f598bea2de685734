"""static/sparse.mjs, which stores the Python snapshot without its empty pages, under Node:
what it packs unpacks to the same bytes, and a damaged pack is refused, never half-read;
written straight into a memory (as a restore writes it into the runtime's), it gives the
same bytes while writing only the blocks in use and zeroing only what is not zero."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from pathlib import Path
from typing import Any

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


# unpackInto: the bytes from..to of a packed memory written into a target as
# `target.set(unpack(packed).subarray(from, to))` would; which ranges it wrote (`set`) and
# zeroed (`fill`), recorded by a Uint8Array whose two methods note their calls.
INTO = f"""
import {{ pack, unpack, unpackInto }} from "{MODULE}";
const {{ length, writes, garbage, from, to, fresh, zeroFrom }} = JSON.parse(process.argv[1]);
const memory = new Uint8Array(length);
for (const [at, value] of writes) memory[at] = value;
const packed = pack(memory);
const buffer = packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.length);
const calls = [];
class Noting extends Uint8Array {{
  set(source, at) {{ calls.push(["set", at, at + source.length]); return super.set(source, at); }}
  fill(value, start, end) {{
    calls.push(["fill", start, end]);
    return super.fill(value, start, end);
  }}
}}
const wanted = unpack(buffer).subarray(from, to ?? length);
const target = new Noting(wanted.length + 5);  // zeros; five bytes past the range
for (const at of [...garbage, ...[0, 1, 2, 3, 4].map((i) => wanted.length + i)]) target[at] = 0xee;
calls.length = 0;
unpackInto(buffer, target, {{ from, to: to ?? undefined, fresh, zeroFrom: zeroFrom ?? undefined }});
const same = wanted.every((b, i) => b === target[i]);
const rest = Array.from(target.subarray(wanted.length));
console.log(JSON.stringify({{ same, rest, calls }}));
"""


def into(
    length: int, writes: list[list[int]], garbage: list[int], start: int, end: int | None = None,
    fresh: bool = False, zero_from: int | None = None,
) -> dict[str, Any]:  # fmt: skip
    plan = {"length": length, "writes": writes, "garbage": garbage, "from": start, "to": end,
            "fresh": fresh, "zeroFrom": zero_from}  # fmt: skip
    done = subprocess.run(
        [str(NODE), "--input-type=module", "-e", INTO, json.dumps(plan)],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    return json.loads(done.stdout)


def test_writes_into_a_target_only_the_blocks_in_use_and_zeroes_only_what_is_not() -> None:
    """A fresh WebAssembly memory is zeros the system has not given pages yet: a block that
    is all zeros in the snapshot is left alone where the target is zero already (a page
    written is a page the tab holds), and zeroed where it is not."""
    writes = [[BLOCK + 7, 1], [4 * BLOCK, 2], [6 * BLOCK - 1, 3]]  # blocks 1, 4 and 5
    # from 48 (Pyodide's memory after its header): the blocks' ranges shift by 48
    clean = into(8 * BLOCK, writes, [], 48)
    assert clean["same"] and clean["rest"] == [0xEE] * 5  # nothing past the range
    assert clean["calls"] == [
        ["set", BLOCK - 48, 2 * BLOCK - 48],
        ["set", 4 * BLOCK - 48, 6 * BLOCK - 48],
    ]  # a run: one copy
    # garbage where the memory is zero (block 2, and the part of block 0 before `from`'s
    # end): those two ranges zeroed, nothing else
    dirty = into(8 * BLOCK, writes, [5, 2 * BLOCK + 100], 48)
    assert dirty["same"] and dirty["rest"] == [0xEE] * 5
    assert ["fill", 0, BLOCK - 48] in dirty["calls"]
    assert ["fill", 2 * BLOCK - 48, 3 * BLOCK - 48] in dirty["calls"]
    assert [c for c in dirty["calls"] if c[0] == "fill"] == [
        ["fill", 0, BLOCK - 48], ["fill", 2 * BLOCK - 48, 3 * BLOCK - 48]]  # fmt: skip
    # `fresh`: the target is taken to be zeros, never read nor zeroed
    assert [c for c in into(8 * BLOCK, writes, [], 0, fresh=True)["calls"] if c[0] == "fill"] == []
    # `zeroFrom` (a runtime's break): read and zeroed only below it; past it, zeros taken
    # on trust (the garbage at block 2 is left: no runtime writes past its break)
    bounded = into(8 * BLOCK, writes, [5, 2 * BLOCK + 100], 48, zero_from=2 * BLOCK - 48)
    assert [c for c in bounded["calls"] if c[0] == "fill"] == [["fill", 0, BLOCK - 48]]


@pytest.mark.parametrize(
    ("start", "end"),
    [(0, None), (1, None), (3, 5 * BLOCK + 2), (BLOCK, 2 * BLOCK), (5 * BLOCK + 3, None), (9, 9)],
)
def test_writes_any_range_as_unpacking_then_slicing_would(start: int, end: int | None) -> None:
    """Ranges that start or end inside a block, off a 4-byte boundary, at the short last
    block, or empty; garbage everywhere in the target that the range should overwrite."""
    length = 5 * BLOCK + 3
    writes = [[2, 9], [BLOCK + 1, 8], [3 * BLOCK + 4095, 7], [5 * BLOCK + 2, 6]]
    got = into(length, writes, list(range(0, length, 97)), start, end)
    assert got["same"] and got["rest"] == [0xEE] * 5, (start, end)


# restorable: a packed snapshot with Pyodide's header (magic, the memory's offset, the JSON's
# length, a build id, the JSON), restored by a stand-in for Pyodide's restoreSnapshot that
# makes the same calls (pyodide.asm.mjs): the heap holds the memory either way; with a heap
# to write to, Pyodide's own copy is given nothing.
RESTORE = f"""
import {{ pack, restorable }} from "{MODULE}";
const {{ heapGiven }} = JSON.parse(process.argv[1]);
const json = new TextEncoder().encode(JSON.stringify({{ hiwire: [1, 2, 3] }}));
const offset = Math.ceil((48 + json.length) / 16) * 16;
const memoryLength = 6 * {BLOCK};
const snapshot = new Uint8Array(offset + memoryLength);
const words = new Uint32Array(snapshot.buffer);
words[0] = 1886286592; words[1] = offset; words[2] = json.length;
snapshot.set(json, 48);
for (const at of [100, 2 * {BLOCK} + 1, 5 * {BLOCK} + 9]) snapshot[offset + at] = at & 255 || 1;
const packed = pack(snapshot);
const buffer = packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.length);
const heap = new Uint8Array(memoryLength + {BLOCK}).fill(0);
heap[3 * {BLOCK}] = 0xee; // written by the runtime's start where the snapshot has zeros
let asked = 0;
const into = heapGiven ? {{ heap, zeroFrom: 4 * {BLOCK} }} : null;
const view = restorable(buffer, () => (asked++, into));
function pyodideRestore(t) {{  // as Pyodide's API.restoreSnapshot
  const e = new Uint32Array(t.buffer, t.byteOffset, t.byteLength / 4);
  if (e[0] !== 1886286592) throw new Error("Snapshot has invalid magic number");
  const r = e[1], n = e[2];
  const i = t.subarray(48, 48 + n);
  t = t.subarray(r);
  heap.set(t); copied = t.length;
  return JSON.parse(new TextDecoder().decode(i));
}}
let copied = null;
const state = pyodideRestore(view);
const same = heap.subarray(0, memoryLength).every((b, i) => b === snapshot[offset + i]);
console.log(JSON.stringify({{ length: view.length, state, same, copied, asked }}));
"""


@pytest.mark.parametrize("heap_given", [True, False])
def test_pyodide_restores_the_view_with_its_memory_written_straight_into_the_heap(
    heap_given: bool,
) -> None:
    done = subprocess.run(
        [str(NODE), "--input-type=module", "-e", RESTORE, json.dumps({"heapGiven": heap_given})],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    got = json.loads(done.stdout)
    assert got["state"] == {"hiwire": [1, 2, 3]} and got["same"], got
    assert got["asked"] == 1  # the heap is asked for once, for the memory's part
    # with a heap, Pyodide's own copy gets nothing; without, the unpacked memory
    assert got["copied"] == (0 if heap_given else 6 * BLOCK)


# runtimeMemory: what a restore writes into, from an Emscripten module (its HEAPU8, its
# WebAssembly memory, its sbrk); its `nonZero` reads that memory in WebAssembly, and
# unpackInto with it zeroes the same blocks as with its own reading.
RUNTIME = f"""
import {{ pack, unpack, unpackInto, runtimeMemory }} from "{MODULE}";
const memory = new WebAssembly.Memory({{ initial: 2 }});  // 128 KB
const heap = new Uint8Array(memory.buffer);
const module = {{ HEAPU8: heap, memory, _sbrk: (n) => (n === 0 ? 20 * {BLOCK} : -1) }};
const into = runtimeMemory(module);
const ranges = [[0, 8], [3, 5], [1, 4096], [8, 24], [4096, 8192]];
const before = ranges.map(([a, b]) => into.nonZero(a, b));
heap[4] = 1; heap[4096 + 4095] = 2; heap[16] = 3;
const after = ranges.map(([a, b]) => into.nonZero(a, b));
// a snapshot's memory: blocks 2 and 5 in use; garbage left in blocks 0, 1 and 9 (unaligned)
const snapshot = new Uint8Array(12 * {BLOCK});
snapshot[2 * {BLOCK} + 1] = 7; snapshot[5 * {BLOCK} + 4095] = 8;
const packed = pack(snapshot);
const buffer = packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.length);
heap[9 * {BLOCK} + 3] = 9;
unpackInto(buffer, heap, {{ zeroFrom: into.zeroFrom, nonZero: into.nonZero }});
const same = snapshot.every((b, i) => b === heap[i]);
const none = runtimeMemory({{}});
console.log(JSON.stringify({{ zeroFrom: into.zeroFrom, before, after, same, none,
  withoutWasm: typeof runtimeMemory({{ HEAPU8: heap, memory: null }}).nonZero }}));
"""


def test_the_runtimes_memory_is_read_in_webassembly_and_restored_exactly() -> None:
    done = subprocess.run(
        [str(NODE), "--input-type=module", "-e", RUNTIME],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    got = json.loads(done.stdout)
    assert got["zeroFrom"] == 20 * BLOCK  # the break: sbrk(0)
    assert got["before"] == [False] * 5
    assert got["after"] == [True, True, True, True, True]  # bytes 4, 16 and 8191 set
    assert got["same"]  # the memory is the snapshot's, garbage zeroed
    assert got["none"] is None  # no runtime yet: nothing to write into
    assert got["withoutWasm"] == "undefined"  # no memory to read: unpackInto reads itself
