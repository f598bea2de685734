// Compiles Pyodide's WebAssembly from the page's start, while the Python snapshot downloads,
// and hands the module to Pyodide's own fetch and instantiateStreaming (each global put back
// at its first use; a failed compile leaves Pyodide's own path). Why: docs/architecture.md.

/** Start compiling the wasm at `url` and let the next loadPyodide instantiate that. */
export function compileEarly(url, scope = globalThis) {
  const wasm = scope.WebAssembly;
  if (typeof wasm?.compileStreaming !== "function") return false;
  const href = new URL(url).href;
  const fetchOriginal = scope.fetch;
  const instantiateOriginal = wasm.instantiateStreaming;
  const compiled = wasm.compileStreaming(fetchOriginal.call(scope, href));
  compiled.catch(() => {}); // reported, if ever, by the fallback below
  const marker = Object.freeze({ compiledEarly: href }); // not a Response

  scope.fetch = function fetchRuntime(input, init) {
    const target = typeof input === "object" && "url" in input ? input.url : String(input);
    if (target !== href) return fetchOriginal.call(scope, input, init);
    scope.fetch = fetchOriginal;
    return Promise.resolve(marker);
  };
  wasm.instantiateStreaming = async function instantiateRuntime(source, imports) {
    const response = await source;
    if (response !== marker) return instantiateOriginal.call(wasm, response, imports);
    wasm.instantiateStreaming = instantiateOriginal;
    let module;
    try {
      module = await compiled;
    } catch (error) {
      console.warn("scorpion: compiling the runtime early failed; compiling it now:", error);
      return instantiateOriginal.call(wasm, fetchOriginal.call(scope, href), imports);
    }
    const instance = await wasm.instantiate(module, imports);
    globalThis.performance?.mark?.("scorpion-runtime-early"); // e2e/test_boot.py, bench/load.py
    return { module, instance };
  };
  return true;
}
