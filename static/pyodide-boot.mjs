// Start Pyodide the moment the page runs this module, not when PyScript gets round to it.
//
// index.html loads this module before PyScript's core.js, and pyscript.toml names it as the
// `interpreter`: PyScript imports it (the same module instance) and calls its loadPyodide,
// which hands over the interpreter that has been booting since the page started. The
// runtime's download and compile, and Python's start, then overlap PyScript's own start
// (its core, the config, its plugins) instead of waiting for it.
//
// The game's Python (app.zip, made by tools/build_site.py: our packages with their
// bytecode, the compiled catalogs) is fetched at the same time and unpacked into Python's
// working directory before PyScript gets the interpreter (this is what pyscript.toml's
// [files] did, after the runtime was up).
//
// Python's output goes to PyScript's writers once PyScript passes them (its error display
// needs stderr); until then to the console. PyScript passes no packages (pyscript.toml has
// none), so nothing else in its options matters here.
import { loadPyodide as load, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

let stdout = (line) => console.log(line);
let stderr = (line) => console.warn(line);

const app = fetch(new URL("./app.zip", import.meta.url), { credentials: "same-origin" }).then(
  (response) => {
    if (!response.ok) throw new Error(`app.zip: HTTP ${response.status}`);
    return response.arrayBuffer();
  },
);

const started = Promise.all([
  load({ stdout: (line) => stdout(line), stderr: (line) => stderr(line) }),
  app,
]).then(([pyodide, zip]) => {
  pyodide.unpackArchive(zip, "zip", { extractDir: pyodide.FS.cwd() });
  performance.mark("scorpion-pyodide"); // for bench/load.py
  return pyodide;
});
started.catch(() => {}); // PyScript reports a failure: it awaits the same promise

export function loadPyodide(options = {}) {
  if (options.stdout) stdout = options.stdout;
  if (options.stderr) stderr = options.stderr;
  return started;
}
