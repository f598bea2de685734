"""static/early-wasm.mjs under Node, with stand-ins for fetch and WebAssembly: the runtime
is fetched once and compiled at once; Pyodide's own fetch and instantiateStreaming of it
get that compiled module; everything else goes through; a failed early compile falls back
to Pyodide's own path. (Every browser test boots through it.)"""

from __future__ import annotations

import json
from typing import Any

from test_pyscript_stdlib import ROOT, node_json, pytestmark  # noqa: F401  (Node or skip)

MODULE = (ROOT / "static" / "early-wasm.mjs").as_uri()
WASM = "https://example.org/static/vendor/pyodide/pyodide.asm.wasm"

# Runs argv[1] (JSON: {compile: "ok" | "fail" | "missing", steps: [...]}) against a scope of
# stand-ins and prints what happened: each step's result, the real fetches, the compiles,
# the original instantiateStreaming's calls, and whether the two globals were put back.
RUN = f"""
import {{ compileEarly }} from "{MODULE}";
const plan = JSON.parse(process.argv[1]);
const fetched = [], compiles = [], streamed = [];
const response = (url) => ({{ url, body: "bytes of " + url }});
function realFetch(input) {{
  fetched.push(String(input));
  return Promise.resolve(response(String(input)));
}}
async function realInstantiateStreaming(source, imports) {{
  const got = await source;
  streamed.push(got.url);
  return {{ module: "streamed " + got.url, instance: "instance with " + imports }};
}}
const WebAssembly = {{
  instantiateStreaming: realInstantiateStreaming,
  async instantiate(module, imports) {{ return "instance of " + module + " with " + imports; }},
}};
if (plan.compile !== "missing") {{
  WebAssembly.compileStreaming = async (source) => {{
    const got = await source;
    compiles.push(got.url + (got.early ? " (early)" : ""));
    if (plan.compile === "fail") throw new Error("no");
    return "compiled " + got.url;
  }};
}}
const scope = {{ fetch: realFetch, WebAssembly }};
const early = {{}};
for (const url of plan.early ?? []) early[url] = Promise.resolve({{ url, early: true }});
const started = compileEarly("{WASM}", scope, early);
const out = [];
for (const [kind, arg] of plan.steps) {{
  if (kind === "fetch") {{
    const got = await scope.fetch(arg === "wasm-url" ? new URL("{WASM}") : arg);
    out.push(got.url ? got.url + (got.early ? " (early)" : "") : got);
  }} else {{
    const source = arg === "wasm" ? scope.fetch(new URL("{WASM}")) : scope.fetch(arg);
    out.push(await scope.WebAssembly.instantiateStreaming(source, "imports"));
  }}
}}
console.log(JSON.stringify({{
  started: started !== false, out, fetched, compiles, streamed,
  restored: scope.fetch === realFetch
    && WebAssembly.instantiateStreaming === realInstantiateStreaming,
}}));
"""


def run(compile: str, steps: list[list[str]], early: list[str] | None = None) -> dict[str, Any]:
    return node_json(RUN, json.dumps({"compile": compile, "steps": steps, "early": early}))


def test_pyodide_gets_the_module_compiled_at_once_from_one_request() -> None:
    result = run("ok", [["instantiate", "wasm"]])
    assert result["started"] is True
    assert result["fetched"] == [WASM]  # the early fetch only: Pyodide's got the marker
    assert result["compiles"] == [WASM]
    assert result["streamed"] == []
    assert result["out"] == [
        {"module": f"compiled {WASM}", "instance": f"instance of compiled {WASM} with imports"}
    ]
    assert result["restored"] is True


def test_other_fetches_and_instantiations_go_through() -> None:
    other = "https://example.org/static/app.zip"
    result = run("ok", [["fetch", other], ["instantiate", other], ["instantiate", "wasm"]])
    assert result["out"][0] == other
    assert result["out"][1] == {"module": f"streamed {other}", "instance": "instance with imports"}
    assert result["out"][2]["module"] == f"compiled {WASM}"
    assert result["fetched"] == [WASM, other, other]
    assert result["restored"] is True


def test_each_hook_is_used_once_then_the_originals_run() -> None:
    """A second loadPyodide (a snapshot that would not restore) takes Pyodide's own path."""
    result = run("ok", [["instantiate", "wasm"], ["instantiate", "wasm"]])
    assert result["out"][1] == {"module": f"streamed {WASM}", "instance": "instance with imports"}
    assert result["fetched"] == [WASM, WASM]


def test_a_failed_early_compile_falls_back_to_pyodides_own_path() -> None:
    result = run("fail", [["instantiate", "wasm"]])
    assert result["out"] == [{"module": f"streamed {WASM}", "instance": "instance with imports"}]
    assert result["fetched"] == [WASM, WASM]
    assert result["restored"] is True


def test_without_streaming_compilation_nothing_is_touched() -> None:
    result = run("missing", [["fetch", "wasm-url"]])
    assert result["started"] is False
    assert result["out"] == [WASM] and result["fetched"] == [WASM]
    assert result["restored"] is True


STDLIB = "https://example.org/static/vendor/pyodide/python_stdlib.zip"


def test_responses_asked_for_early_are_used_once_each() -> None:
    """index.html's head asks for the runtime's files: the wasm's response is compiled,
    the standard library's is what Pyodide's first fetch of it gets; then fetch is back."""
    result = run(
        "ok",
        [["fetch", STDLIB], ["instantiate", "wasm"], ["fetch", STDLIB]],
        early=[WASM, STDLIB],
    )
    assert result["compiles"] == [f"{WASM} (early)"]
    assert result["out"][0] == f"{STDLIB} (early)"
    assert result["out"][2] == STDLIB  # a second fetch is a fetch
    assert result["fetched"] == [STDLIB]  # nothing of the runtime asked for twice
    assert result["restored"] is True


def test_without_streaming_compilation_the_early_responses_still_go_to_pyodide() -> None:
    result = run("missing", [["fetch", "wasm-url"], ["fetch", STDLIB]], early=[WASM, STDLIB])
    assert result["started"] is False
    assert result["out"] == [f"{WASM} (early)", f"{STDLIB} (early)"]
    assert result["fetched"] == []
    assert result["restored"] is True
