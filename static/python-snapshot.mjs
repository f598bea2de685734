// The Python memory snapshot, so that every visit, the first included, skips Python's start
// and our imports.
//
// A snapshot is Pyodide's WebAssembly memory (31 MB) taken after Python started and imported
// the game (webapp.main and all it imports, the solver, the rules page, the four catalogs).
// tools/make_snapshot.mjs makes it at build time, from the very runtime and app.zip the site
// ships, and stores it as static/python.snapshot: without its all-zero pages (sparse.mjs),
// deflated (5.3 MB). Restoring it (`loadPyodide({_loadSnapshot})`) is about twice as fast as
// starting Python, and the imports come for free. It is an ordinary file of the site:
// versioned with the rest and precached (and checked) by the service worker, so it only
// ever meets the runtime it was made with (Pyodide refuses one from another build anyway).
//
// Inflating it takes a loading page's thread on every visit, so once a visit has restored
// it and the game is idle, the inflated copy (13.6 MB) is kept in Cache Storage under the
// site's version, and later visits read that instead, in a worker (snapshot-reader.mjs)
// (`<html data-snapshot>`: "shipped", then "kept"; "kept" at once when restored from the
// copy; "none": Python started without). A new version keeps its own copy and drops the old.
//
// Cache Storage is input: any page of this origin can write it, and a snapshot is code. So
// the kept copy is hashed and compared with the SHA-256 the build stamped into BUILD below
// (this module itself is checked by the service worker against its own list) before it is
// restored, and before it is kept; a copy that fails is dropped and the shipped one is
// used. Names are scoped by the site's folder (docs/security.md): the cache and the
// localStorage marker are `scorpion.python-snapshot@<folder>`, so two copies of the game on
// one origin keep their own.
//
// Anything wrong (no DecompressionStream, a failed download, a snapshot that will not
// restore, no room to keep a copy) costs only the speed-up: pyodide-boot.mjs then starts
// Python as usual, and a copy that will not restore is dropped. A version whose kept copy
// failed once (missing, wrong, or not restoring) keeps no copy again: its later visits
// restore the shipped one (FAILED below).

import { worthDownloading } from "./link-rate.mjs";
import { check, letGo, readKept as readInThread } from "./snapshot-reader.mjs";
import { packedLength } from "./sparse.mjs";

// Filled in by tools/build_site.py: {sha256} of the inflated (still packed) snapshot.
const BUILD = /* BUILD */ { sha256: null } /* /BUILD */;

const root = document.documentElement;
const siteVersion = root.dataset.version || "dev"; // "dev": not a built site, no snapshot
const SHIPPED = new URL("./python.snapshot", import.meta.url);
const scopePath = new URL("./", location.href).pathname; // "/a/": this copy of the site
// Cache Storage, and localStorage: the site version whose copy is in the cache (read at
// once, where Cache Storage would take a round trip before the runtime could start
// loading). Not "scorpion-…": sw.js of earlier builds deletes every cache of that prefix.
const CACHE = `scorpion.python-snapshot@${scopePath}`;
const KEPT = `scorpion.python-snapshot@${scopePath}`;
const LEGACY_CACHE = "python-snapshots"; // unscoped, of earlier builds: this copy's entries go
const base = new URL("./", import.meta.url).href; // this site's static/
const key = `${base}python-${siteVersion}.snapshot`; // a Cache Storage key, never fetched
const built = siteVersion !== "dev" && typeof DecompressionStream === "function";
const canKeep =
  built && "caches" in globalThis && !!globalThis.crypto?.subtle && typeof BUILD.sha256 === "string";

function keptVersion() {
  try {
    return localStorage.getItem(KEPT);
  } catch {
    return null; // storage blocked: no copy either
  }
}

function noteKept(version) {
  try {
    if (version === null) localStorage.removeItem(KEPT);
    else localStorage.setItem(KEPT, version);
  } catch {
    // storage full or blocked: the next visit inflates the shipped one again
  }
}

// The site version whose kept copy failed once: it keeps no copy again. (WebKit, reloaded
// the moment the game was ready, sometimes found the copy gone from Cache Storage while
// the note above stayed: each such keep and loss cost a visit its speed-up.)
const FAILED = `${KEPT}.failed`;

function keepingFailed() {
  try {
    return localStorage.getItem(FAILED) === siteVersion;
  } catch {
    return false;
  }
}

function noteKeepingFailed() {
  try {
    localStorage.setItem(FAILED, siteVersion);
  } catch {
    // storage blocked: nothing is kept either
  }
}

// For bench/hashes.py: the time the kept copy's check took (in the reader's worker, where
// there is one: ending when its answer came).
function measured(checkMs) {
  const end = performance.now();
  performance.measure("scorpion-snapshot-check", { start: end - checkMs, end });
}

const READER = new URL("./snapshot-reader.mjs", import.meta.url);

/** The kept copy, read and checked by snapshot-reader.mjs in a worker of its own, off
 * the page's thread; by the page itself where no module worker can be had (a reader that
 * cannot start says nothing against the copy). */
