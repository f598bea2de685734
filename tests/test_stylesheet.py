"""The stylesheet's blocks are closed: an unclosed rule silently nests every rule after it
(CSS nesting), so a whole feature's styles stop applying without any error."""

from __future__ import annotations

import re
from pathlib import Path

CSS = Path(__file__).resolve().parent.parent / "static" / "app.css"


def test_every_block_of_the_stylesheet_is_closed_at_the_top_level() -> None:
    text = re.sub(
        r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), CSS.read_text(), flags=re.S
    )
    depth = 0
    for number, line in enumerate(text.splitlines(), 1):
        depth += line.count("{") - line.count("}")
        assert depth >= 0, f"app.css:{number}: a closing brace too many"
        # A rule opens at the top level only where the previous one was closed.
        if re.match(r"^[.#:a-z@*\[]", line) and line.rstrip().endswith("{"):
            assert depth == 1, f"app.css:{number}: a rule opened inside an unclosed one"
    assert depth == 0
