// Makes the memory snapshot that python-snapshot.mjs describes, off the page's thread.
//
// The same vendored Pyodide and app.zip as the page, started with `_makeSnapshot`, then the
// game imported (PRELOAD): webapp.main brings in every module the page's start needs; the
// solver and the rules page, which a page imports only when first asked, come along too,
// and so do the four catalogs, read and parsed. Nothing else: the page's own start
// (PyScript, the DOM, the save) happens after each restore.
// Imports that reach JavaScript (`from js import Object`) are kept by their path from
// globalThis, which Pyodide resolves again in the page.
import { fetchAppFiles, writeAppFiles } from "./app-files.mjs";
import { pack } from "./sparse.mjs";
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const PRELOAD = `
import webapp.main, scorpion.help, scorpion.solver
from scorpion.i18n import LANGUAGES, translations
for lang in LANGUAGES:
    translations(lang)
`;

async function make({ cache: name, key, base }) {
  const [pyodide, files] = await Promise.all([
    loadPyodide({ _makeSnapshot: true }),
    fetchAppFiles(new URL("./app.zip", import.meta.url)),
  ]);
  writeAppFiles(pyodide, pyodide.FS.cwd(), files); // where the page puts them
  pyodide.runPython(PRELOAD);
  const bytes = pack(pyodide.makeMemorySnapshot());
  const cache = await caches.open(name);
  for (const request of await cache.keys()) {
    if (request.url.startsWith(base) && request.url !== key) await cache.delete(request); // older versions
  }
  await cache.put(key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
  return bytes.length;
}

self.onmessage = async ({ data }) => {
  try {
    postMessage({ made: true, bytes: await make(data) });
  } catch (error) {
    postMessage({ made: false, error: String(error) });
  }
};
