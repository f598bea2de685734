"""The offer of a new version (webapp.panels.updates) against fakes of the page: the
banner the player sees, and whether the waiting version was told to take over."""

from __future__ import annotations

from fakes import FakeChrome, FakePage
from webapp.panels.updates import BANNER, CLOSE, EVENT, RELOAD, Updates


def bound(waiting: bool) -> tuple[FakeChrome, FakePage]:
    chrome, page = FakeChrome(), FakePage()
    chrome.flag(BANNER, "hidden", True)  # as index.html has it
    page.update_ready = waiting
    Updates(chrome, page).bind()
    return chrome, page


def test_a_version_waiting_before_python_started_is_offered_at_once() -> None:
    chrome, _page = bound(waiting=True)
    assert not chrome.el(BANNER).hidden
    assert not chrome.el(RELOAD).disabled


def test_offer_follows_the_event_and_reload_accepts() -> None:
    chrome, page = bound(waiting=False)
    assert chrome.el(BANNER).hidden
    page.update_ready = True
    chrome.fire("window", EVENT)
    assert not chrome.el(BANNER).hidden
    chrome.click(RELOAD)
    assert page.updates_accepted == 1
    assert chrome.el(RELOAD).disabled  # the reload follows: not pressed twice
    chrome.click(RELOAD)
    assert page.updates_accepted == 1


def test_not_now_hides_it_until_the_next_load() -> None:
    chrome, page = bound(waiting=True)
    chrome.click(CLOSE)
    assert chrome.el(BANNER).hidden
    chrome.fire("window", EVENT)
    assert chrome.el(BANNER).hidden
    assert page.updates_accepted == 0


def test_without_a_waiting_version_nothing_is_offered_or_accepted() -> None:
    chrome, page = bound(waiting=False)
    chrome.fire("window", EVENT)
    assert chrome.el(BANNER).hidden
    chrome.click(RELOAD)  # not shown, but were it pressed: nothing to take over
    assert page.updates_accepted == 0
    assert not chrome.el(RELOAD).disabled
