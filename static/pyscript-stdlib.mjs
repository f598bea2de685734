// PyScript's own Python package, written and compiled by the build instead of on every boot,
// and imported only if something uses it.
//
// Before it runs a page's first script, PyScript runs a Python program of its own (its
// "stdlib", 33 KB): the `pyscript` package's sources as string literals, written into the
// working directory with pathlib, then `import pyscript`. Compiling and running the writes
// took 25-90 ms of a cold start here, and the import 70-100 ms more. The build puts those
// very files (and their bytecode) into app.zip, which pyodide-boot.mjs unpacks before
// PyScript gets the interpreter, and records below the fingerprint of the program this
// PyScript runs. When PyScript hands the interpreter exactly that program, none of it runs:
// the files are already there, and on the main thread nothing needs the package imported at
// start (PyScript's JavaScript never asks Python for it; our Python reaches the page through
// `js` and `pyodide.ffi`); a `from pyscript import ...` imports it from app.zip's copy as
// usual. Any other program (another PyScript version, a plugin's addition) runs as it is.
// `<html data-pyscript-stdlib>` says which happened: "built" or "ran".

// Filled in by tools/build_site.py: {length, fnv1a} of PyScript's program; null in the
// source tree, where every program runs as it is.
export const PROGRAM = /* BUILD */ null /* /BUILD */;

/** 32-bit FNV-1a over the UTF-16 code units of `text` (build and page compute it alike). */
export function fingerprint(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return { length: text.length, fnv1a: hash };
}

function isProgram(code, program) {
  if (!program || typeof code !== "string" || code.length !== program.length) return false;
  return fingerprint(code).fnv1a === program.fnv1a;
}

/** Make `pyodide.runPythonAsync` skip PyScript's program (its files are in app.zip). */
export function useBuiltStdlib(pyodide, program = PROGRAM, root = globalThis.document?.documentElement) {
  const run = pyodide.runPythonAsync.bind(pyodide);
  pyodide.runPythonAsync = (code, options) => {
    const built = isProgram(code, program);
    if (root && code.includes("import pyscript")) root.dataset.pyscriptStdlib = built ? "built" : "ran";
    // What the program returns: None, which Pyodide hands back as undefined.
    return built ? Promise.resolve(undefined) : run(code, options);
  };
  return pyodide;
}
