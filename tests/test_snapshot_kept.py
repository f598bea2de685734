"""The kept copy of the Python snapshot (static/python-snapshot.mjs) under Node, visit after
visit: a visit that restored the shipped snapshot keeps its inflated copy once the game is
ready and idle; the next restores that copy; a copy that is damaged, of another memory or
gone is dropped for the shipped snapshot, and not kept again for this version until that
failure is forgotten; one that will not restore is dropped too. The copy is read by
snapshot-reader.mjs's worker where one can be made (a fake Worker runs the module's
``answer``, as the worker does), by the page where none can.

The page's globals are faked (a built site's ``<html>``, localStorage, Cache Storage, the
link measured fast); WebCrypto, the streams and the module are Node's and ours. Each visit
imports the module afresh, as a page load does. The module is the source with its
``BUILD`` filled in as tools/build_site.py fills it, with the SHA-256 of the fake memory the
server ships. e2e/test_python_snapshot.py shows the same in the browser for a first visit,
its next, and one damaged copy.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_pyscript_stdlib import ROOT, node_json, pytestmark  # noqa: F401  (Node or skip)

STATIC = ROOT / "static"
VERSION = "0123456789abcdef"
CACHE = "scorpion.python-snapshot@/game/"
NOTE = CACHE
FAILED = f"{NOTE}.failed"

# argv[1]: a folder for the module's copy; argv[2]: the scenario's steps (JSON). Prints
# what each step saw.
HARNESS = """
import { readFile, writeFile, copyFile } from "node:fs/promises";
const [dir, stepsJson] = process.argv.slice(1);
const STATIC = %(static)s;
const VERSION = %(version)s;

// Python's memory as the server ships it: packed by sparse.mjs, deflated.
const { pack, unpack } = await import(`${STATIC}/sparse.mjs`);
const memory = new Uint8Array(1 << 17).map((_, i) => (i < 1 << 16 ? (i * 7) & 255 : 0));
const packed = pack(memory);
const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", packed));
const sha256 = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
const deflating = new Blob([packed]).stream().pipeThrough(new CompressionStream("deflate-raw"));
const shipped = new Uint8Array(await new Response(deflating).arrayBuffer());

// The module as the build fills it in.
const source = await readFile(new URL(`${STATIC}/python-snapshot.mjs`), "utf8");
const filled = source.replace(/\\/\\* BUILD \\*\\/[\\s\\S]*?\\/\\* \\/BUILD \\*\\//,
  JSON.stringify({ sha256 }));
if (filled === source) throw new Error("python-snapshot.mjs lost its BUILD markers");
await writeFile(new URL(`${dir}/python-snapshot.mjs`), filled);
for (const name of ["sparse.mjs", "link-rate.mjs", "snapshot-reader.mjs"]) {
  await copyFile(new URL(`${STATIC}/${name}`), new URL(`${dir}/${name}`));
}

// The page's globals.
const root = { dataset: {} };
globalThis.document = { documentElement: root };
globalThis.location = { href: "https://example.org/game/" };
Object.defineProperty(globalThis, "navigator", { value: {}, configurable: true });
const stored = new Map();
globalThis.localStorage = {
  getItem: (k) => (stored.has(k) ? stored.get(k) : null),
  setItem: (k, v) => stored.set(k, String(v)),
  removeItem: (k) => stored.delete(k),
};
const caches = new Map(); // name -> Map(url -> bytes)
const urlOf = (request) => String(request.url ?? request);
const cacheOf = (entries) => ({
  match: async (r) =>
    entries.has(urlOf(r)) ? new Response(entries.get(urlOf(r)).slice()) : undefined,
  put: async (r, response) => {
    entries.set(urlOf(r), new Uint8Array(await response.arrayBuffer()));
  },
  delete: async (r) => entries.delete(urlOf(r)),
  keys: async () => [...entries.keys()].map((url) => ({ url })),
});
globalThis.caches = {
  open: async (name) => {
    if (!caches.has(name)) caches.set(name, new Map());
    return cacheOf(caches.get(name));
  },
  has: async (name) => caches.has(name),
  delete: async (name) => caches.delete(name),
};
const asked = [];
globalThis.fetch = async (url) => {
  asked.push(String(url).split("/").pop());
  return new Response(shipped, { status: 200 });
};
// <html>'s attributes watched: the page marks itself ready once the game is up.
const watching = new Set();
globalThis.MutationObserver = class {
  constructor(callback) { this.callback = callback; }
  observe() { watching.add(this); }
  disconnect() { watching.delete(this); }
};
const markReady = () => {
  root.dataset.ready = "1";
  for (const observer of [...watching]) {
    observer.callback([{ attributeName: "data-ready" }], observer);
  }
};
// The reader's worker, as a step asks for it: none (no Worker: the page reads), one that
// cannot be made, one that fails to load, or one that answers as snapshot-reader.mjs's
// worker does (its module's `answer`, the buffer transferred by structured cloning).
const readers = { started: [], ended: 0 };
const WORKERS = {
  throws: class { constructor() { throw new Error("no module workers here"); } },
  "fails to load": class {
    constructor(url) {
      readers.started.push(String(url).split("/").pop());
      queueMicrotask(() => this.onerror({ preventDefault() {}, message: "not loaded" }));
    }
    postMessage() {}
    terminate() { readers.ended += 1; }
  },
  answers: class {
    constructor(url, options) {
      this.url = String(url);
      readers.started.push(`${this.url.split("/").pop()} (${options?.type})`);
    }
    async postMessage(request) {
      const { answer } = await import(this.url);
      const [message, transfer] = await answer(structuredClone(request));
      this.onmessage({ data: structuredClone(message, { transfer }) });
    }
    terminate() { readers.ended += 1; }
  },
};
const warned = [];
console.warn = (...args) => warned.push(args.map(String).join(" "));

