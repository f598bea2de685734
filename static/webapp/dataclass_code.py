"""Dataclasses made without compiling in the browser.

``dataclasses`` writes the methods of each dataclass as Python source and compiles that
source (``exec``) when the class is made: in Pyodide, on a first visit that starts Python
itself, that compiling is a quarter of the game's imports. The build compiles those sources
instead (``tools/precompile.mjs`` imports the game with ``record()`` on, under the very
interpreter the site ships) and puts each source with its code object in ``CODE_FILE``
beside this module; ``prepare()`` gives ``dataclasses`` an ``exec`` that runs the recorded
code of a source it knows, and compiles any other as before. The functions made are the
same either way: the same source, compiled by the same interpreter, with the same flags.

>>> import dataclasses
>>> codes = record()
>>> @dataclasses.dataclass(frozen=True)
... class Point:
...     x: int
...     y: int = 0
>>> use(codes)
>>> @dataclasses.dataclass(frozen=True)
... class Point:
...     x: int
...     y: int = 0
>>> Point(1), Point(1) == Point(1, 0), USED["known"] > 0, USED["compiled"]
(Point(x=1, y=0), True, True, 0)
>>> del dataclasses.exec  # the builtin again
"""

from __future__ import annotations

import builtins
import dataclasses
import marshal
import sys
from pathlib import Path
from types import CodeType
from typing import Any

CODE_FILE = "dataclass_code.bin"
#: How many sources the installed ``exec`` found recorded, and how many it compiled.
USED = {"known": 0, "compiled": 0}


def _compile(source: str) -> CodeType:
    # What exec(source) compiles: file name "<string>", no flags from this module.
    return compile(source, "<string>", "exec", dont_inherit=True)


def record() -> dict[str, CodeType]:
    """From now on, every source ``dataclasses`` compiles is kept in the returned dict."""
    codes: dict[str, CodeType] = {}

    def recording(source: Any, globals: Any = None, locals: Any = None, /) -> None:
        if isinstance(source, str):
            codes[source] = code = _compile(source)
            return builtins.exec(code, globals, locals)
        return builtins.exec(source, globals, locals)

    dataclasses.exec = recording  # type: ignore[attr-defined]  # shadows the builtin there
    return codes


def use(codes: dict[str, CodeType]) -> None:
    """From now on, ``dataclasses`` runs the code in ``codes`` of a source it finds there."""

    def known(source: Any, globals: Any = None, locals: Any = None, /) -> None:
        code = codes.get(source) if isinstance(source, str) else None
        USED["known" if code is not None else "compiled"] += 1
        return builtins.exec(source if code is None else code, globals, locals)

    dataclasses.exec = known  # type: ignore[attr-defined]


def prepare() -> None:
    """Use the build's ``CODE_FILE``, unless the game's classes exist already (an
    interpreter restored from the snapshot) or there is no such file (not a built site)."""
    if "webapp.main" in sys.modules:
        return
    try:
        loader: Any = globals()["__loader__"]  # zipimport's, in the page: it is in app.zip
        codes = marshal.loads(loader.get_data(str(Path(__file__).with_name(CODE_FILE))))
    except (OSError, EOFError, ValueError, TypeError, KeyError, AttributeError):
        return  # compiled as usual
    if isinstance(codes, dict):
        use(codes)
