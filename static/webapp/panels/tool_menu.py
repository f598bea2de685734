"""The phone's menu: on narrow or short screens the bar keeps the controls of play (Undo,
Hint, New game) and a Menu button; the other buttons (Redo, Share, Rules, Statistics,
Settings) open from it. A disclosure: the button says ``aria-expanded``, opening puts the
focus on the first item, Escape closes and gives it back to the button, and an item
chosen, a press elsewhere or the focus leaving closes it. On wider screens the CSS shows
those buttons in the bar and hides the Menu button; this module then has nothing to do.
"""

from __future__ import annotations

from typing import Any

from webapp.page.chrome import Chrome

OPEN = "open"  # the class of #tools while the menu shows
TOOLS = "tools"
BUTTON = "menu-button"
ITEMS = "more-tools"


class ToolMenu:
    def __init__(self, chrome: Chrome) -> None:
        self.chrome = chrome

    def bind(self) -> None:
        listen = self.chrome.listen
        listen(BUTTON, "click", lambda event: self.toggle())
        listen(ITEMS, "click", self.on_item)
        listen(TOOLS, "keydown", self.on_key)
        listen(TOOLS, "focusout", self.on_focus_out)
        self.chrome.listen_document("pointerdown", self.on_press)

    def is_open(self) -> bool:
        return self.chrome.has_class(TOOLS, OPEN)

    def toggle(self) -> None:
        if self.is_open():
            self.close()
            return
        self.chrome.classed(TOOLS, OPEN, True)
        self.chrome.attr(BUTTON, "aria-expanded", "true")
        self.chrome.focus_first(ITEMS, "button:not(:disabled)")

    def close(self, refocus: bool = False) -> None:
        if not self.is_open():
            return
        self.chrome.classed(TOOLS, OPEN, False)
        self.chrome.attr(BUTTON, "aria-expanded", "false")
        if refocus:
            self.chrome.focus(BUTTON)

    def on_item(self, event: Any) -> None:
        if event.target.closest("button"):
            # after the item's own listener (it is on the button, this on its group); a
            # dialog it opened gives the focus back to the Menu button (Chrome.restore_focus)
            self.close()

    def on_key(self, event: Any) -> None:
        if str(event.key) == "Escape" and self.is_open():
            self.close(refocus=True)
            event.stopPropagation()  # not also a "put back" on the table
            event.preventDefault()

    def on_focus_out(self, event: Any) -> None:
        going = event.relatedTarget
        if going and not self.chrome.inside(going, TOOLS):
            self.close()

    def on_press(self, event: Any) -> None:
        if self.is_open() and not self.chrome.inside(event.target, TOOLS):
            self.close()
