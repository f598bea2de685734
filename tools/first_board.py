"""What ``index.html`` shows before Python runs on a first visit, baked in by the build.

A newcomer (nothing saved) gets ``webapp.winnable.FIRST_DEAL``, a proven-winnable classic
deal (``webapp/boot/startup.py``). The build draws that board with the browser layer's own
render code (``render.board_view``, ``paint.records``) in the early paint's plain-data
format, and writes it into ``index.html`` between ``/* BUILD:first */`` and ``/* /BUILD */``
with what the page needs around it:

- ``cards`` and ``wide``: the board's records with the face-up step the cards get when
  they are wide (``layout.UP_MAX``) and narrow (``layout.UP_ROOMY``). Only the offsets
  differ, each in proportion to the step (``check_in_step``), so the page draws the board
  for the step Python will use on that window (``layout.up_step`` of the measured card
  width, ``up`` holds its constants) and Python keeps those very elements;
- ``texts``: per language, the texts of the elements outside the dialogs (toolbar, score,
  the deal's number and variant), from the compiled catalogs;
- ``loading``: per language, the loading pill's steps (``page_texts.loading_texts``);
- ``files``: the big files the boot downloads and their sizes, which the pill counts as
  they arrive (resource timing entries: the page only watches, it changes no fetch);
- ``save``, ``legacy``, ``format``, ``version``: how the page knows a newcomer (no save
  under either key) and reads the saved language setting, as ``negotiate_language`` does.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compile_catalogs import I18N_DIR, compile_in_place

ROOT = Path(__file__).resolve().parent.parent

FIRST_MARK = re.compile(r"/\* BUILD:first \*/.*?/\* /BUILD \*/", re.DOTALL)
# Column height in card widths to draw with: room to spare, as on any window but a very
# short one (where Python fans the columns tighter and draws its own board).
ROOMY = 40.0
# The boot's files the loading pill counts: the runtime, the game, PyScript. Not the Python
# snapshot: a first visit over a real link goes without it (static/link-rate.mjs).
BIG_FILE = 100_000  # bytes
BOOT_FOLDERS = ("static/vendor/",)
BOOT_FILES = ("static/app.zip",)
WEBAPP = {  # short name: the browser layer's module
    "layout": "table.layout",
    "page_texts": "page_texts",
    "paint": "table.early_paint",
    "render": "table.render",
    "screen": "play.actuator",
    "storage": "page.storage",
    "translated": "translated",
    "winnable": "winnable",
}


class FirstBoardError(Exception):
    """The baked board cannot be made as the page would draw it."""


def _webapp() -> None:
    for path in (ROOT / "static", ROOT):
        if str(path) not in sys.path:
            sys.path.insert(0, str(path))


class _DialogIds(HTMLParser):
    """The ids of every element inside a ``<dialog>``: not on screen at first."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "dialog":
            self.depth += 1
        found = dict(attrs).get("id")
        if self.depth and found:
            self.ids.add(found)

    def handle_endtag(self, tag: str) -> None:
        if tag == "dialog":
            self.depth -= 1


def dialog_ids(html: str) -> set[str]:
    parser = _DialogIds()
    parser.feed(html)
    return parser.ids


def check_in_step(narrow: list[list[Any]], wide: list[list[Any]]) -> None:
    """The two drawings must be one board: the same cards, parents and faces."""
    if len(narrow) != len(wide):
        raise FirstBoardError("the two drawings have different cards")
    for a, b in zip(narrow, wide, strict=True):
        if (a[0], a[4], a[5], a[6]) != (b[0], b[4], b[5], b[6]):
            raise FirstBoardError(f"the two drawings differ beyond offsets: {a} / {b}")


def first_board(html: str) -> dict[str, Any]:
    """The newcomer's board and texts (see the module's docstring), ``files`` left out."""
    compile_in_place(I18N_DIR)  # the catalogs as the build ships them
    _webapp()
    # The browser layer's own modules (importlib: they live under static/, not a package
    # the tools' type checker sees).
    web = {name: importlib.import_module(f"webapp.{module}") for name, module in WEBAPP.items()}
    layout, paint, render, storage = (web[n] for n in ("layout", "paint", "render", "storage"))
    from scorpion import Game, saves
    from scorpion.i18n import DEFAULT_LANGUAGE, LANGUAGES
    from scorpion.moves import COLUMNS

    deal = web["winnable"].FIRST_DEAL
    game = Game.new(deal)
    rooms = [ROOMY] * COLUMNS
    narrow = paint.records(render.board_view(game, rooms, None, layout.UP_MAX))
    wide = paint.records(render.board_view(game, rooms, None, layout.UP_ROOMY))
    check_in_step(narrow, wide)
    hidden = dialog_ids(html)
    texts: dict[str, dict[str, str]] = {}
    loading: dict[str, dict[str, str]] = {}
    try:
        for lang in LANGUAGES:
            web["translated"].set_language(lang)
            shown = {**web["page_texts"].static_texts(), **web["screen"].game_texts(game)}
            texts[lang] = {key: text for key, text in shown.items() if key not in hidden}
            loading[lang] = web["page_texts"].loading_texts()
    finally:
        web["translated"].set_language(DEFAULT_LANGUAGE)
    return {
        "deal": deal,
        "cards": narrow,
        "wide": wide,
        "up": [layout.UP_MAX, layout.UP_ROOMY, layout.TAP_PX],
        "texts": texts,
        "loading": loading,
        "save": f"{storage.SAVE_KEY}@",
        "legacy": storage.LEGACY_SAVE,
        "format": saves.FORMAT,
        "version": saves.VERSION,
    }


def boot_files(out: Path) -> dict[str, int]:
    """The big files a first visit's boot fetches (relative path -> bytes)."""
    found: dict[str, int] = {}
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out).as_posix()
        if not path.is_file() or path.stat().st_size < BIG_FILE:
            continue
        if rel in BOOT_FILES or (rel.startswith(BOOT_FOLDERS) and not rel.endswith(".json")):
            found[rel] = path.stat().st_size
    return found


def bake(html: str, out: Path) -> str:
    """``html`` (the built index.html) with the first board written in."""
    value = {**first_board(html), "files": boot_files(out)}
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    text = text.replace("<", "\\u003c")  # never a "</script>" inside the script
    baked, count = FIRST_MARK.subn(lambda _m: text, html, count=1)
    if count != 1:
        raise FirstBoardError("index.html lost its /* BUILD:first */ ... /* /BUILD */ markers")
    return baked
