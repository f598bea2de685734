"""Pure reading and writing of the page's query string: ``?deal=N&variant=relaxed``,
``?deck=`` (52 cards in ``Game.from_deck`` order), ``?replay=`` (a game to watch,
``scorpion.replay``) and ``?lang=``.

A bad value never stops the page: it is dropped, named in ``problems`` (so the player
is told) and the default is used.

>>> start = read_query("?deal=42&variant=Relaxed&lang=sv")
>>> start.deal, start.variant, start.lang, start.problems
(42, 'relaxed', 'sv', ())
>>> read_query("?deal=0&variant=hard").problems
('deal', 'variant')
>>> share_query(deal=42, variant="relaxed", deck=None)
'?deal=42&variant=relaxed'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from scorpion.cards import check_deck, format_deck, parse_deck
from scorpion.deals import MAX_DEAL, MIN_DEAL, check_deal_number
from scorpion.game import VARIANTS, Game
from scorpion.session import Session

GAME_KEYS = ("deal", "deck", "variant", "replay")


@dataclass(frozen=True, slots=True)
class Start:
    """What the link asks for. ``problems`` names the parameters that were ignored."""

    deal: int | None = None
    deck: tuple[str, ...] | None = None
    variant: str | None = None
    lang: str | None = None
    problems: tuple[str, ...] = ()
    replay: str | None = None  # the text, read by ``scorpion.replay.decode`` (it says why not)

    @property
    def wants_game(self) -> bool:
        return self.deal is not None or self.deck is not None


def _first(values: dict[str, list[str]], key: str) -> str | None:
    found = values.get(key)
    return found[0].strip() if found else None


def _parse(query: str) -> dict[str, list[str]]:
    """The query's values by name (blank ones kept). ``urllib.parse`` is imported only for
    a query that has something in it: it imports ``ipaddress`` too, a fifth of the page's
    start, which a plain visit does without."""
    text = query.lstrip("?")
    if not text:
        return {}
    from urllib.parse import parse_qs

    return parse_qs(text, keep_blank_values=True)


def _encode(params: dict[str, str] | list[tuple[str, str]]) -> str:
    from urllib.parse import urlencode

    return urlencode(params)


def read_query(query: str) -> Start:
    values = _parse(query)
    problems: list[str] = []
    deal: int | None = None
    deck: tuple[str, ...] | None = None
    variant: str | None = None

    text = _first(values, "deck")
    if text is not None:
        try:
            deck = check_deck(parse_deck(text))
        except ValueError:
            problems.append("deck")
    text = _first(values, "deal")
    if text is not None and deck is None:
        try:
            deal = check_deal_number(int(text))
        except ValueError:
            problems.append("deal")
    text = _first(values, "variant")
    if text is not None:
        if text.lower() in VARIANTS:
            variant = text.lower()
        else:
            problems.append("variant")
    lang = _first(values, "lang") or None  # checked by negotiate_language
    replay = _first(values, "replay")
    if replay is not None:  # a replay carries its own deal: the others are not used
        return Start(lang=lang, replay=replay)
    return Start(deal, deck, variant, lang, tuple(problems))


@dataclass(frozen=True, slots=True)
class Linked:
    """A game a link asks for: a numbered deal, a deck, or (both None) any deal."""

    variant: str
    deal: int | None = None
    deck: tuple[str, ...] | None = None

    def start(self, session: Session) -> int | None:
        """Deal this game in ``session`` (the current one abandoned); the deal number dealt
        (a random one for "any deal"), None for a deck.

        >>> session = Session.fresh(deal=1)
        >>> Linked("relaxed", deal=42).start(session), session.game.variant
        (42, 'relaxed')
        """
        if self.deck is not None:
            session.new_game_from_deck(list(self.deck), self.variant)
            return None
        number = self.deal if self.deal is not None else random.randint(MIN_DEAL, MAX_DEAL)
        session.new_game(number, self.variant)
        return number


def linked_game(link: Start, game: Game) -> Linked | None:
    """The game ``link`` asks for, or None when it asks for none or for the one on the
    table (a link opened twice, or a reload before the address was cleaned).

    >>> table = Game.new(42)
    >>> linked_game(read_query("?deal=42"), table) is None
    True
    >>> linked_game(read_query("?deal=42&variant=relaxed"), table)
    Linked(variant='relaxed', deal=42, deck=None)
    >>> linked_game(read_query("?variant=relaxed"), table)
    Linked(variant='relaxed', deal=None, deck=None)
    >>> linked_game(read_query("?lang=sv"), table) is None
    True
    """
    variant = link.variant or "classic"
    if link.deck is not None:
        if game.deal_number is not None or game.deck != link.deck or game.variant != variant:
            return Linked(variant, deck=link.deck)
    elif link.deal is not None:
        if game.deal_number != link.deal or game.variant != variant:
            return Linked(variant, deal=link.deal)
    elif link.variant is not None and link.variant != game.variant:
        return Linked(link.variant)
    return None


def share_query(deal: int | None, variant: str, deck: Sequence[str] | None) -> str:
    """The query of a link to this deal: the number when it has one, else the deck."""
    params: dict[str, str] = {}
    if deal is not None:
        params["deal"] = str(deal)
    elif deck is not None:
        params["deck"] = format_deck(deck)
    if variant != "classic":
        params["variant"] = variant
    return "?" + _encode(params)


def replay_query(text: str) -> str:
    """The query of a link to watch a game (``scorpion.replay.encode``'s text).

    >>> replay_query("1AAECBG76qoc")
    '?replay=1AAECBG76qoc'
    """
    return "?" + _encode({"replay": text})


def without_game(query: str) -> str:
    """The query with the game parameters taken out (``?lang=`` stays), so a reload
    returns to the saved game instead of dealing the link's game again."""
    values = _parse(query)
    kept = [(k, v) for k, vs in values.items() if k not in GAME_KEYS for v in vs]
    return "?" + _encode(kept) if kept else ""
