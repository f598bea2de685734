"""The phone's menu (webapp.panels.tool_menu) against a fake chrome: whether it shows,
what the Menu button says, where the focus goes."""

from __future__ import annotations

import pytest
from fakes import FakeChrome, FakeEvent, FakeNode
from webapp.panels.tool_menu import BUTTON, ITEMS, OPEN, TOOLS, ToolMenu

ITEM = FakeNode(id="rules", tag="BUTTON", inside=(f"#{ITEMS}", f"#{TOOLS}"))
OUTSIDE = FakeNode(id="table")


def menu() -> FakeChrome:
    chrome = FakeChrome()
    chrome.attr(BUTTON, "aria-expanded", "false")
    ToolMenu(chrome).bind()
    return chrome


def shows(chrome: FakeChrome) -> bool:
    expanded = chrome.el(BUTTON).attrs["aria-expanded"]
    assert (expanded == "true") == (OPEN in chrome.el(TOOLS).classes)
    return expanded == "true"


def test_the_button_opens_it_on_its_first_item_and_closes_it() -> None:
    chrome = menu()
    assert not shows(chrome)
    chrome.click(BUTTON)
    assert shows(chrome)
    assert chrome.focused == f"{ITEMS} button:not(:disabled)"
    chrome.click(BUTTON)
    assert not shows(chrome)


def test_escape_closes_it_and_gives_the_focus_back_to_the_button() -> None:
    chrome = menu()
    chrome.click(BUTTON)
    escape = FakeEvent(target=ITEM, key="Escape")
    chrome.fire(TOOLS, "keydown", escape)
    assert not shows(chrome)
    assert chrome.focused == BUTTON
    assert escape.stopped and escape.prevented  # not also a "put back" on the table


def test_other_keys_and_escape_while_closed_are_left_alone() -> None:
    chrome = menu()
    chrome.fire(TOOLS, "keydown", FakeEvent(target=ITEM, key="Escape"))
    chrome.click(BUTTON)
    other = FakeEvent(target=ITEM, key="ArrowDown")
    chrome.fire(TOOLS, "keydown", other)
    assert shows(chrome)
    assert not other.stopped and not other.prevented


def test_an_item_chosen_closes_it_a_click_between_items_does_not() -> None:
    chrome = menu()
    chrome.click(BUTTON)
    chrome.fire(ITEMS, "click", FakeEvent(target=FakeNode(id="gap", inside=(f"#{ITEMS}",))))
    assert shows(chrome)
    chrome.fire(ITEMS, "click", FakeEvent(target=ITEM))
    assert not shows(chrome)
    assert chrome.focused != BUTTON  # the item's dialog gives the focus back later


@pytest.mark.parametrize("going, closes", [(OUTSIDE, True), (ITEM, False), (None, False)])
def test_the_focus_leaving_closes_it(going: FakeNode | None, closes: bool) -> None:
    chrome = menu()
    chrome.fire(TOOLS, "focusout", FakeEvent(target=ITEM, relatedTarget=OUTSIDE))
    assert not shows(chrome)  # closed: stays so
    chrome.click(BUTTON)
    chrome.fire(TOOLS, "focusout", FakeEvent(target=ITEM, relatedTarget=going))
    assert shows(chrome) is not closes


@pytest.mark.parametrize("target, closes", [(OUTSIDE, True), (ITEM, False), (None, True)])
def test_a_press_elsewhere_closes_it(target: FakeNode | None, closes: bool) -> None:
    chrome = menu()
    chrome.fire("document", "pointerdown", FakeEvent(target=OUTSIDE))  # closed: stays so
    assert not shows(chrome)
    chrome.click(BUTTON)
    chrome.fire("document", "pointerdown", FakeEvent(target=target))
    assert shows(chrome) is not closes
