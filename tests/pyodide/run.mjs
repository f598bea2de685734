// Run the unit tests (tests/) under CPython-in-WebAssembly: Pyodide from node_modules, in Node.
//
//   node tests/pyodide/run.mjs [pytest args...]        (or: make wasm)
//
// The repository is mounted (NODEFS) at /repo and becomes the working directory. pytest and
// Hypothesis come from .venv/pyodide-site-packages/, mounted at /wasm-site: WebAssembly wheels
// from PyPI installed by tools/install_wasm_deps.py (the venv's Hypothesis has a native core
// built for the host). Tests marked `cpython_only` are skipped here (tests/conftest.py). The
// .mo catalogs must already be compiled: Babel does not run here (make wasm compiles them).
// Exits with pytest's exit code.
//
// Environment: SCORPION_WASM_SITE overrides the site-packages directory.

import { existsSync, writeSync } from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const site = path.resolve(
  process.env.SCORPION_WASM_SITE ?? path.join(repo, ".venv", "pyodide-site-packages"),
);
if (!existsSync(path.join(site, "pytest"))) {
  console.error(`tests/pyodide: no pytest in ${site}: run \`make wasm-deps\``);
  process.exit(2);
}

// Pass Python's output through unchanged (pytest writes partial lines).
const passThrough = (fd) => ({
  write: (buffer) => {
    writeSync(fd, buffer);
    return buffer.length;
  },
});

const started = performance.now();
const pyodide = await loadPyodide({ stdout: () => {}, stderr: () => {} });
pyodide.setStdout(passThrough(1));
pyodide.setStderr(passThrough(2));
const bootSeconds = (performance.now() - started) / 1000;

for (const [mountPoint, hostPath] of [["/repo", repo], ["/wasm-site", site]]) {
  pyodide.FS.mkdirTree(mountPoint);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: hostPath }, mountPoint);
}

const args = process.argv.slice(2);
if (process.stdout.isTTY) args.unshift("--color=yes");
pyodide.globals.set("pytest_args", pyodide.toPy(args));
pyodide.globals.set("boot_seconds", bootSeconds);

try {
  const exitCode = await pyodide.runPythonAsync(`
import os
import sys

os.chdir("/repo")
sys.path[:0] = ["/repo", "/wasm-site"]
sys.dont_write_bytecode = True  # no cpython-314 .pyc files in the work tree
print(f"tests/pyodide: Python {sys.version.split()[0]} on {sys.platform}, "
      f"Pyodide booted in {boot_seconds:.1f} s", flush=True)

import pytest

int(pytest.main(["-p", "no:cacheprovider", *pytest_args]))
`);
  process.exitCode = exitCode;
} catch (error) {
  // A PythonError's message is the Python traceback; don't let Node print minified source.
  console.error(`tests/pyodide: ${error?.message ?? error}`);
  process.exitCode = 3;
}
console.error(
  `tests/pyodide: ${((performance.now() - started) / 1000).toFixed(1)} s in all, exit ${process.exitCode}`,
);
