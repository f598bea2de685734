"""The page's fixed texts (webapp/page_texts.py) land on elements that index.html has: the page
writes them all in one call, which names any id it does not find, at boot and on every
language change; this finds a wrong id before a browser does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from webapp import translated
from webapp.page_texts import static_labels, static_texts

from scorpion.i18n import LANGUAGES

INDEX = Path(__file__).resolve().parents[2] / "index.html"
IDS = set(re.findall(r'\bid="([^"]+)"', INDEX.read_text(encoding="utf-8")))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_fixed_text_has_its_element(lang: str) -> None:
    translated.set_language(lang)
    try:
        assert set(static_texts()) - IDS == set()
        assert {element_id for element_id, _name in static_labels()} - IDS == set()
        assert all(static_texts().values()) and all(static_labels().values())
    finally:
        translated.set_language("en")
