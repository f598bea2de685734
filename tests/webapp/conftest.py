"""The browser layer's pure modules (``static/webapp``) import as ``webapp`` here, as in the
browser, where the app zip puts the package on ``sys.path``. No ``js`` module is needed."""

from __future__ import annotations

import sys
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "static"
if str(STATIC) not in sys.path:
    sys.path.insert(0, str(STATIC))
HERE = Path(__file__).resolve().parent  # ``from fakes import FakeChrome``
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
