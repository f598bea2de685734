// The game's Python files (static/app.zip, made by tools/build_site.py) read in JavaScript
// while the runtime is still loading, then written into Python's file system in one go.
// Only what the build makes is read: stored or deflated entries, no ZIP64, no encryption.

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

/** Every file in the zip as `{path, bytes}` (directories are implied by the paths). */
export async function readZip(buffer) {
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
    if (method === STORED) files.push({ path, bytes: data });
    else if (method === DEFLATED) files.push({ path, bytes: inflate(data) });
    else throw new Error(`app.zip: ${path} uses compression method ${method}`);
  }
  return Promise.all(files.map(async ({ path, bytes }) => ({ path, bytes: await bytes })));
}

/** Fetch and read app.zip: `{files}`, or `{buffer}` where the browser cannot inflate
 * (writeAppFiles then hands it to Pyodide's unpackArchive). */
export async function fetchAppFiles(url) {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`app.zip: HTTP ${response.status}`);
  const buffer = await response.arrayBuffer();
  return typeof DecompressionStream === "function" ? { files: await readZip(buffer) } : { buffer };
}

/** Write what fetchAppFiles read into `dir` of Pyodide's file system. */
export function writeAppFiles(pyodide, dir, app) {
  if (!app.files) {
    pyodide.unpackArchive(app.buffer, "zip", { extractDir: dir });
    return;
  }
  const { FS } = pyodide;
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
