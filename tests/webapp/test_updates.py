"""The update offer (webapp.panels.updates) against fakes of the page and index.html's hook."""

from __future__ import annotations

from types import SimpleNamespace

from webapp.panels.updates import BANNER, CLOSE, EVENT, RELOAD, Updates


class Element(SimpleNamespace):
    def __init__(self) -> None:
        super().__init__(hidden=True, disabled=False)


class Document:
    def __init__(self) -> None:
        self.elements = {name: Element() for name in (BANNER, RELOAD, CLOSE)}

    def getElementById(self, name):  # noqa: N802
        return self.elements[name]


class Hook:
    """``window.scorpionUpdate`` as index.html sets it."""

    def __init__(self, waiting: bool) -> None:
        self.waiting = object() if waiting else None
        self.accepted = 0

    def accept(self) -> None:
        self.accepted += 1


def bound(window) -> tuple[Updates, Document, dict]:
    document = Document()
    handlers: dict = {}

    def listen(target, kind, handler) -> None:
        handlers[(id(target), kind)] = handler

    updates = Updates(document, window)
    updates.bind(listen)
    return updates, document, handlers


def test_a_version_waiting_before_python_started_is_offered_at_once() -> None:
    hook = Hook(waiting=True)
    _updates, document, _handlers = bound(SimpleNamespace(scorpionUpdate=hook))
    assert document.elements[BANNER].hidden is False


def test_offer_follows_the_event_and_reload_accepts() -> None:
    hook = Hook(waiting=False)
    window = SimpleNamespace(scorpionUpdate=hook)
    _updates, document, handlers = bound(window)
    assert document.elements[BANNER].hidden is True
    hook.waiting = object()
    handlers[(id(window), EVENT)](None)
    assert document.elements[BANNER].hidden is False
    handlers[(id(document.elements[RELOAD]), "click")](None)
    assert hook.accepted == 1
    assert document.elements[RELOAD].disabled is True


def test_not_now_hides_it_until_the_next_load() -> None:
    hook = Hook(waiting=True)
    window = SimpleNamespace(scorpionUpdate=hook)
    _updates, document, handlers = bound(window)
    handlers[(id(document.elements[CLOSE]), "click")](None)
    assert document.elements[BANNER].hidden is True
    handlers[(id(window), EVENT)](None)
    assert document.elements[BANNER].hidden is True
    assert hook.accepted == 0


def test_without_service_workers_nothing_is_offered() -> None:
    updates, document, _handlers = bound(SimpleNamespace())
    assert document.elements[BANNER].hidden is True
    updates.accept()  # no hook: nothing to do, nothing raised
