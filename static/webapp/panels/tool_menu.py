"""The phone's menu: on narrow or short screens the bar keeps the controls of play (Undo,
Hint, New game) and a Menu button; the other buttons (Redo, Share, Rules, Statistics,
Settings) open from it. A disclosure: the button says ``aria-expanded``, opening puts the
focus on the first item, Escape closes and gives it back to the button, and an item
chosen, a press elsewhere or the focus leaving closes it. On wider screens the CSS shows
those buttons in the bar and hides the Menu button; this module then has nothing to do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

OPEN = "open"  # the class of #tools while the menu shows


Listen = Callable[[Any, str, Callable[[Any], None]], None]  # Controls.listen: guarded


class ToolMenu:
    def __init__(self, document: Any, listen: Listen) -> None:
        self.document = document
        self.listen = listen
        self.tools = document.getElementById("tools")
        self.button = document.getElementById("menu-button")
        self.items = document.getElementById("more-tools")

    def bind(self) -> None:
        self.listen(self.button, "click", lambda event: self.toggle())
        self.listen(self.items, "click", self.on_item)
        self.listen(self.tools, "keydown", self.on_key)
        self.listen(self.tools, "focusout", self.on_focus_out)
        self.listen(self.document, "pointerdown", self.on_press)

    def is_open(self) -> bool:
        return bool(self.tools.classList.contains(OPEN))

    def toggle(self) -> None:
        if self.is_open():
            self.close()
            return
        self.tools.classList.add(OPEN)
        self.button.setAttribute("aria-expanded", "true")
        first = self.items.querySelector("button:not(:disabled)")
        if first:
            first.focus()

    def close(self, refocus: bool = False) -> None:
        if not self.is_open():
            return
        self.tools.classList.remove(OPEN)
        self.button.setAttribute("aria-expanded", "false")
        if refocus:
            self.button.focus()

    def on_item(self, event: Any) -> None:
        if event.target.closest("button"):
            # after the item's own listener (it is on the button, this on its group); a
            # dialog it opened gives the focus back to the Menu button (Dialogs._closed)
            self.close()

    def on_key(self, event: Any) -> None:
        if str(event.key) == "Escape" and self.is_open():
            self.close(refocus=True)
            event.stopPropagation()  # not also a "put back" on the table
            event.preventDefault()

    def on_focus_out(self, event: Any) -> None:
        going = event.relatedTarget
        if going and not self.tools.contains(going):
            self.close()

    def on_press(self, event: Any) -> None:
        target = event.target
        if self.is_open() and not (target and self.tools.contains(target)):
            self.close()
