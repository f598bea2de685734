"""Numbered deals: deal N is the same 52 cards everywhere, today and in ten years.

The standard library's ``random`` may change its algorithm between Python versions,
so deals use a shuffle of their own, small enough to re-implement anywhere:

1. Start from ``FULL_DECK``: spades, hearts, diamonds, clubs, each ace to king.
2. Seed SplitMix64 (Steele, Lea and Flood, 2014) with the deal number.
3. Fisher-Yates: for i from 51 down to 1, draw j uniformly in 0..i and swap
   cards i and j. A uniform draw below n takes 64-bit outputs until one falls
   under the largest multiple of n (rejection, so there is no modulo bias), then
   keeps it modulo n.

The result is in ``Game.from_deck`` order (column 1 bottom to top, ..., the reserve last).

>>> deal_deck(1)[:7]
('7H', '9S', '4H', '8D', '8H', '5C', 'JH')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .cards import FULL_DECK

MIN_DEAL = 1
MAX_DEAL = 2**31 - 1
_MASK = (1 << 64) - 1


def splitmix64(seed: int) -> Iterator[int]:
    """The SplitMix64 stream of 64-bit integers for ``seed``.

    >>> next(splitmix64(0))
    16294208416658607535
    """
    state = seed & _MASK
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        yield z ^ (z >> 31)


def check_deal_number(number: object) -> int:
    """Return ``number`` if it is a valid deal number, else raise ValueError."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise ValueError(f"a deal number is a whole number, not {number!r}")
    if not MIN_DEAL <= number <= MAX_DEAL:
        raise ValueError(f"deal numbers run from {MIN_DEAL} to {MAX_DEAL}, not {number}")
    return number


def shuffle(cards: Iterable[str], seed: int) -> list[str]:
    """``cards`` in the order of a Fisher-Yates shuffle driven by SplitMix64 from ``seed``
    (unbiased: a draw past the last whole multiple of the bound is drawn again), the same
    on every platform and Python version.

    >>> shuffle(["AS", "2S", "3S", "4S"], 7)
    ['2S', '3S', 'AS', '4S']
    """
    deck = list(cards)
    stream = splitmix64(seed)
    for i in range(len(deck) - 1, 0, -1):
        bound = i + 1
        limit = (1 << 64) - (1 << 64) % bound
        draw = next(stream)
        while draw >= limit:
            draw = next(stream)
        j = draw % bound
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_deck(number: int) -> tuple[str, ...]:
    """The 52 cards of deal ``number`` in ``Game.from_deck`` order."""
    return tuple(shuffle(FULL_DECK, check_deal_number(number)))
