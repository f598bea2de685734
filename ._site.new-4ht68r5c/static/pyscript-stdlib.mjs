// Skips PyScript's own start-up program (it writes its `pyscript` package, which app.zip
// already holds) when it is exactly the one the build fingerprinted; any other runs as it
// is. `<html data-pyscript-stdlib>`: "built" or "ran". Why: docs/architecture.md, "The boot".

// Filled in by tools/build_site.py: {length, fnv1a} of PyScript's program; null in the
// source tree, where every program runs as it is.
export const PROGRAM = {
  "fnv1a": 3072245167,
  "length": 32939
};

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
