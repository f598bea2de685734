/* Scorpion's service worker: after one online visit the game starts and plays offline.
 *
 * tools/build_site.py writes this file beside index.html with BUILD filled in: the site's
 * version and every file the page uses, each with its full SHA-256 (hex), as in
 * build-manifest.json.
 *
 * Cache Storage is input: any page of this origin can write it (on GitHub Pages every
 * project site of one account shares an origin). So no byte leaves a cache unchecked: every
 * body read from one is hashed and compared with BUILD before it is kept or served
 * (docs/security.md). This file itself comes from the server (the browser's worker
 * script store, which pages cannot write), so BUILD is the trusted list.
 *
 * - Install puts those files into the cache of this version: a file a cache of an older
 *   version (of this scope, or from before caches were scoped) holds with the right hash is
 *   copied (an update fetches only what changed); else the browser's HTTP cache may serve
 *   it (the page is loading it at the same time: no second download), and if that copy is
 *   stale the server must. Any failure (a 404, a wrong hash) fails the install: the
 *   running version stays.
 * - A new version waits until the page asks it to take over (postMessage {type:
 *   "SKIP_WAITING"}, sent when the player accepts "Update available"); the page then reloads
 *   into the whole new version. The first version takes control at once (clients.claim),
 *   so the first visit is already offline-ready.
 * - Requests for precached files are answered from the cache, ignoring the query string
 *   (the app's links carry ?deal=…); the scope's root is index.html. The body is hashed
 *   (a clone of the matched response: the same immutable bytes) before the response is
 *   served, so what is served is what was checked, even if another page rewrites the entry
 *   meanwhile. A body that fails is dropped from the cache and fetched from the server
 *   (checked, kept, served); if the server cannot give the right bytes (offline, or a
 *   newer version deployed), its answer is passed on as a first visit would get it.
 *   Anything else goes to the network untouched.
 * - Caches are named by scope, "scorpion@<scope path> <version>" (never "scorpion-…",
 *   which the workers of earlier builds delete wherever they activate): copies of the game
 *   in two folders of one origin keep their own files. Activating deletes only older
 *   versions of this scope, and the unscoped caches of earlier builds that hold this
 *   scope's files and no other's.
 *
 * No library: Workbox (tried, workbox-build 7.4.1) fetches every revisioned file with
 * cache "reload", so the first visit downloaded the whole runtime twice (the 9.6 MB wasm
 * too), and its build pulled 323 npm packages.
 */
"use strict";

// Filled in by tools/build_site.py; keep the markers.
const BUILD = /* BUILD */ { version: "dev", files: {} } /* /BUILD */;

const SCOPE = self.registration.scope; // ends with "/"
const SCOPE_PATH = new URL(SCOPE).pathname; // "/a/": what every stored name is scoped by
const PREFIX = `scorpion@${SCOPE_PATH} `; // this scope's caches: PREFIX + version
const CACHE = PREFIX + BUILD.version;
const LEGACY = "scorpion-"; // unscoped caches of earlier builds
const INDEX = "index.html";
const KEPT_HEADERS = ["Content-Type", "Last-Modified", "ETag"];

// The cost of checking, for bench/hashes.py: what this worker hashed since it started, and
// how many of those bytes it has let go of (e2e/test_offline.py).
const hashed = { files: 0, bytes: 0, ms: 0, freed: 0 };

/** The precached file a URL stands for ("static/app.css"), or null. */
function precached(url) {
  const { origin, pathname } = new URL(url);
  const address = origin + pathname;
  if (!address.startsWith(SCOPE)) return null;
  const path = address.slice(SCOPE.length) || INDEX;
  return Object.hasOwn(BUILD.files, path) ? path : null;
}

/** The SHA-256 (hex) of a body held as a Blob: read, hashed, and its bytes let go of at once
 * (whoever needs the body keeps the Blob). */
