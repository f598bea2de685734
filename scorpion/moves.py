"""Moves as small immutable values, and their text notation.

``CARD>COLUMN`` moves that card, with everything above it, onto a column counted
from 1; ``deal`` deals the reserve. The notation round-trips:

>>> move = Move.parse("4H>7")
>>> move
Move('4H', 6)
>>> str(move)
'4H>7'
>>> Move.parse("deal") is DEAL
True
>>> parse_line("4H>7 deal")
[Move('4H', 6), DEAL]
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final, TypeAlias

from .cards import is_card, parse_card

COLUMNS = 7


@dataclass(frozen=True, slots=True)
class Move:
    """Move ``card`` and every card above it onto column index ``to`` (0-6)."""

    card: str
    to: int

    def __post_init__(self) -> None:
        if not is_card(self.card):
            raise ValueError(f"not a card: {self.card!r}")
        if not isinstance(self.to, int) or isinstance(self.to, bool) or not 0 <= self.to < COLUMNS:
            raise ValueError(f"column index must be 0-6, not {self.to!r}")

    def __str__(self) -> str:
        return f"{self.card}>{self.to + 1}"

    def __repr__(self) -> str:
        return f"Move({self.card!r}, {self.to})"

    @staticmethod
    def parse(text: str) -> Action:
        """Read ``"4H>7"`` (columns from 1) or ``"deal"``; ValueError otherwise."""
        if not isinstance(text, str):
            raise ValueError(f"not a move: {text!r}")
        cleaned = text.strip()
        if cleaned.lower() == "deal":
            return DEAL
        card, sep, column = cleaned.partition(">")
        if not sep or not column.strip().isdigit():
            raise ValueError(f"not a move: {text!r} (write CARD>COLUMN, like 4H>7, or deal)")
        number = int(column)
        if not 1 <= number <= COLUMNS:
            raise ValueError(f"not a move: {text!r} (columns are 1-7)")
        return Move(parse_card(card), number - 1)


class Deal:
    """The one-time deal of the reserve onto columns 1, 2 and 3. Use the ``DEAL`` singleton."""

    __slots__ = ()
    _instance: Deal | None = None

    def __new__(cls) -> Deal:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __str__(self) -> str:
        return "deal"

    def __repr__(self) -> str:
        return "DEAL"

    def __reduce__(self) -> str:
        return "DEAL"


DEAL: Final = Deal()

#: Anything ``Game.play`` accepts.
Action: TypeAlias = Move | Deal


def parse_line(text: str) -> list[Action]:
    """Read moves separated by spaces or commas."""
    return [Move.parse(part) for part in text.replace(",", " ").split()]


def format_line(moves: list[Action] | tuple[Action, ...]) -> str:
    """Write moves in the notation, separated by spaces."""
    return " ".join(map(str, moves))


class Refusal(StrEnum):
    """Why the rules refuse an action: the one list of codes (``IllegalMove.reason``,
    ``Game.refusal``), each a string, so it compares, saves and prints as its code.

    >>> Refusal.SAME_SUIT == "same_suit", str(Refusal.KING_ONLY)
    (True, 'king_only')
    """

    NOT_IN_PLAY = "not_in_play"  # the card is not face up on the table
    SAME_COLUMN = "same_column"
    KING_ONLY = "king_only"  # only a King goes onto an empty column
    ONTO_ACE = "onto_ace"  # nothing goes onto an ace
    RANK = "rank"  # not exactly one rank lower
    SAME_SUIT = "same_suit"  # Classic: the right rank, another suit
    RESERVE_DEALT = "reserve_dealt"
    TOO_LONG = "too_long"  # the game already holds MAX_ACTIONS actions


class IllegalMove(ValueError):  # noqa: N818  # the name is the public API
    """A move the rules refuse. ``reason`` is a ``Refusal``, a stable code the interface
    translates."""

    MESSAGES: Final = {
        Refusal.NOT_IN_PLAY: "{card} is not a face-up card on the table",
        Refusal.SAME_COLUMN: "{card} is already in column {column}",
        Refusal.KING_ONLY: "Only a King can go onto an empty column",
        Refusal.ONTO_ACE: "Nothing can go onto an ace",
        Refusal.RANK: "{card} must go onto a card one rank higher",
        Refusal.SAME_SUIT: "Rule: the cards must be of the same suit",
        Refusal.RESERVE_DEALT: "The reserve has already been dealt",
        Refusal.TOO_LONG: "This game has reached 5000 actions, the most one game keeps",
    }

    def __init__(self, reason: str, move: Action) -> None:
        self.reason = Refusal(reason)
        self.move = move
        card = move.card if isinstance(move, Move) else ""
        column = move.to + 1 if isinstance(move, Move) else 0
        super().__init__(self.MESSAGES[self.reason].format(card=card, column=column))

    def __repr__(self) -> str:  # the code as a plain string: a repr to paste back
        return f"IllegalMove({str(self.reason)!r}, {self.move!r})"

    def __reduce__(self) -> tuple[type[IllegalMove], tuple[str, Action]]:
        return (IllegalMove, (str(self.reason), self.move))
