// The initial size of a WebAssembly module's own memory, in bytes, read from its binary's
// memory section: what a Pyodide memory snapshot must fit in (tools/make_snapshot.mjs).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

export function initialMemory(bytes) {
  let at = 8; // after the magic number and the version
  const leb = () => {
    let result = 0;
    let shift = 0;
    let byte;
    do {
      byte = bytes[at++];
      result += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return result;
  };
  while (at < bytes.length) {
    const id = bytes[at++];
    const size = leb();
    const end = at + size;
    if (id === 5 && leb() > 0) {
      leb(); // the limits' flags
      return leb() * 65536; // initial pages
    }
    at = end;
  }
  // An imported memory (not how Pyodide builds): say so rather than guess.
  throw new Error("no memory section in this WebAssembly module");
}

// node tools/wasm_memory.mjs FILE.wasm: print it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(initialMemory(readFileSync(process.argv[2])));
}
