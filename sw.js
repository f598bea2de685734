/* Scorpion's service worker: after one online visit the game starts and plays offline.
 *
 * tools/build_site.py writes this file to the site's root with BUILD filled in: the site's
 * version and every file the page uses, each with its revision (the first 16 hex digits of
 * its SHA-256, as in build-manifest.json).
 *
 * - Install puts those files into the cache of this version, checking each one's hash: a
 *   file whose revision is unchanged is copied from the previous version's cache (an update
 *   fetches only what changed); else the browser's HTTP cache may serve it (the page is
 *   loading it at the same time: no second download), and if that copy is stale the server
 *   must. Any failure (a 404, a wrong hash) fails the install: the running version stays.
 * - A new version waits until the page asks it to take over (postMessage {type:
 *   "SKIP_WAITING"}, sent when the player accepts "Update available"); the page then reloads
 *   into the whole new version. The first version takes control at once (clients.claim),
 *   so the first visit is already offline-ready.
 * - Requests for precached files are answered from the cache, ignoring the query string
 *   (the app's links carry ?deal=…); the scope's root is index.html. Anything else goes to
 *   the network untouched.
 *
 * No library: Workbox (tried, workbox-build 7.4.1) fetches every revisioned file with
 * cache "reload", so the first visit downloaded the whole runtime twice (the 9.6 MB wasm
 * too), and its build pulled 323 npm packages. This file does the same job in ~100 lines.
 */
"use strict";

// Filled in by tools/build_site.py; keep the markers.
const BUILD = /* BUILD */ { version: "dev", files: {} } /* /BUILD */;

const PREFIX = "scorpion-";
const CACHE = PREFIX + BUILD.version;
const SCOPE = self.registration.scope; // ends with "/"
const INDEX = "index.html";
const REVISION = "X-Scorpion-Revision"; // stored with each cached response
const KEPT_HEADERS = ["Content-Type", "Last-Modified", "ETag"];

/** The precached file a URL stands for ("static/app.css"), or null. */
function precached(url) {
  const { origin, pathname } = new URL(url);
  const address = origin + pathname;
  if (!address.startsWith(SCOPE)) return null;
  const path = address.slice(SCOPE.length) || INDEX;
  return Object.hasOwn(BUILD.files, path) ? path : null;
}

async function sha256Prefix(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  return hex.slice(0, 16);
}

/** The file at this revision from the cache of another version, if one has it. */
async function fromOlder(path, revision) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const found = await (await caches.open(name)).match(SCOPE + path);
    if (found && found.headers.get(REVISION) === revision) return found;
  }
  return null;
}

async function fetchChecked(path, revision, mode) {
  const url = path === INDEX ? SCOPE : SCOPE + path; // the page's own address: one download
  const response = await fetch(url, { cache: mode, credentials: "same-origin" });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  const got = await sha256Prefix(body);
  return { response, body, ok: got === revision, got };
}

async function download(path, revision) {
  // The page is loading the same files right now: take the browser's copy when its hash
  // is right (no second download of the 9.6 MB wasm), else go to the server.
  let fetched = await fetchChecked(path, revision, "default");
  if (!fetched.ok) fetched = await fetchChecked(path, revision, "reload");
  if (!fetched.ok) throw new Error(`${path}: content ${fetched.got}, expected ${revision}`);
  // Only these headers: the body is already decoded, so Content-Encoding/Length would lie.
  const headers = new Headers({ [REVISION]: revision });
  for (const name of KEPT_HEADERS) {
    const value = fetched.response.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(fetched.body, { status: 200, statusText: "OK", headers });
}

async function install() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(
      Object.entries(BUILD.files).map(async ([path, revision]) => {
        const have = await cache.match(SCOPE + path); // from an interrupted install
        if (have && have.headers.get(REVISION) === revision) return;
        const response = (await fromOlder(path, revision)) || (await download(path, revision));
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
    if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  }
  // Only the first version finds pages it does not control; after an update every page
  // that the old version controlled moves to this one and reloads (see index.html).
  await self.clients.claim();
}

async function respond(request, path) {
  const cache = await caches.open(CACHE);
  return (await cache.match(SCOPE + path)) || fetch(request);
}

self.addEventListener("install", (event) => event.waitUntil(install()));
self.addEventListener("activate", (event) => event.waitUntil(activate()));

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const path = precached(event.request.url);
  if (path !== null) event.respondWith(respond(event.request, path));
});
