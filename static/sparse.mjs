// The Python snapshot without its empty pages: 31 MB of WebAssembly memory of which 57 % of
// the 4 KB blocks are all zeros. Packed, it is 13-14 MB to inflate on each visit instead of
// 31 (tools/make_snapshot.mjs packs, then deflates). A restore never unpacks it whole: the
// blocks in use are copied straight into the runtime's memory (`restorable`), and the
// zeros are left to the system, which gives a page only to what is written (a fresh
// memory is zeros with no pages behind them: 17 MB the tab does not hold).
//
// Format: a 16-byte header (MAGIC, the memory's length, the block size, the block count),
// a bitmap of the blocks that are stored (bit i of byte i >> 3), padded to 4 bytes, then
// those blocks in order (the last may be short).

const MAGIC = 0x31505053; // "SPP1" read little-endian
const BLOCK = 4096;
const HEADER = 16;

function blockCount(length) {
  return Math.ceil(length / BLOCK);
}

function bitmapBytes(blocks) {
  return Math.ceil(Math.ceil(blocks / 8) / 4) * 4;
}

/** `bytes` (a Uint8Array) packed: its all-zero blocks left out. */
export function pack(bytes) {
  const blocks = blockCount(bytes.length);
  const kept = [];
  let size = HEADER + bitmapBytes(blocks);
  for (let block = 0; block < blocks; block++) {
    const start = block * BLOCK;
    const end = Math.min(start + BLOCK, bytes.length);
    if (!anyNonZero(bytes, start, end)) continue;
    kept.push(block);
    size += end - start;
  }
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, bytes.length, true);
  view.setUint32(8, BLOCK, true);
  view.setUint32(12, blocks, true);
  let at = HEADER + bitmapBytes(blocks);
  for (const block of kept) {
    out[HEADER + (block >> 3)] |= 1 << (block & 7);
    const chunk = bytes.subarray(block * BLOCK, Math.min(block * BLOCK + BLOCK, bytes.length));
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The packed buffer's layout, checked whole without copying a block: `{length, blocks,
 * map, data}` (`data`: where the first stored block starts). Throws on a damaged pack. */
function layout(buffer) {
  const view = new DataView(buffer);
  if (buffer.byteLength < HEADER || view.getUint32(0, true) !== MAGIC) {
    throw new Error("not a packed snapshot");
  }
  const length = view.getUint32(4, true);
  const blocks = view.getUint32(12, true);
  if (view.getUint32(8, true) !== BLOCK || blocks !== blockCount(length)) {
    throw new Error("packed snapshot: bad header");
  }
  const data = HEADER + bitmapBytes(blocks);
  if (data > buffer.byteLength) throw new Error("packed snapshot: truncated");
  const map = new Uint8Array(buffer, HEADER, data - HEADER);
  let size = data;
  for (let block = 0; block < blocks; block++) {
    if (map[block >> 3] & (1 << (block & 7))) size += Math.min(BLOCK, length - block * BLOCK);
  }
  if (size > buffer.byteLength) throw new Error("packed snapshot: truncated");
  if (size !== buffer.byteLength) throw new Error("packed snapshot: bad length");
  return { length, blocks, map, data };
}

/** The length of the memory `buffer` packs (the pack checked whole, as `unpack` checks it). */
export function packedLength(buffer) {
  return layout(buffer).length;
}

/** Whether `bytes` (a Uint8Array, at any offset) holds anything but zeros from `start` to
 * `end`: four bytes a step where it can. */
function anyNonZero(bytes, start, end) {
  while (start < end && (bytes.byteOffset + start) % 4) if (bytes[start++] !== 0) return true;
  const whole = start + ((end - start) & ~3);
  if (whole > start) {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset + start, (whole - start) >> 2);
    for (let i = 0; i < words.length; i++) if (words[i] !== 0) return true;
  }
  for (let i = whole; i < end; i++) if (bytes[i] !== 0) return true;
  return false;
}

/**
 * The packed memory's bytes `from` to `to` written into `target` from its start, as
 * `target.set(unpack(buffer).subarray(from, to))` would, without unpacking it first: each
 * run of stored blocks in one copy. An all-zero block is written only where `target` is not
 * zero already, and `target` is read only below `zeroFrom` (from there on it is zeros;
 * `fresh`: all of it): a page written is a page the process holds, zeros or not, and a
 * fresh WebAssembly memory or buffer is zeros the system has not yet given pages.
 * `nonZero(start, end)`: a faster reading of `target` where one is had (`runtimeMemory`).
 */
export function unpackInto(buffer, target, { from = 0, to, fresh = false, zeroFrom, nonZero } = {}) {
  const { length, blocks, map, data } = layout(buffer);
  to = Math.min(to ?? length, length);
  if (from < 0 || from > to) throw new RangeError("unpackInto: bad range");
  if (to - from > target.length) throw new RangeError("unpackInto: the target is too small");
  const clean = fresh ? 0 : Math.min(zeroFrom ?? target.length, target.length);
  const dirty = nonZero ?? ((start, end) => anyNonZero(target, start, end));
  let at = data; // the next stored block's bytes in `buffer`
  let copy = null; // [source, low, high]: a run of stored blocks not yet copied
  const flush = () => {
    if (copy) target.set(new Uint8Array(buffer, copy[0], copy[2] - copy[1]), copy[1] - from);
    copy = null;
  };
  for (let block = 0; block < blocks; block++) {
    const start = block * BLOCK;
    if (start >= to) break;
    const size = Math.min(BLOCK, length - start);
    const stored = map[block >> 3] & (1 << (block & 7));
    const low = Math.max(start, from);
    const high = Math.min(start + size, to);
    if (low < high && stored) {
      if (copy && copy[2] === low) copy[2] = high;
      else {
        flush();
        copy = [at + low - start, low, high];
      }
    } else if (low < high) {
      flush();
      const checked = Math.min(high - from, clean);
      if (low - from < checked && dirty(low - from, checked)) target.fill(0, low - from, high - from);
    }
    if (stored) at += size;
  }
  flush();
}

/** The bytes that `pack` packed (an ArrayBuffer in), as a Uint8Array. */
export function unpack(buffer) {
  const out = new Uint8Array(packedLength(buffer));
  unpackInto(buffer, out, { fresh: true });
  return out;
}

// Pyodide's snapshot header (its `makeSnapshot`): 32-bit words, the second the offset at
// which the memory starts; all before it (the header and the JSON of its JavaScript
// handles) Pyodide reads from the bytes it is given.
const MEMORY_OFFSET_WORD = 1;
const subarray = Uint8Array.prototype.subarray;

/**
 * What `loadPyodide({_loadSnapshot})` gets from a packed snapshot (`buffer`): a Uint8Array
 * of the snapshot's whole length whose header is written and whose memory is not yet.
 * Pyodide copies the memory into the runtime's (`HEAP8.set(snapshot.subarray(offset))`): 31
 * MB, most of it zeros, and every page written stays with the tab. Asked for that part, the
 * view writes it into the runtime's memory itself, the stored blocks only (`unpackInto`),
 * and hands Pyodide nothing left to copy. `runtime()` says where, once the runtime is
 * instantiated (`runtimeMemory`): `{heap, zeroFrom, nonZero}`, its memory, how far the
 * runtime has written it (from there on it is zeros) and a reader of it, or null. Asked for
 * anything else, or with no heap to write to, the view is the snapshot unpacked.
 */
export function restorable(buffer, runtime) {
  const length = packedLength(buffer);
  const view = new Uint8Array(length);
  unpackInto(buffer, view, { to: 8, fresh: true });
  const fields = new DataView(view.buffer);
  const offset = length >= 8 ? fields.getUint32(4 * MEMORY_OFFSET_WORD, true) : 0;
  const header = Math.min(Math.max(offset, 8), length);
  unpackInto(buffer, subarray.call(view, 8), { from: 8, to: header, fresh: true });
  let unpacked = header === length; // the memory written into the view itself
  Object.defineProperty(view, "subarray", {
    value(begin, end) {
      const into = begin === header && end === undefined ? runtime?.() : null;
      if (into?.heap instanceof Uint8Array) {
        const { heap, zeroFrom, nonZero } = into;
        unpackInto(buffer, heap, { from: header, zeroFrom, nonZero });
        return new Uint8Array(0);
      }
      if (!unpacked) {
        unpackInto(buffer, subarray.call(view, header), { from: header, fresh: true });
        unpacked = true;
      }
      return subarray.call(view, begin, end);
    },
  });
  return view;
}

/** Where `restorable` writes in Pyodide's runtime (`module`, its Emscripten module, once
 * instantiated): its memory, and its break (`sbrk(0)`), past which nothing has been
 * written yet. Null before there is one. */
export function runtimeMemory(module) {
  const heap = module?.HEAPU8;
  if (!(heap instanceof Uint8Array)) return null;
  const sbrk = module._sbrk;
  const zeroFrom = typeof sbrk === "function" ? sbrk(0) >>> 0 : undefined;
  return { heap, zeroFrom, nonZero: memoryReader(module.memory, heap) ?? undefined };
}

// A WebAssembly function over the runtime's memory: `nonzero(start, end)`, 1 if any of the
// 8-byte words from `start` to `end` (multiples of 8) is not zero. JavaScript reads the
// memory 4 bytes a step, several times slower; most of what a restore reads is the fresh
// runtime's stack (10 MB), where the snapshot has zeros.
// (module (import "env" "memory" (memory 0))
//   (func (export "nonzero") (param i32 i32) (result i32)
//     (loop (if (i32.ge_u (local.get 0) (local.get 1)) (then (return (i32.const 0))))
//       (if (i64.ne (i64.load (local.get 0)) (i64.const 0)) (then (return (i32.const 1))))
//       (local.set 0 (i32.add (local.get 0) (i32.const 8))) (br 0))
//     (i32.const 0)))
const NONZERO = [
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
  0x01, 0x07, 0x01, 0x60, 0x02, 0x7f, 0x7f, 0x01, 0x7f, // type: (i32, i32) -> i32
  0x02, 0x0f, 0x01, 0x03, 0x65, 0x6e, 0x76, 0x06, 0x6d, 0x65, 0x6d, 0x6f, 0x72, 0x79, 0x02, 0x00,
  0x00, // import env.memory, at least 0 pages
  0x03, 0x02, 0x01, 0x00, // one function of that type
  0x07, 0x0b, 0x01, 0x07, 0x6e, 0x6f, 0x6e, 0x7a, 0x65, 0x72, 0x6f, 0x00, 0x00, // export "nonzero"
  0x0a, 0x2b, 0x01, 0x29, 0x00, 0x03, 0x40, // its body: no locals; loop
  0x20, 0x00, 0x20, 0x01, 0x4f, 0x04, 0x40, 0x41, 0x00, 0x0f, 0x0b, // start >= end: 0
  0x20, 0x00, 0x29, 0x03, 0x00, 0x42, 0x00, 0x52, 0x04, 0x40, 0x41, 0x01, 0x0f, 0x0b, // word: 1
  0x20, 0x00, 0x41, 0x08, 0x6a, 0x21, 0x00, 0x0c, 0x00, 0x0b, // start += 8; again
  0x41, 0x00, 0x0b,
];

/** `nonZero(start, end)` for `unpackInto` over `heap`, the view of the WebAssembly memory
 * `memory`; null where it cannot be had (no such memory, or no module compiled). */
function memoryReader(memory, heap) {
  let nonzero;
  try {
    const module = new WebAssembly.Module(new Uint8Array(NONZERO));
    nonzero = new WebAssembly.Instance(module, { env: { memory } }).exports.nonzero;
  } catch {
    return null;
  }
  return (start, end) => {
    const low = Math.min(Math.ceil(start / 8) * 8, end);
    const high = Math.max(Math.floor(end / 8) * 8, low);
    return anyNonZero(heap, start, low) || nonzero(low, high) === 1 || anyNonZero(heap, high, end);
  };
}
