// Compile Python to bytecode with the very interpreter the site ships (Pyodide's CPython,
// run here under Node), for tools/build_site.py.
//
//   node tools/precompile.mjs WORK
//
// WORK/app/ holds the Python that goes into app.zip; WORK/imports.json lists the modules the
// page imports while it boots. This writes:
//
// - WORK/app/**/NAME.pyc beside every WORK/app/**/NAME.py: unchecked-hash .pyc files, which
//   app.zip carries in place of the sources (CPython imports a NAME.pyc that has no NAME.py
//   beside it without compiling or looking at any time stamp);
// - WORK/stdlib/PATH.pyc for every standard-library module that importing WORK/imports.json
//   (after WORK/app/ is on sys.path) loads from python_stdlib.zip, and WORK/stdlib.json
//   listing their PATH.py: the build puts these .pyc files into the zip in place of their
//   sources, which zipimport then loads without compiling. Their code objects carry the file
//   name zipimport gives them (/lib/pythonXY.zip/PATH.py).
//
// - WORK/app/webapp/import_order.json: the modules importing webapp.main loads, in the order
//   they finished loading (static/webapp/boot/steps.py);
//
// - WORK/app/webapp/dataclass_code.bin: the code of every dataclass's methods that importing
//   WORK/imports.json made (static/webapp/dataclass_code.py says why);
//
// - WORK/app/pyscript/NAME.pyc for PyScript's own Python package (the `pyscript` module),
//   from the sources this PyScript embeds: PyScript would write them into the working
//   directory on every boot, after app.zip is unpacked there. The build stops if the sources
//   read here are not the ones in PyScript's dist/ bundle, and WORK/pyscript-stdlib.json gets
//   the fingerprint of the program PyScript runs to write them (static/pyscript-stdlib.mjs
//   then skips it; were it to run, its sources would be imported instead, as usual).
//
// The output depends only on the input: the same sources give the same bytes.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadPyodide } from "pyodide";

const work = path.resolve(process.argv[2] ?? "");
if (!process.argv[2]) {
  console.error("usage: node tools/precompile.mjs WORK");
  process.exit(2);
}

// PyScript's Python package, as its build embeds it in the bundle the page loads.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const core = path.join(root, "node_modules", "@pyscript", "core");
const { default: packages } = await import(
  pathToFileURL(path.join(core, "src", "stdlib", "pyscript.js")).href
);
const dist = path.join(core, "dist");
const bundle = readdirSync(dist)
  .filter((name) => name.endsWith(".js"))
  .map((name) => readFileSync(path.join(dist, name), "utf8"))
  .join("\n");
const writeTree = (folder, tree) => {
  for (const [name, value] of Object.entries(tree)) {
    const target = path.join(folder, name);
    if (typeof value === "string") {
      if (!bundle.includes(JSON.stringify(value))) {
        console.error(`${target}: not the source PyScript's dist/ bundle carries`);
        process.exit(1);
      }
      writeFileSync(target, value);
    } else {
      mkdirSync(target, { recursive: true });
      writeTree(target, value);
    }
  }
};
writeTree(path.join(work, "app"), packages);
// The program PyScript runs at boot to write that package (its `stdlib`), fingerprinted.
const { stdlib: program } = await import(pathToFileURL(path.join(core, "src", "stdlib.js")).href);
const { fingerprint } = await import(
  pathToFileURL(path.join(root, "static", "pyscript-stdlib.mjs")).href
);
writeFileSync(path.join(work, "pyscript-stdlib.json"), JSON.stringify(fingerprint(program)));

const pyodide = await loadPyodide({ stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
pyodide.FS.mkdirTree("/work");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: work }, "/work");

pyodide.runPython(`
import importlib
import importlib.util
import json
import os
import py_compile
import sys
from importlib._bootstrap_external import _code_to_hash_pyc

sys.dont_write_bytecode = True
UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH

# Our Python: NAME.pyc in place of each NAME.py (sourceless: CPython's bytecode loader
# imports it where no source is), the code named after where the page writes it.
for folder, dirs, files in os.walk("/work/app"):
    dirs.sort()
    for name in sorted(files):
        if name.endswith(".py"):
            source = os.path.join(folder, name)
            runtime = "/home/pyodide/" + os.path.relpath(source, "/work/app")  # where PyScript puts it
            py_compile.compile(
                source, cfile=source + "c", dfile=runtime, doraise=True, invalidation_mode=UNCHECKED
            )

# The standard library's modules the boot imports, found by importing them.
stdlib = next(p for p in sys.path if p.endswith(".zip"))  # /lib/python3XY.zip
prefix = stdlib + "/"
sys.path.insert(0, "/work/app")
# The methods of every dataclass the boot makes, compiled here (webapp/dataclass_code.py).
import marshal
from webapp.dataclass_code import CODE_FILE, record

dataclass_code = record()
# The order in which importing the game finishes loading each module (webapp/boot/steps.py
# imports them one by one in it, the page's thread given back between steps); the game
# first, so that the modules it shares with the rest are in it.
import importlib._bootstrap as bootstrap

loaded = []
load_unlocked = bootstrap._load_unlocked

def load_recorded(spec):
    module = load_unlocked(spec)
    loaded.append(spec.name)
    return module

bootstrap._load_unlocked = load_recorded
importlib.import_module("webapp.main")
bootstrap._load_unlocked = load_unlocked
with open("/work/app/webapp/import_order.json", "w") as f:
    json.dump(loaded, f, indent=0)
with open("/work/imports.json") as f:
    for module in json.load(f):
        importlib.import_module(module)
with open(os.path.join("/work/app/webapp", CODE_FILE), "wb") as f:
    f.write(marshal.dumps(dict(sorted(dataclass_code.items()))))
hot = sorted(
    spec.origin[len(prefix):]
    for spec in (getattr(m, "__spec__", None) for m in list(sys.modules.values()))
    if spec is not None and (spec.origin or "").startswith(prefix) and spec.origin.endswith(".py")
)
import zipfile

with zipfile.ZipFile(stdlib) as archive:
    for name in hot:
        source = archive.read(name)
        code = compile(source, prefix + name, "exec", dont_inherit=True)
        data = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
        target = os.path.join("/work/stdlib", name + "c")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(data)
with open("/work/stdlib.json", "w") as f:
    json.dump(hot, f, indent=0)
`);
