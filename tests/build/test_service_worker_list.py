"""What the built ``sw.js`` precaches and checks (its ``BUILD``), against the built site's
``build-manifest.json`` and bytes. No browser: the worker in a page is e2e/test_offline.py's
and e2e/test_security.py's."""

from __future__ import annotations

import json
import re
from pathlib import Path


def sw_build(site: Path) -> dict:
    """The BUILD object the build wrote into sw.js."""
    text = (site / "sw.js").read_text()
    match = re.search(r"const BUILD = (\{.*?\n\});", text, re.DOTALL)
    assert match, "sw.js has no BUILD object"
    return json.loads(match.group(1))


def test_service_worker_precaches_by_content_hash(built_site: Path) -> None:
    site = built_site
    manifest = json.loads((site / "build-manifest.json").read_text())
    build = sw_build(site)
    precache = manifest["precache"]
    assert build["version"] == manifest["version"]
    assert f'data-version="{manifest["version"]}"' in (site / "index.html").read_text()
    assert build["files"] == {name: manifest["files"][name]["sha256"] for name in precache}
    for needed in (
        "index.html",
        "pyscript.toml",
        "static/app.zip",
        "static/app.css",
        "static/cards.svg",
        "static/vendor/pyodide/pyodide.asm.wasm",
        "static/vendor/pyodide/pyodide-lock.json",
        "static/vendor/pyodide/python_stdlib.zip",
        "static/vendor/pyscript/core.js",
        "manifest.webmanifest",
    ):
        assert needed in precache, needed
    assert not [n for n in precache if re.search(r"codemirror|xterm|pyodide_graph|zip-", n)]
    assert "sw.js" not in precache and "build-manifest.json" not in precache
    data = sorted(p.relative_to(site).as_posix() for p in site.glob("static/data/*"))
    assert set(data) <= set(precache)
