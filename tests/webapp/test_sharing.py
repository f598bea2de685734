"""Share and Share this game (webapp.panels.sharing) against a fake page: the link on the
clipboard (read back as the page reads links), what the status line says, and the notice
that shows the link where the browser refuses to copy."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from fakes import FakeChrome, FakePage
from webapp.panels.sharing import share, share_game
from webapp.urlparams import read_query

from scorpion import Game
from scorpion.replay import decode

ADDRESS = "https://example.org/scorpion/"


class SaidSpeech:
    """The live region (``#status``), as the announcer writes it."""

    def __init__(self, chrome: FakeChrome) -> None:
        self.chrome = chrome

    def say(self, text: str, refusal: bool = False) -> None:
        self.chrome.text("status", text)


def parts(copying: bool = True) -> tuple[FakeChrome, FakePage, SaidSpeech]:
    chrome, page = FakeChrome(), FakePage()
    chrome.flag("notice", "hidden", True)
    page.page_address = ADDRESS
    page.clipboard_works = copying
    return chrome, page, SaidSpeech(chrome)


@pytest.mark.parametrize("variant", ["classic", "relaxed"])
def test_share_copies_a_link_to_the_deal(variant: str) -> None:
    chrome, page, speech = parts()
    share(Game.new(5, variant, "deal"), page, speech, chrome)
    assert page.clipboard is not None and page.clipboard.startswith(ADDRESS + "?")
    link = read_query(urlsplit(page.clipboard).query)
    assert (link.deal, link.variant or "classic") == (5, variant)
    assert chrome.el("status").text == f"Link to this deal copied: {page.clipboard}"
    assert chrome.notice_shown() is None


def test_a_deal_without_a_number_is_shared_by_its_cards() -> None:
    chrome, page, speech = parts()
    game = Game.new(5)
    share(Game.from_deck(game.deck, "classic"), page, speech, chrome)
    link = read_query(urlsplit(page.clipboard or "").query)
    assert link.deal is None and link.deck == tuple(game.deck)


def test_share_where_copying_is_refused_shows_the_link_to_copy_by_hand() -> None:
    chrome, page, speech = parts(copying=False)
    share(Game.new(5), page, speech, chrome)
    assert page.clipboard is None
    assert chrome.notice_shown() == f"Copy this link to share the deal: {ADDRESS}?deal=5"
    assert chrome.el("status").text == ""


def test_share_this_game_copies_a_link_that_replays_it_to_here() -> None:
    chrome, page, speech = parts()
    game = Game.new(5, "classic", "deal")
    url = share_game(game, page, speech, chrome)
    assert page.clipboard == url
    replay = decode(read_query(urlsplit(url).query).replay or "")
    assert (replay.deal, replay.variant, len(replay.line)) == (5, "classic", 1)
    assert chrome.el("status").text == f"Link to replay this game copied: {url}"


def test_share_this_game_where_copying_is_refused() -> None:
    chrome, page, speech = parts(copying=False)
    url = share_game(Game.new(5), page, speech, chrome)
    assert chrome.notice_shown() == f"Copy this link to share the game: {url}"
    assert chrome.el("status").text == ""
