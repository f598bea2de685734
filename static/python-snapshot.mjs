// Memory snapshots of Python, so that a returning visit skips Python's start.
//
// A snapshot is Pyodide's WebAssembly memory (31 MB, 13.5 MB stored) taken after Python started and
// imported the game (webapp.main and all it imports). Restoring one
// (`loadPyodide({_loadSnapshot})`) is about twice as fast as starting Python and saves our
// imports as well. It is never downloaded: a worker (python-snapshot-worker.mjs) makes it in
// this browser, once the game is idle on a visit that had none, and keeps it in Cache
// Storage under the site's version (`<html data-version>`, a hash of every file, the
// runtime's and app.zip's included), so a snapshot only ever meets the files it was made
// from. A new version makes a new one and drops the old.
//
// Anything wrong (no Cache Storage, no module workers, a snapshot that will not restore, a
// worker that fails) costs only the speed-up: pyodide-boot.mjs then starts Python as usual.

import { unpack } from "./sparse.mjs";

// Not "scorpion-…": sw.js deletes every cache of that prefix but its own when it activates.
const CACHE = "python-snapshots";
// localStorage: the site version whose snapshot is in the cache. Read at once, where Cache
// Storage would take a round trip (30-70 ms) before the runtime could start loading.
const MADE = "scorpion.python-snapshot";
const root = document.documentElement;
const siteVersion = root.dataset.version || "dev"; // "dev": not a built site
const base = new URL("./", import.meta.url).href; // this site's static/: sites may share an origin
const key = `${base}python-${siteVersion}.snapshot`; // a Cache Storage key, never fetched
const enabled = siteVersion !== "dev" && "caches" in globalThis && typeof Worker === "function";

// How long the game must have been taking input before the worker starts: it boots a
// second Python (a second or two of a core), which must not slow the first moves.
const IDLE_AFTER_READY_MS = 3000;

function made() {
  try {
    return localStorage.getItem(MADE);
  } catch {
    return null; // storage blocked: no snapshots either
  }
}

function remember(version) {
  try {
    if (version === null) localStorage.removeItem(MADE);
    else localStorage.setItem(MADE, version);
  } catch {
    // storage full or blocked: the next visit starts as usual
  }
}

async function readSnapshot() {
  const found = await (await caches.open(CACHE)).match(key);
  if (!found) throw new Error("the snapshot is no longer in Cache Storage");
  return unpack(await found.arrayBuffer()); // stored without its empty pages (sparse.mjs)
}

/** This version's snapshot as `{bytes}`, a promise (the read overlaps the runtime's
 * download; it rejects if the snapshot has gone), or null when none was made. */
export function savedSnapshot() {
  if (!enabled || made() !== siteVersion) return null;
  const bytes = readSnapshot();
  bytes.catch(() => {}); // loadPyodide gets the same promise and reports it
  return { bytes };
}

/** Forget this version's snapshot (it did not restore). */
export async function dropSnapshot() {
  if (!enabled) return;
  remember(null);
  try {
    await (await caches.open(CACHE)).delete(key);
  } catch {
    // nothing to drop
  }
}

function whenReady(then) {
  if (root.dataset.ready === "1") return then();
  new MutationObserver((records, observer) => {
    if (root.dataset.ready !== "1") return;
    observer.disconnect();
    then();
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

function whenIdle(then) {
  const idle = globalThis.requestIdleCallback || ((callback) => setTimeout(callback, 0));
  setTimeout(() => idle(then, { timeout: 10000 }), IDLE_AFTER_READY_MS);
}

/** Have a worker make this version's snapshot once the game has been taking input a while.
 * `<html data-snapshot>` then says "made" or "failed" (bench/load.py waits for it). */
export function offerSnapshot() {
  if (!enabled) return;
  whenReady(() =>
    whenIdle(() => {
      let worker;
      try {
        worker = new Worker(new URL("./python-snapshot-worker.mjs", import.meta.url), { type: "module" });
      } catch (error) {
        console.warn("scorpion: no snapshot worker:", error);
        return;
      }
      const done = (ok, why) => {
        worker.terminate();
        if (ok) remember(siteVersion);
        root.dataset.snapshot = ok ? "made" : "failed";
        if (!ok) console.warn("scorpion: no Python snapshot made:", why);
      };
      worker.onmessage = ({ data }) => done(data.made, data.error);
      worker.onerror = (event) => done(false, event.message);
      worker.postMessage({ cache: CACHE, key, base });
    }),
  );
}
