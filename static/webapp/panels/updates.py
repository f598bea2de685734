"""The offer of a new version: "Update available. [Reload] [✕]".

``index.html`` registers the service worker (``sw.js``). When a new version has been
downloaded whole, it waits, and the script there sets ``window.scorpionUpdate.waiting``
and fires ``scorpion-update`` on the window (maybe before Python starts, so ``bind`` looks
once at once). This shows ``#update``; its texts come from the catalogs with the page's
other fixed texts (``texts.static_texts``). "Reload" calls ``scorpionUpdate.accept()``:
the waiting version takes over and every page it then controls reloads into it, so old
and new files never mix. "✕" hides the offer until the next page load.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

EVENT = "scorpion-update"
BANNER = "update"
RELOAD = "update-reload"
CLOSE = "update-close"

Listen = Callable[[Any, str, Callable[[Any], None]], None]


class Updates:
    def __init__(self, document: Any, window: Any) -> None:
        self.document = document
        self.window = window
        self.dismissed = False

    def _hook(self) -> Any:
        """index.html's ``window.scorpionUpdate``, or None (no service worker support)."""
        return getattr(self.window, "scorpionUpdate", None) or None

    def waiting(self) -> bool:
        hook = self._hook()
        return hook is not None and bool(hook.waiting)

    def bind(self, listen: Listen) -> None:
        """Listen for a new version, and offer the one that may be waiting already."""
        doc = self.document
        listen(self.window, EVENT, lambda _event: self.show())
        listen(doc.getElementById(RELOAD), "click", lambda _event: self.accept())
        listen(doc.getElementById(CLOSE), "click", lambda _event: self.dismiss())
        self.show()

    def show(self) -> None:
        if self.waiting() and not self.dismissed:
            self.document.getElementById(RELOAD).disabled = False
            self.document.getElementById(BANNER).hidden = False

    def accept(self) -> None:
        hook = self._hook()
        if hook is None or not hook.waiting:
            return
        self.document.getElementById(RELOAD).disabled = True  # the reload follows shortly
        hook.accept()

    def dismiss(self) -> None:
        self.dismissed = True
        self.document.getElementById(BANNER).hidden = True
