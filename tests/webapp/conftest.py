"""The browser layer's pure modules (``static/webapp``) import as ``webapp`` here, as in the
browser, where the app zip puts the package on ``sys.path``. No ``js`` module is needed:
the page's own modules run over ``fake_dom``; the rest over ``fakes``."""

from __future__ import annotations

import sys
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "static"
HERE = Path(__file__).resolve().parent  # the fakes (``fakes``, ``fake_dom``)
for path in (STATIC, HERE):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
