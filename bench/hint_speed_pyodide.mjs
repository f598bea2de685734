// bench/hint_speed.py under CPython-in-WebAssembly: Pyodide from node_modules, in Node, with
// the repository mounted (NODEFS) at /repo (as bench/solver_pyodide.mjs).
//
//   node bench/hint_speed_pyodide.mjs [--variant classic|relaxed] [--deals 1-5] [--moves 40]
//
// The arguments are bench/hint_speed.py's; CPU time is Node's process.cpuUsage().

import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");

pyodide.globals.set("bench_args", pyodide.toPy(process.argv.slice(2)));
try {
  await pyodide.runPythonAsync(`
import os
import sys

os.chdir("/repo")
sys.path.insert(0, "/repo")
sys.dont_write_bytecode = True  # no cpython-314 .pyc files in the work tree

import runpy

speed = runpy.run_path("/repo/bench/hint_speed.py", run_name="hint_speed")
speed["main"](list(bench_args))
`);
} catch (error) {
  console.error(`bench/hint_speed_pyodide: ${error?.message ?? error}`);
  process.exitCode = 3;
}
