"""static/pyscript-stdlib.mjs under Node, with a stand-in interpreter: PyScript's program
that writes its package and imports it is skipped only when it is exactly the program the
build fingerprinted (app.zip carries the files it writes); anything else runs as it is.
(e2e/test_boot.py checks the page takes the short way with the PyScript it ships.)"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULE = (ROOT / "static" / "pyscript-stdlib.mjs").as_uri()
PYSCRIPT_PROGRAM = (ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib.js").as_uri()
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (make deps)")

# Node runs each code of argv[2] (JSON) through a stand-in interpreter wrapped by
# useBuiltStdlib with the fingerprint of argv[1] ("null": none), and prints what reached
# the interpreter (null: nothing), what came back and what <html data-pyscript-stdlib> said
# after each.
RUN = f"""
import {{ useBuiltStdlib, fingerprint, PROGRAM }} from "{MODULE}";
const built = process.argv[1] === "null" ? null : fingerprint(process.argv[1]);
const ran = [];
const root = {{ dataset: {{}} }};
const pyodide = {{
  async runPythonAsync(code, options) {{ ran.push({{ code, options }}); return "result"; }},
}};
useBuiltStdlib(pyodide, built, root);
const out = [];
for (const code of JSON.parse(process.argv[2])) {{
  const before = ran.length;
  const result = await pyodide.runPythonAsync(code, {{ globals: "g" }});
  const reached = ran.length > before;
  const {{ code: sent, options }} = reached ? ran.at(-1) : {{ code: null, options: null }};
  out.push({{ sent, options, result: result ?? null, said: root.dataset.pyscriptStdlib ?? null }});
}}
console.log(JSON.stringify({{ out, source_program: PROGRAM }}));
"""


def node_json(script: str, *args: str) -> Any:
    """What the ES module ``script`` prints (JSON), run by Node with ``args``."""
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", script, *args],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    return json.loads(done.stdout)


def run(program: str | None, codes: list[str]) -> dict[str, Any]:
    return node_json(RUN, "null" if program is None else program, json.dumps(codes))


def node_value(expression: str) -> Any:
    return node_json(
        f'import {{ fingerprint }} from "{MODULE}"; console.log(JSON.stringify({expression}));'
    )


PROGRAM = 'import os as _os\n_path = None\n_path.write_text("x")\nimport pyscript as _pyscript\n'


def test_the_fingerprinted_program_is_skipped() -> None:
    """Nothing reaches the interpreter, and PyScript gets what the program gives: None
    (undefined in JavaScript)."""
    result = run(PROGRAM, [PROGRAM])
    assert result["out"] == [{"sent": None, "options": None, "result": None, "said": "built"}]


def test_after_the_skipped_program_everything_else_runs() -> None:
    script = 'import js; js.performance.mark("scorpion-py")\n'
    result = run(PROGRAM, [PROGRAM, script])
    assert [(o["sent"], o["result"], o["said"]) for o in result["out"]] == [
        (None, None, "built"), (script, "result", "built"),
    ]  # fmt: skip


def test_any_other_program_runs_as_it_is() -> None:
    other = PROGRAM.replace('"x"', '"y"')  # same length, another text
    script = 'import js; js.performance.mark("scorpion-py")\n'
    result = run(PROGRAM, [other, script])
    assert [(o["sent"], o["said"]) for o in result["out"]] == [(other, "ran"), (script, "ran")]


def test_without_a_fingerprint_everything_runs_as_it_is() -> None:
    """The source tree's module (PROGRAM null until the build fills it in)."""
    result = run(None, [PROGRAM])
    assert result["source_program"] is None
    assert [(o["sent"], o["said"]) for o in result["out"]] == [(PROGRAM, "ran")]


def test_the_fingerprint_is_fnv1a_over_utf16_code_units() -> None:
    assert node_value('fingerprint("")') == {"length": 0, "fnv1a": 0x811C9DC5}
    assert node_value('fingerprint("a")') == {"length": 1, "fnv1a": 0xE40C292C}
    assert node_value('fingerprint("foobar")') == {"length": 6, "fnv1a": 0xBF9CF968}
    # Not UTF-8: "名" is one code unit (U+540D), folded in as one value.
    assert node_value('fingerprint("名")')["length"] == 1


@pytest.mark.skipif(
    not (ROOT / "node_modules" / "@pyscript").is_dir(), reason="no node_modules (make deps)"
)
def test_pyscripts_own_program_writes_the_package_and_imports_it() -> None:
    """What the build fingerprints is the program that writes `pyscript` and imports it: if
    PyScript changed that, skipping it would skip something else."""
    script = f'import {{ stdlib }} from "{PYSCRIPT_PROGRAM}"; console.log(JSON.stringify(stdlib));'
    program: str = node_json(script)
    lines = program.splitlines()
    assert lines[:2] == ["import os as _os", "from pathlib import Path as _Path"]
    written = [line for line in lines if line.startswith('_path = _Path("./pyscript')]
    assert '_path = _Path("./pyscript/__init__.py")' in written
    assert "import pyscript as _pyscript" in lines
    assert [line for line in lines if line.startswith("del ")] == [
        "del _Path", "del _path", "del _os", "del _pyscript",
    ]  # fmt: skip
    # Nothing else runs: each line writes a file, makes a folder, or is one of the above.
    others = {
        line for line in lines
        if line and not line.startswith(("_path = ", "_path.write_text(", "if not _os.path",
                                         "    _path.mkdir", "del "))
    }  # fmt: skip
    assert others == {
        "import os as _os", "from pathlib import Path as _Path", "import pyscript as _pyscript",
    }  # fmt: skip