const settle = (ms) => new Promise((done) => setTimeout(done, ms));
const seen = () => ({
  notes: Object.fromEntries(stored),
  caches: Object.fromEntries([...caches].map(([name, entries]) => [name, [...entries.keys()]])),
});
// What can become of the kept copy between two visits.
const DAMAGE = {
  damaged: (entries) => {
    for (const url of entries.keys()) entries.set(url, new Uint8Array(1 << 12).fill(7));
  },
  "another memory": (entries) => {
    for (const [url, bytes] of entries) {
      const other = bytes.slice();
      other[other.length - 1] ^= 1; // one bit of Python's memory changed
      entries.set(url, other);
    }
  },
  gone: (_entries, name) => caches.delete(name),
};

let visits = 0;
const out = [];
for (const step of JSON.parse(stepsJson)) {
  if (step.damage) {
    const name = [...caches.keys()].find((n) => n.startsWith("scorpion.python-snapshot@"));
    DAMAGE[step.damage](caches.get(name), name);
    out.push({ damage: step.damage, ...seen() });
    continue;
  }
  if (step.forget) { stored.delete(step.forget); out.push({ forgot: step.forget }); continue; }
  // A visit: the module loaded afresh, the bytes awaited, the restore's outcome told, the
  // game ready, then time for an idle callback's keeping.
  visits += 1;
  asked.length = 0;
  warned.length = 0;
  readers.started.length = 0;
  readers.ended = 0;
  if (step.reader) globalThis.Worker = WORKERS[step.reader];
  else delete globalThis.Worker;
  root.dataset = { version: VERSION };
  const { pythonSnapshot } = await import(`${dir}/python-snapshot.mjs?visit=${visits}`);
  const snapshot = await pythonSnapshot(Promise.resolve({ rate: 1e9, encoded: false }));
  const first = snapshot.source;
  let same = null, error = null, bytes = null;
  try {
    bytes = await snapshot.bytes; // packed, as sparse.mjs's restorable takes it
    const back = unpack(bytes);
    same = back.length === memory.length && back.every((b, i) => b === memory[i]);
  } catch (e) {
    error = String(e.message || e);
  }
  if (step.restore === "fails") await snapshot.failed();
  else snapshot.restored();
  markReady();
  await settle(50);
  const letGo = bytes && bytes.byteLength === 0; // the snapshot's bytes freed (detached)
  out.push({ first, source: snapshot.source, same, error, letGo, asked: [...asked],
             warned: [...warned],
             snapshot: root.dataset.snapshot ?? null, readers: { ...readers,
             started: [...readers.started] }, ...seen() });
}
console.log(JSON.stringify(out));
""" % {"static": json.dumps(STATIC.as_uri()), "version": json.dumps(VERSION)}  # noqa: UP031


def visits(tmp_path: Path, *steps: dict[str, Any]) -> list[dict[str, Any]]:
    return node_json(HARNESS, tmp_path.as_uri(), json.dumps(steps))


VISIT: dict[str, Any] = {}


def kept(tmp_path: Path) -> dict[str, Any]:
    """The note and the cache once this version's copy is kept: its key is beside the
    module (a site's static/), named for the version, never fetched."""
    return {
        "notes": {NOTE: VERSION},
        "caches": {CACHE: [f"{tmp_path.as_uri()}/python-{VERSION}.snapshot"]},
    }


def test_a_first_visit_keeps_its_copy_and_the_next_restores_it(tmp_path: Path) -> None:
    first, second = visits(tmp_path, VISIT, VISIT)
    assert first["first"] == first["source"] == "shipped" and first["same"], first
    assert first["letGo"]  # written into Python's memory, then kept: its bytes freed
    assert first["asked"] == ["python.snapshot"]
    assert first["snapshot"] == "kept"  # kept once the game was ready and idle
    assert {k: first[k] for k in ("notes", "caches")} == kept(tmp_path)
    # the next visit: the copy, checked, and nothing downloaded
    assert second["first"] == second["source"] == "kept" and second["same"], second
    assert second["letGo"]  # the copy let go of once restored, as the shipped one was
    assert second["asked"] == [] and second["warned"] == []
    assert {k: second[k] for k in ("notes", "caches")} == kept(tmp_path)


@pytest.mark.parametrize("damage", ["damaged", "another memory", "gone"])
def test_a_broken_kept_copy_is_dropped_for_the_shipped_one_and_not_kept_again(
    tmp_path: Path, damage: str
) -> None:
    """Damaged bytes (a broken disk, or another page of the origin writing Cache Storage),
    a well-formed packed snapshot of other memory (only the SHA-256 tells it), or gone (the
    browser evicted Cache Storage but kept the note in localStorage)."""
    steps = visits(tmp_path, VISIT, {"damage": damage}, VISIT, VISIT, {"forget": FAILED}, VISIT)
    _first, _damage, broken, after, _forgot, again = steps
    # the visit after the damage: it meant to read the copy, restored the shipped one
    assert broken["first"] == "kept" and broken["source"] == "shipped", broken
    assert broken["same"] and broken["error"] is None
    assert broken["asked"] == ["python.snapshot"]
    assert any("kept Python snapshot is not used" in text for text in broken["warned"])
    assert broken["notes"] == {FAILED: VERSION}  # no note of a copy, the failure noted
    assert broken["caches"].get(CACHE, []) == []  # dropped, and no copy kept again
    assert broken["snapshot"] == "shipped"
    # not tried again for this version: the shipped one, and no copy kept
    assert after["first"] == after["source"] == "shipped" and after["same"]
    assert after["notes"] == {FAILED: VERSION} and after["caches"].get(CACHE, []) == []
    assert after["warned"] == []
    # the failure forgotten: a visit keeps a copy again
    assert again["source"] == "shipped" and again["snapshot"] == "kept"
    assert {k: again[k] for k in ("notes", "caches")} == kept(tmp_path)


def test_a_kept_copy_that_will_not_restore_is_dropped_and_not_kept_again(tmp_path: Path) -> None:
    _first, failing, after = visits(tmp_path, VISIT, {"restore": "fails"}, VISIT)
    assert failing["first"] == failing["source"] == "kept" and failing["same"], failing
    assert failing["letGo"]  # Python starts afresh: the memory that would not restore goes
    assert failing["notes"] == {FAILED: VERSION} and failing["caches"][CACHE] == []
    assert after["first"] == after["source"] == "shipped" and after["same"]
    assert after["notes"] == {FAILED: VERSION} and after["caches"][CACHE] == []


@pytest.mark.parametrize("reader", ["answers", "fails to load", "throws"])
def test_the_kept_copy_is_read_by_a_worker_or_else_by_the_page(tmp_path: Path, reader: str) -> None:
    """Read by snapshot-reader.mjs's worker, the same memory comes back and the worker is
    ended; a worker that cannot be made or fails to load says nothing against the copy:
    the page reads it itself."""
    _first, second = visits(tmp_path, VISIT, {"reader": reader})
    assert second["first"] == second["source"] == "kept" and second["same"], second
    assert second["letGo"]  # from the worker's message or the page's own read alike
    assert second["asked"] == [] and second["warned"] == []
    assert {k: second[k] for k in ("notes", "caches")} == kept(tmp_path)
    started = {"answers": ["snapshot-reader.mjs (module)"], "fails to load":
               ["snapshot-reader.mjs"], "throws": []}[reader]  # fmt: skip
    assert second["readers"] == {"started": started, "ended": len(started)}


def test_a_worker_that_finds_the_copy_damaged_drops_it_as_the_page_would(
    tmp_path: Path,
) -> None:
    steps = visits(tmp_path, VISIT, {"damage": "another memory"}, {"reader": "answers"})
    broken = steps[-1]
    assert broken["first"] == "kept" and broken["source"] == "shipped" and broken["same"]
    assert broken["asked"] == ["python.snapshot"]
    assert any("SHA-256" in text for text in broken["warned"]), broken["warned"]
    assert broken["notes"] == {FAILED: VERSION} and broken["caches"].get(CACHE, []) == []
    assert broken["readers"]["ended"] == 1
