// Reading the kept copy of the Python snapshot: found in Cache Storage, checked against the
// SHA-256 the build stamped and as a pack (python-snapshot.mjs says why); the page writes it
// into Python's memory (sparse.mjs, `restorable`).
//
// It runs in a worker of its own where the browser has module workers, so that none of it
// takes the page's thread while the page loads: reading 13.6 MB out of the cache and the
// copy WebCrypto makes of them before it hashes. The bytes come back transferred, not
// copied. Where there is no worker, the page runs the same function itself.

import { packedLength } from "./sparse.mjs";

const inWorker =
  typeof WorkerGlobalScope === "function" && globalThis instanceof WorkerGlobalScope;

/** The SHA-256 of `buffer` (hex). */
export async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Let go of buffers (or views' buffers) read for the last time: their bytes are freed now,
 * not at the collector's next pass, which a quiet page may not prompt for minutes. Each is
 * detached: views on it read as empty. One that cannot be (a wasm memory's, or detached
 * already) is left to the collector. sw.js has its own copy (a classic script imports no
 * module).
 *
 * Which way frees the bytes at once differs by engine (bench/README.md): Chromium keeps a
 * detached buffer's bytes in its wrapper until a collection when the browser made it (a
 * body read, a worker's message) but lets them go with a message posted, transferred, into
 * a channel closed at once; Firefox keeps such a message until a collection but frees a
 * buffer detached by `transfer(0)` at once; WebKit frees them either way.
 * `navigator.userAgentData` is Chromium's alone; where there is no `transfer`, the channel. */
export function letGo(...buffers) {
  const viaChannel =
    !!globalThis.navigator?.userAgentData || typeof ArrayBuffer.prototype.transfer !== "function";
  const channel = viaChannel ? new MessageChannel() : null;
  for (const item of buffers) {
    const buffer = ArrayBuffer.isView(item) ? item.buffer : item;
    try {
      if (channel) channel.port1.postMessage(null, [buffer]);
      else buffer.transfer(0);
    } catch {
      // not transferable: the collector's
    }
  }
  channel?.port1.close();
  channel?.port2.close();
}

/** Throws unless `buffer` hashes to `wanted`; resolves to the milliseconds the check took. */
export async function check(buffer, wanted) {
  const started = performance.now();
  const got = await sha256(buffer);
  if (got !== wanted) throw new Error(`the snapshot's SHA-256 is ${got}, not the build's`);
  return performance.now() - started;
}

/** The kept copy `key` of the cache `cache`, checked against `wanted` and as a pack:
 * `{packed, checkMs}` (an ArrayBuffer). The pack's layout is checked while the digest runs;
 * the bytes are handed on only once the digest is right. */
export async function readKept(cache, key, wanted) {
  const found = await (await caches.open(cache)).match(key);
  if (!found) throw new Error("the kept snapshot is no longer in Cache Storage");
  const buffer = await found.arrayBuffer();
  const checking = check(buffer, wanted);
  checking.catch(() => {}); // awaited below
  try {
    packedLength(buffer);
  } catch (error) {
    await checking; // a copy that is not the build's says so first
    throw error;
  }
  const checkMs = await checking;
  return { packed: buffer, checkMs };
}

/** The worker's answer to a request `{cache, key, wanted}`: `[message, transfer]`, the
 * message `{packed, checkMs}` (the buffer to transfer) or `{error}`. */
export async function answer({ cache, key, wanted }) {
  try {
    const { packed, checkMs } = await readKept(cache, key, wanted);
    return [{ packed, checkMs }, [packed]];
  } catch (error) {
    return [{ error: String(error?.message ?? error) }, []];
  }
}

// As a worker: one request, one answer.
if (inWorker) {
  globalThis.onmessage = async ({ data }) => postMessage(...(await answer(data)));
}
