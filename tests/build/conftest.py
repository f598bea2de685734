"""The built site the build checks read (``make site`` makes it; ``$SCORPION_SITE_DIR``
names another)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
SITE_DIR = Path(os.environ.get("SCORPION_SITE_DIR", ROOT / "_site")).resolve()


@pytest.fixture(scope="session")
def built_site() -> Path:
    """The built site; the test fails, saying how to build it, where there is none."""
    if not (SITE_DIR / "index.html").is_file():
        pytest.fail(f"{SITE_DIR}/index.html is missing: run `make site` first")
    return SITE_DIR
