// Compiles Pyodide's WebAssembly from the page's start, while the Python snapshot downloads,
// and hands the module to Pyodide's own fetch and instantiateStreaming (each global put back
// once used; a failed compile leaves Pyodide's own path). The runtime's other files that
// the page asked for as it started (index.html's head) go to Pyodide's fetch the same way,
// once each. Why: docs/architecture.md.

/**
 * Start compiling the wasm at `url` and let the next loadPyodide instantiate that.
 * `early`: responses already asked for, by absolute URL (promises of Responses): the
 * wasm's is compiled instead of fetching it again, the others are what Pyodide's first
 * fetch of each URL gets. False where the browser cannot compile while downloading.
 */
export function compileEarly(url, scope = globalThis, early = {}) {
  const wasm = scope.WebAssembly;
  const fetchOriginal = scope.fetch;
  const waiting = new Map(Object.entries(early ?? {}));
  if (typeof wasm?.compileStreaming !== "function") {
    handOver(scope, waiting); // Pyodide compiles as usual, from the responses asked for
    return false;
  }
  const href = new URL(url).href;
  const instantiateOriginal = wasm.instantiateStreaming;
  const first = waiting.get(href) ?? fetchOriginal.call(scope, href);
  waiting.delete(href);
  const compiled = wasm.compileStreaming(first);
  compiled.catch(() => {}); // reported, if ever, by the fallback below
  const marker = Object.freeze({ compiledEarly: href }); // not a Response

  waiting.set(href, Promise.resolve(marker));
  handOver(scope, waiting);
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

/** Pyodide's first fetch of each URL in `waiting` (a Map of promises of Responses) gets its
 * promise; `scope.fetch` is put back once none is left. */
export function handOver(scope, waiting) {
  if (waiting.size === 0) return;
  const fetchOriginal = scope.fetch;
  scope.fetch = function fetchRuntime(input, init) {
    const target = typeof input === "object" && "url" in input ? input.url : String(input);
    const found = waiting.get(target);
    if (!found) return fetchOriginal.call(scope, input, init);
    waiting.delete(target);
    if (waiting.size === 0) scope.fetch = fetchOriginal;
    return found;
  };
}
