// The Python memory snapshot the site ships, so that every visit, the first included, skips
// Python's start and our imports.
//
// A snapshot is Pyodide's WebAssembly memory (31 MB) taken after Python started and imported
// the game (webapp.main and all it imports, the solver, the rules page, the four catalogs).
// tools/make_snapshot.mjs makes it at build time, from the very runtime and app.zip the site
// ships, and stores it as static/python.snapshot: without its all-zero pages (sparse.mjs),
// deflated (5.3 MB). Restoring it (`loadPyodide({_loadSnapshot})`) is about twice as fast as
// starting Python, and the imports come for free. It is an ordinary file of the site:
// versioned with the rest, precached by the service worker, so it only ever meets the
// runtime it was made with (Pyodide refuses one from another build anyway).
//
// Anything wrong (no DecompressionStream, a failed download, a snapshot that will not
// restore) costs only the speed-up: pyodide-boot.mjs then starts Python as usual.

import { unpack } from "./sparse.mjs";

const SNAPSHOT = new URL("./python.snapshot", import.meta.url);
const built = (document.documentElement.dataset.version || "dev") !== "dev"; // dev: none made

async function download() {
  const response = await fetch(SNAPSHOT, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`python.snapshot: HTTP ${response.status}`);
  const inflated = response.body.pipeThrough(new DecompressionStream("deflate-raw"));
  return unpack(await new Response(inflated).arrayBuffer());
}

/** The snapshot's memory (a promise, which Pyodide awaits; it rejects if the download or
 * the inflating fails), or null where there is none to have. */
export function shippedSnapshot() {
  if (!built || typeof DecompressionStream !== "function") return null;
  const bytes = download();
  bytes.catch(() => {}); // loadPyodide gets the same promise and reports it
  return bytes;
}

// Before the site shipped its snapshot, a worker made one in each browser after a first
// visit and kept it in Cache Storage (13.5 MB), noted in localStorage: let them go.
const RETIRED_CACHE = "python-snapshots";
const RETIRED_NOTE = "scorpion.python-snapshot";

/** Drop what the earlier, browser-made snapshots left behind (once the game is up). */
export async function dropRetiredSnapshots() {
  try {
    localStorage.removeItem(RETIRED_NOTE);
  } catch {
    // storage blocked: there is nothing of ours in it either
  }
  try {
    await caches.delete(RETIRED_CACHE);
  } catch {
    // no Cache Storage here (an insecure origin): nothing was ever stored
  }
}
