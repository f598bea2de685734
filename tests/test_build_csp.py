"""The Content-Security-Policy the build writes into index.html (tools/build_site.py,
docs/security.md): every inline JavaScript script allowed by its hash, nothing else inline."""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def build_site() -> ModuleType:
    """tools/build_site.py (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location(
        "build_site_csp", ROOT / "tools" / "build_site.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_site_csp"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def source(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


PAGE = """<!doctype html><html><head><meta charset="utf-8">
  <!-- BUILD: Content-Security-Policy -->
  <script type="module" src="./static/a.mjs"></script>
  <script>
    var x = "é";
  </script>
  <script type="module">import "./b.mjs";</script>
</head><body>
  <script type="py" config="./pyscript.toml">print(1)</script>
  <script type="application/json">{"not": "run"}</script>
  <SCRIPT>two()</SCRIPT>
</body></html>"""


def test_each_inline_script_is_allowed_by_its_hash_and_nothing_else(
    build_site: ModuleType,
) -> None:
    html = build_site.with_csp(PAGE)
    policy = html.split('content="', 1)[1].split('"', 1)[0]
    script = dict(part.split(" ", 1) for part in policy.split("; "))["script-src"].split()
    wanted = [source('\n    var x = "é";\n  '), source('import "./b.mjs";'), source("two()")]
    assert script == ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'", *wanted]
    assert "'unsafe-inline'" not in policy
    assert "<!-- BUILD: Content-Security-Policy -->" not in html
    # sealing again gives the same page; an edited script gets its new hash
    assert build_site.with_csp(html) == html
    edited = build_site.with_csp(html.replace("two()", "three()"))
    assert source("three()") in edited and source("two()") not in edited


def test_a_page_without_the_mark_is_refused(build_site: ModuleType) -> None:
    with pytest.raises(build_site.BuildError):
        build_site.with_csp(PAGE.replace("<!-- BUILD: Content-Security-Policy -->", ""))
