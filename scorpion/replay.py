"""Replays: a deal and a line of play in one short, URL-safe, versioned text.

>>> replay = Replay("classic", "deal 2H>6", deal=1)
>>> text = replay.encode()
>>> text
'1AAECBG76qoc'
>>> decode(text) == replay
True
>>> decode(text)
Replay('classic', 'deal 2H>6', deal=1)
>>> decode(text[:-1] + "X")
Traceback (most recent call last):
...
scorpion.replay.ReplayError: the link was changed or cut short (its checksum does not match)

The format, version ``1``: the character ``1``, then base64url without padding of

1. a header byte: bit 0 set for Relaxed, bit 1 set when a deck follows instead of a
   deal number (every other bit clear);
2. the deal number as an unsigned LEB128 varint, or the deck as the 29-byte big-endian
   rank of its permutation of ``FULL_DECK`` (Lehmer code, below 52!);
3. the number of actions, a varint (at most ``MAX_ACTIONS``);
4. the line as one mixed-radix number, big-endian, in the fewest bytes: action ``i`` is
   its index among the actions the rules allow in its position, ordered by the card's
   place in ``FULL_DECK``, then the column, the deal last; the first action is the least
   significant digit;
5. CRC-32 (zlib's) of the version character and everything above, 4 bytes big-endian.

Decoding replays every action through the rules, and a text is accepted only if encoding
what it decodes to gives it back letter for letter, so each game has exactly one text.
"""

from __future__ import annotations

import base64
import re
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from .cards import FULL_DECK, check_deck
from .deals import check_deal_number
from .game import MAX_ACTIONS, VARIANTS, Game
from .moves import Action, Deal, Move, format_line, parse_line

VERSION: Final = "1"
#: The longest text ``decode`` reads: far more than ``MAX_ACTIONS`` actions need.
MAX_LENGTH: Final = 8000
_CHECK_BYTES: Final = 4
_DECK_BYTES: Final = 29  # 52! < 2**232
_RELAXED, _DECK = 1, 2
_ALPHABET: Final = re.compile(r"[A-Za-z0-9_-]+")
_FACTORIALS: Final = [1]
for _n in range(1, 53):
    _FACTORIALS.append(_FACTORIALS[-1] * _n)


class ReplayError(ValueError):
    """A replay text that cannot be read. ``reason`` is a stable code the interface
    translates: ``empty``, ``long``, ``version``, ``characters``, ``checksum``,
    ``header``, ``deal``, ``deck``, ``line``.

    >>> ReplayError("version")
    ReplayError('version')
    """

    MESSAGES: Final = {
        "empty": "the link holds no replay",
        "long": "the link is longer than any replay",
        "version": "the replay was made by another version of Scorpion",
        "characters": "the link holds characters a replay never has",
        "checksum": "the link was changed or cut short (its checksum does not match)",
        "header": "the replay's header is not valid",
        "deal": "the replay's deal is not valid",
        "deck": "the replay's deck is not valid",
        "line": "the replay's moves are not a game the rules allow",
    }

    def __init__(self, reason: str) -> None:
        if reason not in self.MESSAGES:
            raise ValueError(f"unknown reason {reason!r}")
        self.reason = reason
        super().__init__(self.MESSAGES[reason])

    def __repr__(self) -> str:
        return f"ReplayError({self.reason!r})"

    def __reduce__(self) -> tuple[type[ReplayError], tuple[str]]:
        return (ReplayError, (self.reason,))


