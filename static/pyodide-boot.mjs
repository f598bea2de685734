// PyScript's `interpreter` (pyscript.toml): Pyodide starts the moment the page runs this
// module, from the build's memory snapshot when it can, with the game's files unpacked, and
// PyScript gets that interpreter. How and why: docs/architecture.md, "The boot".
import { loadPyodide as load, version } from "./vendor/pyodide/pyodide.mjs";
import { fetchAppFiles, writeAppFiles } from "./app-files.mjs";
import { pythonSnapshot } from "./python-snapshot.mjs";
import { letGo } from "./snapshot-reader.mjs";
import { restorable, runtimeMemory } from "./sparse.mjs";
import { useBuiltStdlib } from "./pyscript-stdlib.mjs";
import { compileEarly, handOver } from "./early-wasm.mjs";
import { metered } from "./link-rate.mjs";
import * as domWrites from "./dom-writes.mjs";

export { version };

let stdout = (line) => console.log(line);
let stderr = (line) => console.warn(line);
// Pyodide's `createPyodideModule` option (internal: what it calls to instantiate its
// runtime, which starts the interpreter) wrapped so that the page gets its thread back
// between the runtime's start and Python's bootstrap (importing Pyodide's own modules): two
// long tasks instead of one. A Pyodide that ignores the option starts as before.
// The runtime's module is also where a restored snapshot's memory is written (sparse.mjs).
const RUNTIME = new URL("./vendor/pyodide/pyodide.asm.mjs", import.meta.url).href;
let runtimeModule = null;
async function createPyodideModule(settings) {
  const { default: create } = await import(RUNTIME);
  const module = await create(settings);
  runtimeModule = module;
  await yieldToPage();
  return module;
}
const output = {
  stdout: (line) => stdout(line),
  stderr: (line) => stderr(line),
  createPyodideModule,
};

// The runtime's files: those index.html's head asked for, or asked for now. The wasm's
// download says how fast the link is (link-rate.mjs), which decides whether a first visit
// fetches the snapshot.
function takeEarly() {
  const early = globalThis.scorpionRuntime; // {asked, responses}; taken once
  globalThis.scorpionRuntime = undefined;
  const fine = early && typeof early === "object" && typeof early.asked === "number";
  return fine ? early : { asked: performance.now(), responses: {} };
}

const early = takeEarly();
const WASM = new URL("./vendor/pyodide/pyodide.asm.wasm", import.meta.url).href;
const runtime = { ...early.responses };
runtime[WASM] ??= fetch(WASM, { credentials: "same-origin" });
// Only a first visit needs the rate: a visit the service worker controls restores the
// snapshot and reads app.zip from its cache, whatever the link.
const controlled = !!navigator.serviceWorker?.controller;
// The loading pill (index.html) shows the wasm's bytes as they come.
const told = (loaded) =>
  dispatchEvent(new CustomEvent("scorpion-boot", { detail: { url: WASM, loaded } }));
const link = controlled ? null : metered(runtime[WASM], { since: early.asked, progress: told });
if (link) {
  runtime[WASM] = link.response;
  link.rate.then((measured) => performance.mark("scorpion-link", { detail: measured })); // bench/firstvisit.py
}

// app.zip: at once where the link is not the bottleneck (a later visit reads it from the
// service worker's cache), otherwise once the wasm is in, so that the runtime's files, which
// Python needs first, share the link with nothing else, and app.zip arrives while Python
// starts. Python up without it fetches it then at the latest.
let app = null;
const fetchApp = () => (app ??= fetchAppFiles(new URL("./app.zip", import.meta.url)));
if (!link) fetchApp();
else link.arrived.then(() => fetchApp().catch(() => {})); // reported when awaited below

// What a restored interpreter must not share with the one that made the snapshot: the
// random generator's state (every visit would deal the same "random" games), and what the
// import system remembers of the working directory (written afresh; app.zip's importer:
// app-files.mjs).
// Not importlib.invalidate_caches(): it also imports importlib.metadata, which is slow.
// And a check that this is the interpreter the build left, with the game imported.
const AFTER_RESTORE = `
import random, sys
from importlib.machinery import FileFinder
if "webapp.main" not in sys.modules:
    raise RuntimeError("the snapshot holds no game")
random.seed()
for finder in sys.path_importer_cache.values():
    if isinstance(finder, FileFinder):
        finder.invalidate_caches()
`;

// Pyodide keeps the options it was given for the interpreter's life: the snapshot's bytes
// (sparse.mjs's view of Python's whole memory, 31 MB, and the pack it writes from) would
// stay with them. It gets a thenable that lets go of them once Pyodide has taken them, and
// hands them over in a task of its own (reading them is one long task, restoring them
// another).
export function handOnce(promise) {
  let held = promise;
  return {
    then(resolve, reject) {
      const taken = held ?? Promise.reject(new Error("the snapshot's bytes were taken"));
      held = null;
      return taken.then((bytes) => yieldToPage().then(() => resolve(bytes)), reject);
    },
  };
}

async function start() {
  const snapshot = await pythonSnapshot(link?.rate);
  if (snapshot) {
    fetchApp(); // the link is fast: no need to wait
    // The runtime compiles while the snapshot downloads (early-wasm.mjs says why).
    compileEarly(WASM, globalThis, runtime);
    try {
      const into = () => runtimeMemory(runtimeModule);
      const bytes = snapshot.bytes.then((packed) => restorable(packed, into));
      const pyodide = await load({ ...output, _loadSnapshot: handOnce(bytes) });
      bytes.then(letGo); // its header read, its memory written into Python's
      await yieldToPage();
      pyodide.runPython(AFTER_RESTORE);
      performance.mark("scorpion-restored", { detail: snapshot.source }); // for bench/load.py
      snapshot.restored();
      return pyodide;
    } catch (error) {
      console.warn("scorpion: the Python snapshot did not restore; starting afresh:", error);
      await snapshot.failed();
    }
  }
  document.documentElement.dataset.snapshot = "none";
  // Pyodide compiles the runtime itself, as bare Pyodide does, from the responses above
  // (WebKit runs Python several times slower from a module compiled ahead).
  if (!snapshot) handOver(globalThis, new Map(Object.entries(runtime)));
  return load(output);
}

// The page's thread back between the steps of Python's start (each a long task on a phone):
// a task of its own, as Pyodide's event loop posts them (not a timer, which a hidden page
// would run once a second).
function yieldToPage() {
  if (globalThis.scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

const started = start().then(async (pyodide) => {
  await yieldToPage();
  const files = await fetchApp();
  writeAppFiles(pyodide, pyodide.FS.cwd(), files);
  app = Promise.resolve(null); // written into Python's file system: its bytes can go
  letGo(files.archive, ...(files.files ?? []).map(({ bytes }) => bytes));
  pyodide.registerJsModule("scorpion_dom", domWrites); // webapp/page/board.py's DOM writes
  performance.mark("scorpion-pyodide"); // for bench/load.py
  return useBuiltStdlib(pyodide);
});
started.catch(() => {}); // PyScript reports a failure: it awaits the same promise

export function loadPyodide(options = {}) {
  if (options.stdout) stdout = options.stdout;
  if (options.stderr) stderr = options.stderr;
  return started;
}
