// PyScript's `interpreter` (pyscript.toml): Pyodide starts the moment the page runs this
// module, from the build's memory snapshot when it can, with the game's files unpacked, and
// PyScript gets that interpreter. How and why: docs/architecture.md, "The boot".
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
