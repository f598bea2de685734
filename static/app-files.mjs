// The game's files (static/app.zip, made by tools/build_site.py): Python imports its
// bytecode straight from the archive (the archive is written into Python's file system
// whole and put first on sys.path: zipimport inflates each module as it is imported, with
// zlib, with no file per module to write), and the other files, the catalogs, are read out
// in JavaScript and written beside it. Only what the build makes is read: stored or deflated
// entries, no ZIP64, no encryption.

import { sha256 } from "./snapshot-reader.mjs";

export const ARCHIVE = "app.zip"; // its name in Python's file system, in the working directory
const IMPORTED = ".pyc"; // what Python imports from the archive itself

const EOCD = 0x06054b50; // end of central directory
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

function endOfDirectory(view) {
  // The record is 22 bytes plus a comment of at most 65,535.
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === EOCD) return at;
  }
  throw new Error("app.zip: not a zip file");
}

async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Every file in the zip as `{path, bytes}` (directories are implied by the paths), or
 * those whose path `wanted` accepts. */
export async function readZip(buffer, wanted = () => true) {
  const view = new DataView(buffer);
  const end = endOfDirectory(view);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const files = [];
  for (let index = 0; index < count; index++) {
    if (view.getUint32(at, true) !== CENTRAL) throw new Error("app.zip: bad central directory");
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const path = decoder.decode(new Uint8Array(buffer, at + 46, nameLength));
    at += 46 + skip;
    if (path.endsWith("/")) continue;
    if (path.startsWith("/") || path.split("/").includes("..")) throw new Error(`app.zip: bad path ${path}`);
    if (flags & 1) throw new Error(`app.zip: ${path} is encrypted`);
    if (view.getUint32(local, true) !== LOCAL) throw new Error(`app.zip: bad entry ${path}`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = new Uint8Array(buffer, start, size);
    if (!wanted(path)) continue;
    if (method === STORED) files.push({ path, bytes: data });
    else if (method === DEFLATED) files.push({ path, bytes: inflate(data) });
    else throw new Error(`app.zip: ${path} uses compression method ${method}`);
  }
  return Promise.all(files.map(async ({ path, bytes }) => ({ path, bytes: await bytes })));
}

/** app.zip's bytes (an ArrayBuffer) with what Python does not import from it read out:
 * `{archive, files, sha256}`, `files` null where the browser cannot inflate (writeAppFiles
 * then has Pyodide unpack the whole archive). */
export async function readApp(buffer) {
  const [files, digest] = await Promise.all([
    typeof DecompressionStream === "function"
      ? readZip(buffer, (path) => !path.endsWith(IMPORTED))
      : null,
    // No WebCrypto (a page not served over HTTPS or from this machine): no hash known.
    globalThis.crypto?.subtle ? sha256(buffer) : null,
  ]);
  return { archive: new Uint8Array(buffer), files, sha256: digest };
}

/** Fetch app.zip and read it (readApp). */
export async function fetchAppFiles(url) {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`app.zip: HTTP ${response.status}`);
  return readApp(await response.arrayBuffer());
}

/** Write what fetchAppFiles read into `dir` of Pyodide's file system, and put the archive
 * first on Python's import path. */
export function writeAppFiles(pyodide, dir, app) {
  const { FS } = pyodide;
  const archive = `${dir}/${ARCHIVE}`;
  FS.writeFile(archive, app.archive);
  if (!app.files) {
    pyodide.unpackArchive(app.archive, "zip", { extractDir: dir });
  } else {
    const made = new Set();
    for (const { path, bytes } of app.files) {
      const slash = path.lastIndexOf("/");
      const parent = slash < 0 ? dir : `${dir}/${path.slice(0, slash)}`;
      if (!made.has(parent)) {
        FS.mkdirTree(parent);
        made.add(parent);
      }
      FS.writeFile(`${dir}/${path}`, bytes);
    }
  }
  pyodide.runPython(onPath(archive, app.sha256 ?? null));
}

// The archive first on sys.path, its importer made at once and told which bytes it read
// (`sha256`, None where unknown). An interpreter restored from the build's memory snapshot
// kept the importer the build made, with the table of contents it read: kept as it is when
// this copy is the same bytes, read again from this one otherwise (never trusted unknown).
// Python reads that table entry by entry (zipimport), some 0.1 s of a phone's start.
const onPath = (archive, sha256) => `
import sys, zipimport
archive, sha256 = ${JSON.stringify(archive)}, ${sha256 === null ? "None" : JSON.stringify(sha256)}
if archive not in sys.path:
    sys.path.insert(0, archive)
importer = sys.path_importer_cache.get(archive)
if sha256 is None or getattr(importer, "scorpion_sha256", None) != sha256:
    if importer is not None:
        importer.invalidate_caches()
    importer = sys.path_importer_cache[archive] = zipimport.zipimporter(archive)
    importer.scorpion_sha256 = sha256
del archive, sha256, importer
`;
