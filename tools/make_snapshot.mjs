// Make the Python memory snapshot the site ships (static/python.snapshot), for
// tools/build_site.py, with the site's own files run under Node:
//
//   node tools/make_snapshot.mjs SITE
//
// SITE is a built site with its runtime in place (static/vendor/pyodide/, as shipped:
// the trimmed stdlib with its bytecode) and static/app.zip. This starts that Pyodide with
// `_makeSnapshot`, writes app.zip's files where the page writes them (the page's own
// app-files.mjs), imports the game (PRELOAD) and writes Pyodide's memory then: packed
// without its all-zero pages (static/sparse.mjs), deflated (raw DEFLATE, which the
// browser's DecompressionStream("deflate-raw") inflates while it downloads).
// static/python-snapshot.mjs restores it; pyodide-boot.mjs says what a restore must redo.
//
// The snapshot is a function of those files: Python's entropy (its hash secret, the seed
// of `random`) comes from a fixed generator here and its clocks read fixed times, so two
// builds give the same bytes (e2e/test_boot.py). Nothing random survives a restore: the
// page reseeds `random` at once, and nothing in the game keys on the hash secret.
import nodeCrypto from "node:crypto";
import { writeFileSync, readFileSync } from "node:fs";
import path from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { deflateRawSync } from "node:zlib";
import { initialMemory } from "./wasm_memory.mjs";

const site = path.resolve(process.argv[2] ?? "");
if (!process.argv[2]) {
  console.error("usage: node tools/make_snapshot.mjs SITE");
  process.exit(2);
}
const OUT = path.join(site, "static", "python.snapshot");
// Under Node, Emscripten names the program after this script (the environment's `_`, which
// the snapshot would carry, with this checkout's path) and hands it the other arguments:
// what a browser gets instead.
process.argv.splice(1, Infinity, "./this.program");

// webapp.main brings in every module the page's start needs; the solver and the rules page,
// which a page imports only when first asked, come along too, and so do the four catalogs,
// read and parsed. Nothing else: the page's own start (PyScript, the DOM, the save) runs
// after each restore.
const PRELOAD = `
import webapp.main, scorpion.help, scorpion.solver
from scorpion.i18n import LANGUAGES, translations
for lang in LANGUAGES:
    translations(lang)
`;

// Emscripten reads entropy through node:crypto's randomFillSync under Node (and
// crypto.getRandomValues elsewhere); a 32-bit LCG is plenty for bytes nobody relies on.
let state = 0x9e3779b9;
function fixedEntropy(view) {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    bytes[i] = state >>> 24;
  }
  return view;
}
nodeCrypto.randomFillSync = fixedEntropy;
globalThis.crypto.getRandomValues = fixedEntropy;
let ticks = 0; // each reading a millisecond later than the one before
Date.now = () => Date.UTC(2026, 0, 1) + ++ticks;
performance.now = () => ++ticks;

const url = (file) => pathToFileURL(path.join(site, "static", file)).href;
const { loadPyodide } = await import(url("vendor/pyodide/pyodide.mjs"));
const { readApp, writeAppFiles } = await import(url("app-files.mjs"));
const { pack } = await import(url("sparse.mjs"));

const indexURL = path.join(site, "static", "vendor", "pyodide") + path.sep; // a path under Node
const pyodide = await loadPyodide({ _makeSnapshot: true, indexURL });
const zip = readFileSync(path.join(site, "static", "app.zip"));
const buffer = zip.buffer.slice(zip.byteOffset, zip.byteOffset + zip.byteLength);
writeAppFiles(pyodide, pyodide.FS.cwd(), await readApp(buffer)); // as the page does
pyodide.runPython(PRELOAD);

const memory = pyodide.makeMemorySnapshot(); // a small header, then the heap
// pyodide#6254: a snapshot whose heap grew past the runtime's initial heap fails to restore,
// so every visit would start Python the slow way, silently. Fail the build instead. (The
// heap's size is Emscripten's module's, not a public API: its absence fails loudly too.)
const heap = pyodide._module?.HEAPU8?.byteLength;
const initial = initialMemory(readFileSync(path.join(indexURL, "pyodide.asm.wasm")));
if (typeof heap !== "number") throw new Error("Pyodide no longer shows its heap's size");
if (heap > initial) {
  throw new Error(`the snapshot's heap (${heap} bytes) outgrew the runtime's initial heap ` +
    `(${initial}): it would not restore (pyodide#6254); import less before it`);
}
console.log(`make_snapshot: heap ${heap} bytes, the runtime's initial heap ${initial}`);
const packed = pack(memory);
writeFileSync(OUT, deflateRawSync(packed, { level: 9 }));
