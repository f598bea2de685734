"""Cards as two-character strings: rank then suit.

Ranks are ``A 2 3 4 5 6 7 8 9 T J Q K`` and suits ``S H D C``, so ``"TH"`` is the
ten of hearts. Plain strings keep cards hashable, JSON-ready and cheap to compare.

>>> rank("TH"), suit("TH")
(10, 'H')
>>> parse_card("10h")
'TH'
>>> format_deck(parse_deck("TS 2D AC"))
'TS2DAC'
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "A23456789TJQK"
SUITS = "SHDC"
ACE = 1
KING = 13

#: The 52 cards, spades first, each suit from ace to king.
FULL_DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
_KNOWN = frozenset(FULL_DECK)


def rank(card: str) -> int:
    """The rank as a number: ace 1 ... king 13."""
    return RANKS.index(card[0]) + 1


def suit(card: str) -> str:
    """The suit letter: S, H, D or C."""
    return card[1]


def is_card(text: object) -> bool:
    """True for a card in the canonical two-character form."""
    return isinstance(text, str) and text in _KNOWN


def parse_card(text: str) -> str:
    """Read a card leniently (any case, ``10`` for ``T``) and return its canonical form.

    >>> parse_card("qs")
    'QS'
    >>> parse_card("1S")
    Traceback (most recent call last):
    ...
    ValueError: not a card: '1S' (rank A 2-9 T J Q K, then suit S H D C)
    """
    if isinstance(text, str):
        candidate = text.strip().upper()
        if candidate.startswith("10"):
            candidate = "T" + candidate[2:]
        if candidate in _KNOWN:
            return candidate
    raise ValueError(f"not a card: {text!r} (rank A 2-9 T J Q K, then suit S H D C)")


def parse_deck(text: str) -> list[str]:
    """Read cards written together (``"TS2DAC"``) or apart (spaces or commas)."""
    parts = text.replace(",", " ").split()
    if len(parts) == 1 and len(parts[0]) > 3:
        joined = parts[0]
        parts = [joined[i : i + 2] for i in range(0, len(joined), 2)]
    return [parse_card(part) for part in parts]


def format_deck(cards: Iterable[str]) -> str:
    """The compact form of a sequence of cards, as used in ``?deck=`` links."""
    return "".join(cards)


def check_deck(cards: Iterable[object]) -> tuple[str, ...]:
    """Return the 52 cards as a tuple, or raise ValueError naming what is wrong."""
    deck = tuple(cards)
    for card in deck:
        if not is_card(card):
            raise ValueError(f"unknown card in the deck: {card!r}")
    duplicates = sorted({card for card in deck if deck.count(card) > 1}, key=FULL_DECK.index)
    if duplicates:
        raise ValueError(f"duplicate card in the deck: {', '.join(map(str, duplicates))}")
    if len(deck) != len(FULL_DECK):
        missing = sorted(_KNOWN.difference(deck), key=FULL_DECK.index)
        raise ValueError(
            f"a deck has 52 cards, this one has {len(deck)}"
            + (f" (missing {', '.join(missing)})" if missing else "")
        )
    return deck  # type: ignore[return-value]  # every item was checked by is_card