async function sha256(body) {
  const bytes = await body.arrayBuffer();
  const started = performance.now();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  hashed.files += 1;
  hashed.bytes += bytes.byteLength;
  hashed.ms += performance.now() - started;
  letGo(bytes);
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Frees the bytes of buffers read for the last time now, not at this worker's next
 * collection (which a quiet worker may not have before it stops): as
 * static/snapshot-reader.mjs's letGo (which says why two ways), which this classic script
 * cannot import. Counts the bytes let go of. */
function letGo(...buffers) {
  const viaChannel =
    !!self.navigator?.userAgentData || typeof ArrayBuffer.prototype.transfer !== "function";
  const channel = viaChannel ? new MessageChannel() : null;
  for (const buffer of buffers) {
    try {
      const size = buffer.byteLength;
      if (channel) channel.port1.postMessage(null, [buffer]);
      else buffer.transfer(0);
      hashed.freed += size;
    } catch {
      // not transferable: the collector's
    }
  }
  channel?.port1.close();
  channel?.port2.close();
}

/** A response of `body` (a Blob, already checked) with the kept headers of `from`. A Blob,
 * not the bytes hashed: those are let go of, and WebKit's Response keeps the very
 * ArrayBuffer it is given, to read when the body is read. */
function rebuilt(body, from) {
  // Only these headers: the body is already decoded, so Content-Encoding/Length would lie.
  const headers = new Headers();
  for (const name of KEPT_HEADERS) {
    const value = from.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(body, { status: 200, statusText: "OK", headers });
}

/** The cached response for `path` in `cache`, read and checked, or null (a wrong one is
 * deleted when `drop` is set). */
async function checked(cache, path, drop) {
  const found = await cache.match(SCOPE + path);
  if (!found) return null;
  const body = await found.blob();
  if ((await sha256(body)) === BUILD.files[path]) return rebuilt(body, found);
  if (drop) await cache.delete(SCOPE + path);
  return null;
}

/** Whether an unscoped cache of an earlier build holds this scope's files, and only those. */
async function legacyOfThisScope(cache) {
  const keys = await cache.keys();
  return (
    keys.some((request) => request.url === SCOPE + INDEX) &&
    keys.every((request) => request.url.startsWith(SCOPE))
  );
}

/** The file from the cache of another version, if one has it with the right hash. */
async function fromOlder(path) {
  for (const name of await caches.keys()) {
    if (name === CACHE || !(name.startsWith(PREFIX) || name.startsWith(LEGACY))) continue;
    const found = await checked(await caches.open(name), path, false);
    if (found) return found;
  }
  return null;
}

async function fetchChecked(path, mode) {
  const url = path === INDEX ? SCOPE : SCOPE + path; // the page's own address: one download
  const response = await fetch(url, { cache: mode, credentials: "same-origin" });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const body = await response.blob();
  const got = await sha256(body);
  return { response, body, ok: got === BUILD.files[path], got };
}

async function download(path) {
  // The page is loading the same files right now: take the browser's copy when its hash
  // is right (no second download of the 9.6 MB wasm), else go to the server.
  let fetched = await fetchChecked(path, "default");
  if (!fetched.ok) fetched = await fetchChecked(path, "reload");
  if (!fetched.ok) {
    throw new Error(`${path}: content ${fetched.got}, expected ${BUILD.files[path]}`);
  }
  return rebuilt(fetched.body, fetched.response);
}

async function install() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(
      Object.keys(BUILD.files).map(async (path) => {
        if (await checked(cache, path, true)) return; // from an interrupted install
        const response = (await fromOlder(path)) || (await download(path));
        await cache.put(SCOPE + path, response);
      }),
    );
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
}

async function activate() {
  for (const name of await caches.keys()) {
    if (name === CACHE) continue;
    if (name.startsWith(PREFIX)) await caches.delete(name);
    else if (name.startsWith(LEGACY) && (await legacyOfThisScope(await caches.open(name)))) {
      await caches.delete(name);
    }
  }
  // Only the first version finds pages it does not control; after an update every page
  // that the old version controlled moves to this one and reloads (see index.html).
  await self.clients.claim();
}

async function respond(request, path) {
  const cache = await caches.open(CACHE);
  const found = await cache.match(SCOPE + path);
  if (found) {
    // What match() returns is a snapshot of the entry (its body an immutable blob): a clone
    // reads the very bytes that will be served, whatever another page writes meanwhile.
    // Served as matched, not rebuilt: the browser then keeps its compiled code for the file
    // (V8's code cache, which it keeps beside Cache Storage entries), where a response made
    // here would have every warm load compile the runtime's wasm and scripts again.
    if ((await sha256(await found.clone().blob())) === BUILD.files[path]) return found;
    await cache.delete(SCOPE + path);
  }
  let fresh;
  try {
    fresh = await download(path);
  } catch {
    return fetch(request); // offline, or the server has moved on: what a first visit gets
  }
  await cache.put(SCOPE + path, fresh.clone());
  return fresh;
}

self.addEventListener("install", (event) => event.waitUntil(install()));
self.addEventListener("activate", (event) => event.waitUntil(activate()));

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "SKIP_WAITING") self.skipWaiting();
  else if (type === "HASHED" && event.ports[0]) event.ports[0].postMessage({ ...hashed });
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const path = precached(event.request.url);
  if (path !== null) event.respondWith(respond(event.request, path));
});
