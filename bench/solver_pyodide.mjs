// The solver benchmark (bench/solver.py) under CPython-in-WebAssembly: Pyodide from
// node_modules, in Node, with the repository mounted (NODEFS) at /repo.
//
//   node bench/solver_pyodide.mjs [--deals 1-300] [--variant classic|relaxed|both] [--limit 1,10]
//
// The arguments are bench/solver.py's. Its default clock is CPU time, here Node's
// process.cpuUsage() (Python's process_time is wall time under Emscripten).

import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const started = performance.now();
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
console.log(`Pyodide ${pyodide.version} booted in ${((performance.now() - started) / 1000).toFixed(1)} s`);

pyodide.globals.set("bench_args", pyodide.toPy(process.argv.slice(2)));
try {
  await pyodide.runPythonAsync(`
import os
import sys

os.chdir("/repo")
sys.path.insert(0, "/repo")
sys.dont_write_bytecode = True  # no cpython-314 .pyc files in the work tree

import runpy

solver_bench = runpy.run_path("/repo/bench/solver.py", run_name="solver_bench")
solver_bench["main"](list(bench_args))
`);
} catch (error) {
  console.error(`bench/solver_pyodide: ${error?.message ?? error}`);
  process.exitCode = 3;
}
