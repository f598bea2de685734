"""The browser layer's pure modules (``static/webapp``) import as ``webapp`` here, as in the
browser, where the app zip puts the package on ``sys.path``. No ``js`` module is needed.
The fakes of the page's ports (``fakes.py``) and the table built from them
(``table_parts.py``) import by their names."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
STATIC = HERE.parents[1] / "static"
for folder in (STATIC, HERE):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
