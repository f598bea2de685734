"""Share: a link to the deal on the table, or (Share this game) a link that replays the
game so far (``?replay=``); copied, or shown where copying is refused."""

from __future__ import annotations

from typing import Any

from scorpion.game import Game
from scorpion.replay import Replay
from webapp.page.browser import Page
from webapp.panels.dialogs import Dialogs
from webapp.play.announcer import Announcer
from webapp.translated import _
from webapp.urlparams import replay_query, share_query


def share(game: Game, page: Page, speech: Announcer, dialogs: Dialogs) -> None:
    url = _address(page) + share_query(game.deal_number, game.variant, game.deck)
    _copy(
        url,
        page,
        lambda: speech.say(_("Link to this deal copied: {url}").format(url=url)),
        lambda: dialogs.notice(_("Copy this link to share the deal: {url}").format(url=url)),
    )


def share_game(game: Game, page: Page, speech: Announcer, dialogs: Dialogs) -> str:
    """A link that plays this game back up to the current position; the link."""
    url = _address(page) + replay_query(Replay.of(game).encode())
    _copy(
        url,
        page,
        lambda: speech.say(_("Link to replay this game copied: {url}").format(url=url)),
        lambda: dialogs.notice(_("Copy this link to share the game: {url}").format(url=url)),
    )
    return url


def _address(page: Page) -> str:
    location = page.window.location
    return str(location.origin) + str(location.pathname)


def _copy(url: str, page: Page, copied: Any, refused: Any) -> None:
    clipboard = getattr(page.window.navigator, "clipboard", None)
    if not clipboard:
        refused()
        return
    clipboard.writeText(url).then(page.once(lambda _r: copied()), page.once(lambda _e: refused()))
