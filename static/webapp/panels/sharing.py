"""Share: a link to the deal on the table, or (Share this game) a link that replays the
game so far (``?replay=``); copied, or shown in the notice bar where copying is refused."""

from __future__ import annotations

from scorpion.game import Game
from scorpion.replay import Replay
from webapp.page.browser import Page
from webapp.page.chrome import Chrome
from webapp.play.announcer import Announcer
from webapp.translated import _
from webapp.urlparams import replay_query, share_query


def share(game: Game, page: Page, speech: Announcer, chrome: Chrome) -> None:
    url = page.address() + share_query(game.deal_number, game.variant, game.deck)
    page.copy_text(
        url,
        lambda: speech.say(_("Link to this deal copied: {url}").format(url=url)),
        lambda: chrome.notice(_("Copy this link to share the deal: {url}").format(url=url)),
    )


def share_game(game: Game, page: Page, speech: Announcer, chrome: Chrome) -> str:
    """A link that plays this game back up to the current position; the link."""
    url = page.address() + replay_query(Replay.of(game).encode())
    page.copy_text(
        url,
        lambda: speech.say(_("Link to replay this game copied: {url}").format(url=url)),
        lambda: chrome.notice(_("Copy this link to share the game: {url}").format(url=url)),
    )
    return url
