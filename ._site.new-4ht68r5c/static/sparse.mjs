// The Python snapshot without its empty pages: 31 MB of WebAssembly memory of which 57 % of
// the 4 KB blocks are all zeros. Packed, it is 13-14 MB to inflate on each visit instead of
// 31 (tools/make_snapshot.mjs packs, then deflates); unpacking is one allocation, which the
// system zeroes, and a copy of the other blocks.
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

function hasData(bytes, words, start, end) {
  const whole = Math.min(end, words.length * 4); // words cover all but a last 1-3 bytes
  for (let i = start >> 2; i < whole >> 2; i++) if (words[i] !== 0) return true;
  for (let i = Math.max(start, whole); i < end; i++) if (bytes[i] !== 0) return true;
  return false;
}

/** `bytes` (a Uint8Array) packed: its all-zero blocks left out. */
export function pack(bytes) {
  if (bytes.byteOffset % 4) bytes = bytes.slice(); // Uint32Array needs 4-byte alignment
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  const blocks = blockCount(bytes.length);
  const kept = [];
  let size = HEADER + bitmapBytes(blocks);
  for (let block = 0; block < blocks; block++) {
    const start = block * BLOCK;
    const end = Math.min(start + BLOCK, bytes.length);
    if (!hasData(bytes, words, start, end)) continue;
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

/** The bytes that `pack` packed (an ArrayBuffer in), as a Uint8Array. */
export function unpack(buffer) {
  const view = new DataView(buffer);
  if (buffer.byteLength < HEADER || view.getUint32(0, true) !== MAGIC) {
    throw new Error("not a packed snapshot");
  }
  const length = view.getUint32(4, true);
  const blocks = view.getUint32(12, true);
  if (view.getUint32(8, true) !== BLOCK || blocks !== blockCount(length)) {
    throw new Error("packed snapshot: bad header");
  }
  let at = HEADER + bitmapBytes(blocks);
  if (at > buffer.byteLength) throw new Error("packed snapshot: truncated");
  const map = new Uint8Array(buffer, HEADER, at - HEADER);
  const out = new Uint8Array(length);
  for (let block = 0; block < blocks; block++) {
    if (!(map[block >> 3] & (1 << (block & 7)))) continue;
    const size = Math.min(BLOCK, length - block * BLOCK);
    if (at + size > buffer.byteLength) throw new Error("packed snapshot: truncated");
    out.set(new Uint8Array(buffer, at, size), block * BLOCK);
    at += size;
  }
  if (at !== buffer.byteLength) throw new Error("packed snapshot: bad length");
  return out;
}
