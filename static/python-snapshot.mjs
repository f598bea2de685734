// The Python memory snapshot, so that every visit, the first included, skips Python's start
// and our imports.
//
// A snapshot is Pyodide's WebAssembly memory (31 MB) taken after Python started and imported
// the game (webapp.main and all it imports, the solver, the rules page, the four catalogs).
// tools/make_snapshot.mjs makes it at build time, from the very runtime and app.zip the site
// ships, and stores it as static/python.snapshot: without its all-zero pages (sparse.mjs),
// deflated (5.3 MB). Restoring it (`loadPyodide({_loadSnapshot})`) is about twice as fast as
// starting Python, and the imports come for free. It is an ordinary file of the site:
// versioned with the rest and precached by the service worker, so it only ever meets the
// runtime it was made with (Pyodide refuses one from another build anyway).
//
// Inflating it takes 0.1-0.2 s of a loading page's thread here, so once a visit has restored
// it and the game is idle, the inflated copy (13.6 MB) is kept in Cache Storage under the
// site's version, and later visits read that instead (`<html data-snapshot>`: "shipped",
// then "kept"; "kept" at once when restored from the copy; "none": Python started without).
// A new version keeps its own copy and drops the old.
//
// Anything wrong (no DecompressionStream, a failed download, a snapshot that will not
// restore, no room to keep a copy) costs only the speed-up: pyodide-boot.mjs then starts
// Python as usual, and a copy that will not restore is dropped.

import { unpack } from "./sparse.mjs";

const root = document.documentElement;
const siteVersion = root.dataset.version || "dev"; // "dev": not a built site, no snapshot
const SHIPPED = new URL("./python.snapshot", import.meta.url);
// Not "scorpion-…": sw.js deletes every cache of that prefix but its own when it activates.
const CACHE = "python-snapshots";
// localStorage: the site version whose copy is in the cache. Read at once, where Cache
// Storage would take a round trip (30-70 ms) before the runtime could start loading.
const KEPT = "scorpion.python-snapshot";
const base = new URL("./", import.meta.url).href; // this site's static/: sites may share an origin
const key = `${base}python-${siteVersion}.snapshot`; // a Cache Storage key, never fetched
const built = siteVersion !== "dev" && typeof DecompressionStream === "function";
const canKeep = built && "caches" in globalThis;

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

async function readKept() {
  const found = await (await caches.open(CACHE)).match(key);
  if (!found) throw new Error("the kept snapshot is no longer in Cache Storage");
  return found.arrayBuffer();
}

async function download() {
  const response = await fetch(SHIPPED, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`python.snapshot: HTTP ${response.status}`);
  const inflated = response.body.pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(inflated).arrayBuffer();
}

// Pyodide awaits the whole snapshot before it compiles the runtime. Where the connection is
// slow, 5.3 MB more would cost a first visit far more than Python's own start (0.3-0.5 s
// here): one the browser says is slow (3G or less, Chromium's Network Information API) or
// asks to save data starts Python as usual, and the service worker brings the snapshot,
// with the rest of the offline copy, for the next visit. Once a service worker controls the
// page, the snapshot comes from its cache, on any connection.
function worthDownloading() {
  if (navigator.serviceWorker?.controller) return true;
  const connection = navigator.connection;
  if (!connection) return true; // browsers that do not say: assume a fast one
  return !connection.saveData && !["slow-2g", "2g", "3g"].includes(connection.effectiveType);
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
      await cache.put(key, new Response(await packed));
      for (const request of await cache.keys()) {
        if (request.url.startsWith(base) && request.url !== key) await cache.delete(request);
      }
      noteKept(siteVersion);
      root.dataset.snapshot = "kept";
    } catch (error) {
      console.warn("scorpion: the Python snapshot was not kept (it is inflated again):", error);
    }
  });
}

/**
 * The snapshot to restore, or null when there is none to have or it is not worth the wait:
 * `{source, bytes, restored(), failed()}`. `source` is "kept" or "shipped"; `bytes` is a
 * promise of the memory (Pyodide awaits it; it rejects if the read, download or inflating
 * fails); the page calls `restored()` or `failed()` once it knows how the restore went.
 */
export function pythonSnapshot() {
  if (!built) return null;
  if (canKeep && keptVersion() === siteVersion) {
    const bytes = readKept().then(unpack);
    bytes.catch(() => {}); // loadPyodide gets the same promise and reports it
    return {
      source: "kept",
      bytes,
      restored: () => (root.dataset.snapshot = "kept"),
      failed: async () => {
        noteKept(null); // the next visit inflates the shipped one afresh
        try {
          await (await caches.open(CACHE)).delete(key);
        } catch {
          // nothing to drop
        }
      },
    };
  }
  if (!worthDownloading()) return null;
  const packed = download();
  packed.catch(() => {});
  const bytes = packed.then(unpack);
  bytes.catch(() => {});
  return {
    source: "shipped",
    bytes,
    restored: () => {
      root.dataset.snapshot = "shipped";
      if (canKeep) keepLater(packed);
    },
    failed: () => {},
  };
}
