"""Share: a link to the deal on the table, copied; or shown, where copying is refused."""

from __future__ import annotations

from typing import Any

from scorpion.game import Game

from .browser import Page
from .dialogs import Dialogs
from .speech import Speech
from .translated import _
from .urlparams import share_query


def share(game: Game, page: Page, speech: Speech, dialogs: Dialogs) -> None:
    location = page.window.location
    query = share_query(game.deal_number, game.variant, game.deck)
    url = str(location.origin) + str(location.pathname) + query

    def copied(_result: Any) -> None:
        speech.say(_("Link to this deal copied: {url}").format(url=url))

    def refused(_error: Any) -> None:
        dialogs.notice(_("Copy this link to share the deal: {url}").format(url=url))

    clipboard = getattr(page.window.navigator, "clipboard", None)
    if not clipboard:
        refused(None)
        return
    clipboard.writeText(url).then(page.once(copied), page.once(refused))