@dataclass(frozen=True, slots=True)
class Replay:
    """A deal (``deal`` number or 52-card ``deck``, exactly one), its variant and a line
    of play from the deal (``Action`` values, or notation text). Built only if every
    action is legal in turn.

    >>> Replay("classic", "JH>1", deal=1)
    Traceback (most recent call last):
    ...
    scorpion.moves.IllegalMove: JH is already in column 1
    """

    variant: str
    actions: tuple[Action, ...] | Iterable[Action | str] | str = ()
    deal: int | None = None
    deck: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown variant {self.variant!r}")
        if (self.deal is None) == (self.deck is None):
            raise ValueError("a replay has a deal number or a deck, not both or neither")
        if self.deal is not None:
            check_deal_number(self.deal)
        else:
            object.__setattr__(self, "deck", check_deck(self.deck or ()))
        actions = self.actions
        line = _actions(actions)
        if not all(isinstance(action, Move | Deal) for action in line):
            raise ValueError("a replay's actions are Moves and DEAL")
        object.__setattr__(self, "actions", tuple(line))
        self.game()  # every action legal in turn, at most MAX_ACTIONS (LineTooLong)

    @classmethod
    def of(cls, game: Game) -> Replay:
        """The deal of ``game`` and its line up to the current position.

        >>> Replay.of(Game.new(7, "relaxed", "deal"))
        Replay('relaxed', 'deal', deal=7)
        """
        if game.deal_number is not None:
            return cls(game.variant, game.moves, deal=game.deal_number)
        return cls(game.variant, game.moves, deck=game.deck)

    @property
    def line(self) -> tuple[Action, ...]:
        """The actions, typed as values (``actions`` is only text while being built)."""
        assert isinstance(self.actions, tuple)
        return self.actions

    def game(self, upto: int | None = None) -> Game:
        """The game after the first ``upto`` actions (all of them by default)."""
        line = self.line[:upto]
        if len(line) > MAX_ACTIONS:
            from .game import LineTooLong

            raise LineTooLong(len(line))
        if self.deal is not None:
            return Game.new(self.deal, self.variant, line)
        assert self.deck is not None
        return Game.from_deck(self.deck, self.variant, line)

    def encode(self) -> str:
        deal: int | Sequence[str] = self.deal if self.deal is not None else self.deck or ()
        return encode(deal, self.variant, self.line)

    def __repr__(self) -> str:
        where = f"deal={self.deal}" if self.deal is not None else f"deck={self.deck!r}"
        return f"Replay({self.variant!r}, {format_line(self.line)!r}, {where})"


def choices(game: Game) -> list[Action]:
    """The actions the rules allow now, in the format's order: by the card's place in
    ``FULL_DECK``, then the column; the deal last.

    >>> choices(Game.new(1))[-1]
    DEAL
    """
    return sorted(game.legal_moves(), key=_order)


def _order(action: Action) -> int:
    if isinstance(action, Move):
        return _CARD_INDEX[action.card] * 7 + action.to
    return 52 * 7


_CARD_INDEX: Final = {card: i for i, card in enumerate(FULL_DECK)}


