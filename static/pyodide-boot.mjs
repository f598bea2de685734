// Start Pyodide the moment the page runs this module, not when PyScript gets round to it.
//
// index.html loads this module before PyScript's core.js, and pyscript.toml names it as the
// `interpreter`: PyScript imports it (the same module instance) and calls its loadPyodide,
// which hands over the interpreter that has been booting since the page started. The
// runtime's download and compile, and Python's start, then overlap PyScript's own start
// (its core, the config, its plugins) instead of waiting for it.
//
// The game's Python (app.zip, made by tools/build_site.py: our packages with their
// bytecode, PyScript's own package, the compiled catalogs) is fetched and inflated at the
// same time (app-files.mjs) and written into Python's working directory before PyScript
// gets the interpreter (this is what pyscript.toml's [files] did, after the runtime was
// up); PyScript's own program that writes its package there is then skipped
// (pyscript-stdlib.mjs).
//
// Python itself starts from a memory snapshot (see python-snapshot.mjs): Python as it was
// once started and had imported the game, made at build time from these very files and
// shipped with the site (later visits read the copy an earlier one kept, already inflated).
// Restoring it skips Python's own start and our imports. A snapshot that cannot be had or
// will not restore: the ordinary start, a little slower.
//
// Python's output goes to PyScript's writers once PyScript passes them (its error display
// needs stderr); until then to the console. PyScript passes no packages (pyscript.toml has
// none), so nothing else in its options matters here.
import { loadPyodide as load, version } from "./vendor/pyodide/pyodide.mjs";
import { fetchAppFiles, writeAppFiles } from "./app-files.mjs";
import { pythonSnapshot } from "./python-snapshot.mjs";
import { useBuiltStdlib } from "./pyscript-stdlib.mjs";
import { compileEarly } from "./early-wasm.mjs";
import * as domWrites from "./dom-writes.mjs";

export { version };

let stdout = (line) => console.log(line);
let stderr = (line) => console.warn(line);
const output = { stdout: (line) => stdout(line), stderr: (line) => stderr(line) };

const app = fetchAppFiles(new URL("./app.zip", import.meta.url));
// The runtime compiles while the snapshot downloads (early-wasm.mjs says why).
compileEarly(new URL("./vendor/pyodide/pyodide.asm.wasm", import.meta.url));

// What a restored interpreter must not share with the one that made the snapshot: the
// random generator's state (every visit would deal the same "random" games), and what the
// import system remembers of the working directory's listing (app.zip is written afresh).
// Not importlib.invalidate_caches(): it also imports importlib.metadata (0.2-0.3 s here).
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

async function start() {
  const snapshot = pythonSnapshot();
  if (snapshot) {
    try {
      const pyodide = await load({ ...output, _loadSnapshot: snapshot.bytes });
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
  return load(output);
}

const started = Promise.all([start(), app]).then(([pyodide, files]) => {
  writeAppFiles(pyodide, pyodide.FS.cwd(), files);
  pyodide.registerJsModule("scorpion_dom", domWrites); // webapp/dom.py's DOM writes
  performance.mark("scorpion-pyodide"); // for bench/load.py
  return useBuiltStdlib(pyodide);
});
started.catch(() => {}); // PyScript reports a failure: it awaits the same promise

export function loadPyodide(options = {}) {
  if (options.stdout) stdout = options.stdout;
  if (options.stderr) stderr = options.stderr;
  return started;
}
