"""The offer of a new version: "Update available. [Reload] [✕]".

``index.html`` registers the service worker (``sw.js``). When a new version has been
downloaded whole, it waits, and the script there sets ``window.scorpionUpdate.waiting``
and fires ``scorpion-update`` on the window (maybe before Python starts, so ``bind`` looks
once at once); the page port reads that hook (``Page.update_waiting``). This shows
``#update``; its texts come from the catalogs with the page's other fixed texts
(``texts.static_texts``). "Reload" accepts (``Page.accept_update``): the waiting version
takes over and every page it then controls reloads into it, so old and new files never
mix. "✕" hides the offer until the next page load.
"""

from __future__ import annotations

from webapp.page.browser import Page
from webapp.page.chrome import Chrome

EVENT = "scorpion-update"
BANNER = "update"
RELOAD = "update-reload"
CLOSE = "update-close"


class Updates:
    def __init__(self, chrome: Chrome, page: Page) -> None:
        self.chrome = chrome
        self.page = page
        self.dismissed = False

    def bind(self) -> None:
        """Listen for a new version, and offer the one that may be waiting already."""
        self.chrome.listen_window(EVENT, lambda _event: self.show())
        self.chrome.listen(RELOAD, "click", lambda _event: self.accept())
        self.chrome.listen(CLOSE, "click", lambda _event: self.dismiss())
        self.show()

    def show(self) -> None:
        if self.page.update_waiting() and not self.dismissed:
            self.chrome.flag(RELOAD, "disabled", False)
            self.chrome.flag(BANNER, "hidden", False)

    def accept(self) -> None:
        if not self.page.update_waiting():
            return
        self.chrome.flag(RELOAD, "disabled", True)  # the reload follows shortly
        self.page.accept_update()

    def dismiss(self) -> None:
        self.dismissed = True
        self.chrome.flag(BANNER, "hidden", True)
