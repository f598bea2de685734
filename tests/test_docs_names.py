"""Every module, class and function the documents name in backticks exists: docs drift
(a renamed class, a removed function, a moved file) fails here, not in a newcomer's hands.

What counts as a name: a path to one of the project's files (``scorpion/game.py``,
``webapp/play/controller.py``), a dotted Python name (``Game.play``, ``render.board_view``,
``webapp.main.start``), a CamelCase word (``SessionSwap``) or a call (``open_game()``).
Everything else in backticks (element ids, CSS, shell lines, notation such as ``4H>7``)
is left alone.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted(
    [ROOT / "README.md", ROOT / "static" / "webapp" / "README.md", *(ROOT / "docs").glob("*.md")]
)
CODE = [ROOT / "scorpion", ROOT / "static" / "webapp", ROOT / "tools", ROOT / "bench"]
CODE += [ROOT / "tests", ROOT / "e2e"]
# Where a path in the docs may be rooted (``webapp/x.py`` is ``static/webapp/x.py``).
PATH_ROOTS = ["", "static/", "static/webapp/", "scorpion/", "tools/", "bench/", "e2e/", "tests/"]
# Names the documents use that are not the project's: Python's, the browser's, the tools'.
OUTSIDE = {
    "ValueError", "KeyError", "TypeError", "Exception", "OSError", "SyntaxError",
    "NameError", "RuntimeError", "QuotaExceededError", "SharedArrayBuffer", "Promise",
    "WebAssembly", "JSON", "Blob", "Date", "Intl", "Map", "Object", "PyScript", "Pyodide",
    "PyodideAPI", "Babel", "Playwright", "WebDriver", "BiDi", "MiniBrowser", "WebKit",
    "WebKitGTK", "WebKitWebDriver", "WebRender", "Chromium", "Firefox", "GitHub",
    "Hypothesis", "ServiceWorker", "CacheStorage", "IndexedDB", "FileReader", "TextDecoder",
    "DecompressionStream", "CompressionStream", "ReadableStream", "Response", "Request",
    "PerformanceObserver", "AbortController", "URLSearchParams", "URL", "HTMLParser",
    "SplitMix64", "GNUTranslations", "BaseHTTPRequestHandler", "ThreadingHTTPServer",
    "DataView", "ArrayBuffer", "Uint8Array", "TextEncoder", "NaN", "None", "True", "False",
    "Infinity", "MutationObserver", "ResizeObserver", "EventTarget", "ActionChains",
    "RuleBasedStateMachine", "Counter", "OrderedDict", "Path", "Any", "Literal", "Final",
    "Protocol", "NamedTuple", "Callable", "Sequence", "Mapping", "Iterable", "EvalError",
}  # fmt: skip


@cache
def definitions() -> frozenset[str]:
    """Every module, class, function, method, attribute and module-level name defined in
    the project's Python, and each module's dotted and short names."""
    names: set[str] = {"scorpion", "webapp"}
    for folder in CODE:
        for path in folder.rglob("*.py"):
            rel = path.relative_to(ROOT).with_suffix("")
            parts = list(rel.parts)
            if parts[:2] == ["static", "webapp"]:
                parts = parts[1:]
            names.update({parts[-1], ".".join(parts), ".".join(parts[-2:])})
            try:
                tree = ast.parse(path.read_text(encoding="utf-8"))
            except SyntaxError:  # pragma: no cover - the linters catch it first
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                    names.add(node.name)
                elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    names.add(node.id)
                elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                    names.add(node.attr)
                elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                    names.add(node.target.id)
                elif isinstance(node, ast.arg):
                    names.add(node.arg)
    return frozenset(names)


@cache
def module_names() -> frozenset[str]:
    return frozenset(path.stem for folder in CODE for path in folder.rglob("*.py"))


PATH = re.compile(r"^[\w./-]+\.(py|mjs|js|html|css|svg|json|toml|md|txt)$")
FILE = re.compile(r"^[\w./-]+\.(wasm|zip|bin|webmanifest|mo|po|pot|pyc|png|gz)$")
DOTTED = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)+(\([^()]*\))?$")
CAMEL = re.compile(r"^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$")
CALL = re.compile(r"^[a-z_]\w*\(\)$")


def named(text: str) -> list[str]:
    """The names in a document's backticks (code blocks left out)."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return re.findall(r"`([^`\n]+)`", text)


def missing(token: str) -> str | None:
    """Why ``token`` names nothing that exists, or None when it does (or is no name)."""
    if FILE.match(token):
        return None  # a file the build makes or the runtime brings
    if PATH.match(token):
        if "*" in token or token.startswith(("http", "_site/", "node_modules/", "/")):
            return None
        if any((ROOT / (root + token)).exists() for root in PATH_ROOTS):
            return None
        if "/" not in token and token.endswith(".py") and token[:-3] in module_names():
            return None  # a module by its file name alone
        if token.endswith((".json", ".md", ".txt", ".js", ".svg", ".css", ".html", ".toml")):
            return None  # data, built files and other projects' files are not the code
        return f"no file {token}"
    known = definitions()
    if DOTTED.match(token):
        parts = re.sub(r"\(.*\)$", "", token).split(".")
        if parts[0] in OUTSIDE:
            return None
        if parts[0] in known or CAMEL.match(parts[0]) or parts[0][0].isupper():
            unknown = [p for p in parts if p not in known and p not in OUTSIDE]
            return f"{token}: no {', '.join(unknown)}" if unknown else None
        return None  # something of the browser or another tool (``window.scorpionPainted``)
    if CAMEL.match(token):
        return None if token in known or token in OUTSIDE else f"no class {token}"
    if CALL.match(token):
        name = token[:-2]
        return None if name in known else f"no function {name}"
    return None


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_name_a_document_gives_exists(doc: Path) -> None:
    problems = sorted({why for token in named(doc.read_text()) if (why := missing(token))})
    assert not problems, f"{doc.relative_to(ROOT)} names what is not there: {problems}"


def test_the_check_catches_a_stale_name() -> None:
    assert missing("Game.play") is None
    assert missing("webapp/play/controller.py") is None
    assert missing("Play.conflict") == "Play.conflict: no Play"
    assert missing("_mark_assisted()") == "no function _mark_assisted"
    assert missing("scorpion/nowhere.py") == "no file scorpion/nowhere.py"
    assert missing("#status") is None and missing("4H>7") is None