def encode(deal: int | Sequence[str], variant: str, actions: Iterable[Action | str] | str) -> str:
    """The replay text of a deal (a number, or 52 cards in ``Game.from_deck`` order), its
    variant and a line of play; ``IllegalMove`` (a ValueError) if the line breaks a rule.

    >>> encode(1, "relaxed", "")
    '1AQEAcQobrg'
    """
    if isinstance(deal, int):
        game = Game.new(deal, variant)
        body = bytes([_RELAXED if variant == "relaxed" else 0]) + _varint(deal)
    else:
        game = Game.from_deck(deal, variant)
        flags = _DECK | (_RELAXED if variant == "relaxed" else 0)
        body = bytes([flags]) + _deck_rank(game.deck).to_bytes(_DECK_BYTES, "big")
    line = _actions(actions)
    if len(line) > MAX_ACTIONS:
        from .game import LineTooLong

        raise LineTooLong(len(line))
    digits: list[tuple[int, int]] = []
    for action in line:
        allowed = choices(game)
        game.play(action)  # IllegalMove if the rules refuse it
        digits.append((allowed.index(action), len(allowed)))
    value = 0
    for index, radix in reversed(digits):
        value = value * radix + index
    body += _varint(len(line)) + value.to_bytes((value.bit_length() + 7) // 8, "big")
    return _text(body)


def _actions(actions: Iterable[Action | str] | str) -> tuple[Action, ...]:
    """Actions given as values, as notation text, or as a list of either."""
    if isinstance(actions, str):
        return tuple(parse_line(actions))
    return tuple(Move.parse(a) if isinstance(a, str) else a for a in actions)


def _text(body: bytes) -> str:
    check = zlib.crc32(VERSION.encode() + body).to_bytes(_CHECK_BYTES, "big")
    return VERSION + base64.urlsafe_b64encode(body + check).rstrip(b"=").decode("ascii")


def decode(text: str) -> Replay:
    """The replay a text holds; ``ReplayError`` (a ValueError) saying why not."""
    if not isinstance(text, str) or not text.strip():
        raise ReplayError("empty")
    text = text.strip()
    if len(text) > MAX_LENGTH:
        raise ReplayError("long")
    if text[0] != VERSION:
        raise ReplayError("version" if text[0].isalnum() else "characters")
    coded = text[1:]
    if not _ALPHABET.fullmatch(coded) or len(coded) % 4 == 1:
        raise ReplayError("characters")
    data = base64.urlsafe_b64decode(coded + "=" * (-len(coded) % 4))
    body, check = data[:-_CHECK_BYTES], data[-_CHECK_BYTES:]
    if len(data) <= _CHECK_BYTES or zlib.crc32(VERSION.encode() + body) != int.from_bytes(
        check, "big"
    ):
        raise ReplayError("checksum")
    replay, canonical = _read(body)
    if _text(canonical) != text:  # one text per game: anything else was tampered with
        raise ReplayError("checksum")
    return replay


def _read(body: bytes) -> tuple[Replay, bytes]:
    """The replay, and the body ``encode`` would write for it."""
    flags = body[0]
    if flags & ~(_RELAXED | _DECK):
        raise ReplayError("header")
    variant = "relaxed" if flags & _RELAXED else "classic"
    at = 1
    deal: int | None = None
    deck: tuple[str, ...] | None = None
    if flags & _DECK:
        if len(body) < at + _DECK_BYTES:
            raise ReplayError("deck")
        deck = _deck_of(int.from_bytes(body[at : at + _DECK_BYTES], "big"))
        at += _DECK_BYTES
        game = Game.from_deck(deck, variant)
    else:
        number, at = _read_varint(body, at, "deal")
        try:
            deal = check_deal_number(number)
        except ValueError:
            raise ReplayError("deal") from None
        game = Game.new(deal, variant)
    start = body[:at]
    count, at = _read_varint(body, at, "line")
    if count > MAX_ACTIONS:
        raise ReplayError("line")
    value = int.from_bytes(body[at:], "big")
    line: list[Action] = []
    for _ in range(count):
        allowed = choices(game)
        if not allowed:
            raise ReplayError("line")
        value, index = divmod(value, len(allowed))
        game.play(allowed[index])
        line.append(allowed[index])
    if value:
        raise ReplayError("line")
    value = int.from_bytes(body[at:], "big")
    canonical = start + _varint(count) + value.to_bytes((value.bit_length() + 7) // 8, "big")
    # Every action was just played through the rules: no need to replay them again.
    replay = object.__new__(Replay)
    for name, field_value in (
        ("variant", variant),
        ("actions", tuple(line)),
        ("deal", deal),
        ("deck", deck),
    ):
        object.__setattr__(replay, name, field_value)
    return replay, canonical


def _varint(number: int) -> bytes:
    out = bytearray()
    while True:
        low, number = number & 0x7F, number >> 7
        out.append(low | (0x80 if number else 0))
        if not number:
            return bytes(out)


def _read_varint(data: bytes, at: int, reason: str) -> tuple[int, int]:
    number = shift = 0
    while True:
        if at >= len(data) or shift > 35:
            raise ReplayError(reason)
        byte = data[at]
        at += 1
        number |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return number, at


def _deck_rank(deck: Sequence[str]) -> int:
    """The permutation's rank (Lehmer code read as a factorial-base number)."""
    left = list(FULL_DECK)
    value = 0
    for i, card in enumerate(deck):
        index = left.index(card)
        left.pop(index)
        value += index * _FACTORIALS[51 - i]
    return value


def _deck_of(value: int) -> tuple[str, ...]:
    if value >= _FACTORIALS[52]:
        raise ReplayError("deck")
    left = list(FULL_DECK)
    deck = []
    for i in range(52):
        index, value = divmod(value, _FACTORIALS[51 - i])
        deck.append(left.pop(index))
    return tuple(deck)
