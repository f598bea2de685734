"""What the dialogs' conversion added to the page's ports, under CPython over the small
DOM of ``fake_dom`` built from the real ``index.html``: the win's confetti
(``Chrome.confetti``) and the hook of a new version (``Page.update_waiting``,
``Page.accept_update``)."""

from __future__ import annotations

import re
import types
from pathlib import Path
from typing import Any

import pytest
from fake_dom import Document
from webapp.page.browser import Page
from webapp.page.chrome import Chrome
from webapp.panels.dialogs import confetti_pieces

ROOT = Path(__file__).resolve().parents[2]
BODY = re.search(r"<body[^>]*>(.*)</body>", (ROOT / "index.html").read_text(), re.S)


@pytest.fixture
def document() -> Document:
    assert BODY is not None
    return Document(BODY.group(1))


def layers(document: Document) -> list[Any]:
    return [e for e in document.body.children if e.classList.contains("confetti")]


def test_the_confetti_is_a_layer_of_pieces_styled_through_the_cssom(document: Document) -> None:
    chrome = Chrome(document, lambda fn: fn)
    chrome.confetti(confetti_pieces())
    chrome.confetti(confetti_pieces())  # a second shower replaces the first
    (layer,) = layers(document)
    assert layer.getAttribute("aria-hidden") == "true"
    assert [piece.tagName for piece in layer.children] == ["I"] * 36
    assert [piece.style.cssText for piece in layer.children] == confetti_pieces()
    assert all(piece.getAttribute("style") is None for piece in layer.children)  # the CSP
    chrome.confetti(())
    assert layers(document) == []
    chrome.confetti(())  # none to take away
    assert layers(document) == []


class Hook:
    """index.html's ``window.scorpionUpdate``."""

    def __init__(self) -> None:
        self.waiting: Any = None
        self.accepted = 0

    def accept(self) -> None:
        self.accepted += 1


def page_with(window: Any) -> Page:
    return Page(None, window, lambda fn: fn, lambda fn: fn, lambda v, **k: v, dict)


def test_a_new_version_is_read_from_index_htmls_hook_and_accepted_only_while_it_waits() -> None:
    hook = Hook()
    page = page_with(types.SimpleNamespace(scorpionUpdate=hook))
    assert not page.update_waiting()
    page.accept_update()
    assert hook.accepted == 0
    hook.waiting = object()  # the service worker's waiting registration
    assert page.update_waiting()
    page.accept_update()
    assert hook.accepted == 1


def test_without_service_workers_no_version_waits() -> None:
    page = page_with(types.SimpleNamespace(scorpionUpdate=None))
    assert not page.update_waiting()
    page.accept_update()
    assert not page_with(types.SimpleNamespace()).update_waiting()