async function readKept() {
  const inThread = async () => {
    const { packed, checkMs } = await readInThread(CACHE, key, BUILD.sha256);
    measured(checkMs);
    return packed;
  };
  let worker;
  try {
    worker = new Worker(READER, { type: "module" });
  } catch {
    return inThread();
  }
  const answer = await new Promise((resolve) => {
    worker.onmessage = ({ data }) => resolve(data);
    worker.onmessageerror = () => resolve(null); // an answer that could not be read
    worker.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
    worker.postMessage({ cache: CACHE, key, wanted: BUILD.sha256 });
  });
  worker.terminate();
  if (answer === null) return inThread();
  if (answer.error) throw new Error(answer.error);
  measured(answer.checkMs);
  return answer.packed;
}

/** `packed` once its layout is checked (sparse.mjs): a damaged one is refused here, before
 * Pyodide is handed any of it. */
function checked(packed) {
  packedLength(packed);
  return packed;
}

async function dropKept() {
  noteKept(null); // the next visit inflates the shipped one afresh
  try {
    await (await caches.open(CACHE)).delete(key);
  } catch {
    // nothing to drop
  }
}

/** This copy's entries in the unscoped cache of earlier builds (others' are left alone). */
async function dropLegacy() {
  if (!(await caches.has(LEGACY_CACHE))) return;
  const cache = await caches.open(LEGACY_CACHE);
  for (const request of await cache.keys()) {
    if (request.url.startsWith(base)) await cache.delete(request);
  }
  if ((await cache.keys()).length === 0) await caches.delete(LEGACY_CACHE);
}

async function download() {
  const response = await fetch(SHIPPED, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`python.snapshot: HTTP ${response.status}`);
  const inflated = response.body.pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(inflated).arrayBuffer();
}

function whenIdleAndReady(then) {
  const idle = () =>
    globalThis.requestIdleCallback ? requestIdleCallback(then, { timeout: 5000 }) : setTimeout(then, 0);
  if (root.dataset.ready === "1") return idle();
  new MutationObserver((records, observer) => {
    if (root.dataset.ready !== "1") return;
    observer.disconnect();
    idle();
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

/** Keep the inflated snapshot for later visits, once the game is up and idle. */
function keepLater(packed) {
  whenIdleAndReady(async () => {
    try {
      const cache = await caches.open(CACHE);
      const bytes = await packed;
      measured(await check(bytes, BUILD.sha256));
      await cache.put(key, new Response(bytes));
      letGo(bytes); // the response copied them
      for (const request of await cache.keys()) {
        if (request.url.startsWith(base) && request.url !== key) await cache.delete(request);
      }
      noteKept(siteVersion);
      root.dataset.snapshot = "kept";
      await dropLegacy();
    } catch (error) {
      console.warn("scorpion: the Python snapshot was not kept (it is inflated again):", error);
    }
  });
}

/**
 * The snapshot to restore, or null when there is none to have or it is not worth the wait
 * (`link`: a promise of `{rate, encoded}`, the runtime's download as link-rate.mjs measured
 * it, or of null; none where the visit is controlled):
 * `{source, bytes, restored(), failed()}`. `source` is "kept" or "shipped" ("shipped" once a
 * kept copy turned out missing or wrong: it is dropped and the shipped one downloaded);
 * `bytes` is a promise of the snapshot as sparse.mjs packs it, an ArrayBuffer (it rejects if
 * the read, download, inflating or the pack's check fails; sparse.mjs's `restorable` makes of
 * it what Pyodide restores); the page calls `restored()` or `failed()` once it knows how the
 * restore went.
 */
export async function pythonSnapshot(link = null) {
  if (!built) return null;
  const state = { source: "shipped", packed: null };
  let bytes;
  if (canKeep && keptVersion() === siteVersion && !keepingFailed()) {
    state.source = "kept";
    bytes = readKept().catch(async (error) => {
      console.warn("scorpion: the kept Python snapshot is not used; the shipped one is:", error);
      noteKeepingFailed();
      await dropKept();
      state.source = "shipped";
      state.packed = download();
      return checked(await state.packed);
    });
  } else {
    const visit = {
      controlled: !!navigator.serviceWorker?.controller,
      connection: navigator.connection, // Chromium's Network Information API
      navigation: performance.getEntriesByType?.("navigation")?.[0],
      measured: link,
    };
    if (!(await worthDownloading(visit))) return null;
    state.packed = download();
    state.packed.catch(() => {}); // loadPyodide gets the bytes' promise and reports it
    bytes = state.packed.then(checked);
  }
  bytes.catch(() => {});
  return {
    get source() {
      return state.source;
    },
    bytes,
    restored: () => {
      root.dataset.snapshot = state.source;
      if (state.source === "shipped" && canKeep && !keepingFailed()) keepLater(state.packed);
      else bytes.then(letGo); // written into Python's memory
    },
    failed: async () => {
      bytes.then(letGo, () => {});
      if (state.source !== "kept") return;
      noteKeepingFailed();
      await dropKept();
    },
  };
}
