"""The game: a deal, the rules that move its cards, the score, undo and redo.

>>> game = Game.new(1)
>>> game.score, game.reserve, game.won
(0, ('2C', '9D', '7C'), False)
>>> played = game.play(DEAL)
>>> played.cards, game.reserve
(('2C', '9D', '7C'), ())
>>> game.undo(), game.reserve
(True, ('2C', '9D', '7C'))
>>> game.redo(), game.moves
(True, (DEAL,))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from .cards import FULL_DECK, KING, RANKS, SUITS, check_deck, format_deck, parse_deck, rank, suit
from .deals import check_deal_number, deal_deck
from .moves import (
    COLUMNS,
    DEAL,
    Action,
    Deal,
    IllegalMove,
    Move,
    Refusal,
    format_line,
    parse_line,
)

VARIANTS: Final = ("classic", "relaxed")
UNDO_LIMIT: Final = 100
#: The longest line of play a game holds, far beyond any real game (a winning line is
#: 50-150 actions): a saved or imported game is replayed move by move, so a longer one
#: is refused on load (``from_dict``) and a game that reaches it takes no more actions.
MAX_ACTIONS: Final = 5000
HIDDEN_COLUMNS: Final = 4  # columns 1-4 start with face-down cards
HIDDEN_PER_COLUMN: Final = 3
DEALT_PER_COLUMN: Final = 7
RESERVE_SIZE: Final = 3
SEQUENCE_LENGTH: Final = 13
POINTS_SAME_SUIT: Final = 5
POINTS_TURNED: Final = 5
POINTS_SEQUENCE: Final = 100

#: Every possible Move, built once: legal_moves() hands these out instead of new values.
_MOVES: Final = {card: tuple(Move(card, to) for to in range(COLUMNS)) for card in FULL_DECK}

#: A complete sequence of each suit, bottom (King) to top (Ace), as it lies in a column.
_SEQUENCES: Final = {s: [r + s for r in reversed("A23456789TJQK")] for s in SUITS}


class LineTooLong(ValueError):  # noqa: N818  # says what it is, like IllegalMove
    """A saved game whose line of play (moves and redo) is longer than ``MAX_ACTIONS``:
    refused before any move is replayed.

    >>> LineTooLong(240000)
    LineTooLong(240000)
    """

    def __init__(self, actions: int) -> None:
        self.actions = actions
        super().__init__(f"a saved game of {actions} actions; at most {MAX_ACTIONS} are kept")

    def __repr__(self) -> str:
        return f"LineTooLong({self.actions})"

    def __reduce__(self) -> tuple[type[LineTooLong], tuple[int]]:
        return (LineTooLong, (self.actions,))


@dataclass(frozen=True, slots=True)
class Played:
    """What one action did: enough to announce it and to take it back.

    ``cards`` are the cards moved, bottom first (for the deal: the cards put onto
    columns 1, 2 and 3). ``turned`` lists ``(column, card)`` for each face-down card
    turned up, ``removed`` lists ``(column, suit)`` for each sequence taken away,
    in the order they happened.
    """

    move: Action
    source: int | None
    cards: tuple[str, ...]
    turned: tuple[tuple[int, str], ...] = ()
    removed: tuple[tuple[int, str], ...] = ()
    points: int = 0


def legal_actions(variant: str, faces: Sequence[Sequence[str]], reserve: bool) -> list[Action]:
    """Every action the rules allow on a table whose columns show ``faces`` (each column's
    face-up cards, bottom to top; none: an empty column), DEAL last if ``reserve``. The
    face-down cards never matter: ``Game`` and the player's ``knowledge.View`` share this.
    """
    # Which card each column accepts, keyed by the card itself (Classic) or by its rank
    # (Relaxed); "K" stands for any King, accepted by an empty column.
    relaxed = variant == "relaxed"
    accepts: dict[str, list[int]] = {}
    for to, up in enumerate(faces):
        if not up:
            key = "K"
        else:
            top = up[-1]
            if top[0] == "A":
                continue
            below = RANKS[RANKS.index(top[0]) - 1]
            key = below if relaxed else below + top[1]
        accepts.setdefault(key, []).append(to)
    moves: list[Action] = []
    for column, up in enumerate(faces):
        for card in up:
            targets = accepts.get("K" if card[0] == "K" else card if not relaxed else card[0])
            if targets:
                to_card = _MOVES[card]
                moves.extend(to_card[to] for to in targets if to != column)
    if reserve:
        moves.append(DEAL)
    return moves


class Game:
    """A game of Scorpion. Build one with ``Game.new`` or ``Game.from_deck``."""

    def __init__(self, deck: Sequence[str], variant: str, deal_number: int | None) -> None:
        self._deck = check_deck(deck)
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r}: use 'classic' or 'relaxed'")
        self._variant = variant
        self._deal_number = deal_number
        self._cards = [
            list(self._deck[i * DEALT_PER_COLUMN : (i + 1) * DEALT_PER_COLUMN])
            for i in range(COLUMNS)
        ]
        self._hidden = [HIDDEN_PER_COLUMN if i < HIDDEN_COLUMNS else 0 for i in range(COLUMNS)]
        self._reserve: tuple[str, ...] = self._deck[COLUMNS * DEALT_PER_COLUMN :]
        self._removed: list[str] = []
        self._score = 0
        self._line: list[Played] = []  # every action from the deal to now
        self._floor = 0  # actions before this index can no longer be undone
        self._redo: list[Action] = []  # undone actions, the next one to redo last
        # ``columns`` as last built: the interface asks for it several times per action
        # and it only changes in _apply and _revert, which drop it.
        self._columns: tuple[tuple[tuple[str, bool], ...], ...] | None = None

    # --- construction -------------------------------------------------------------

    @classmethod
    def from_deck(
        cls,
        deck: Sequence[str] | str,
        variant: str = "classic",
        moves: str | Iterable[Action] = (),
    ) -> Game:
        """Deal ``deck`` (52 cards, column 1 bottom to top first, the reserve last)."""
        cards = parse_deck(deck) if isinstance(deck, str) else deck
        game = cls(cards, variant, None)
        game.play_line(moves)
        return game

    @classmethod
    def new(cls, number: int, variant: str = "classic", moves: str | Iterable[Action] = ()) -> Game:
        """Deal number ``number``: the same cards on every platform (see ``scorpion.deals``)."""
        game = cls(deal_deck(check_deal_number(number)), variant, number)
        game.play_line(moves)
        return game

    def copy(self) -> Game:
        """An independent game in the same position, with the same history."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._cards = [list(column) for column in self._cards]
        other._hidden = list(self._hidden)
        other._removed = list(self._removed)
        other._line = list(self._line)
        other._redo = list(self._redo)
        return other

    # --- what the table shows -----------------------------------------------------

    @property
    def variant(self) -> str:
        return self._variant

    @property
    def deal_number(self) -> int | None:
        """The deal number, or None for a game dealt from an explicit deck."""
        return self._deal_number

    @property
    def deck(self) -> tuple[str, ...]:
        """The 52 cards as dealt, in ``from_deck`` order."""
        return self._deck

    @property
    def columns(self) -> tuple[tuple[tuple[str, bool], ...], ...]:
        """Seven tuples, bottom to top, of ``(card, face_up)`` pairs."""
        if self._columns is None:
            self._columns = tuple(
                tuple((card, i >= hidden) for i, card in enumerate(cards))
                for cards, hidden in zip(self._cards, self._hidden, strict=True)
            )
        return self._columns

    def face_up(self, column: int) -> tuple[str, ...]:
        """The face-up cards of a column (index 0-6), bottom to top."""
        return tuple(self._cards[column][self._hidden[column] :])

    def hidden_count(self, column: int) -> int:
        """How many face-down cards lie at the bottom of a column."""
        return self._hidden[column]

    def locate(self, card: str) -> tuple[int, int] | None:
        """``(column, index from the bottom)`` of a face-up card, else None."""
        for column, cards in enumerate(self._cards):
            if card in cards:
                index = cards.index(card)
                return (column, index) if index >= self._hidden[column] else None
        return None

    @property
    def reserve(self) -> tuple[str, ...]:
        """The cards still in the reserve: three, then none once dealt."""
        return self._reserve

    @property
    def removed(self) -> tuple[str, ...]:
        """The suit letter of each removed sequence, in removal order."""
        return tuple(self._removed)

    @property
    def score(self) -> int:
        return self._score

    @property
    def won(self) -> bool:
        return len(self._removed) == len(SUITS)

    @property
    def moves(self) -> tuple[Action, ...]:
        """Every action from the deal to the current position."""
        return tuple(played.move for played in self._line)

    @property
    def history(self) -> tuple[Played, ...]:
        """The actions that can still be undone, oldest first (at most 100)."""
        return tuple(self._line[self._floor :])

    @property
    def redo_moves(self) -> tuple[Action, ...]:
        """The undone actions that ``redo`` replays, next one first."""
        return tuple(reversed(self._redo))

    @property
    def can_undo(self) -> bool:
        return len(self._line) > self._floor

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # --- the rules ----------------------------------------------------------------

    def refusal(self, move: Action) -> Refusal | None:
        """The ``IllegalMove.reason`` code that ``play(move)`` would raise, or None."""
        if len(self._line) >= MAX_ACTIONS:
            return Refusal.TOO_LONG
        if isinstance(move, Deal):
            return None if self._reserve else Refusal.RESERVE_DEALT
        where = self.locate(move.card)
        if where is None:
            return Refusal.NOT_IN_PLAY
        if where[0] == move.to:
            return Refusal.SAME_COLUMN
        target = self._cards[move.to]
        if not target:
            return None if rank(move.card) == KING else Refusal.KING_ONLY
        top = target[-1]
        if rank(top) == 1:
            return Refusal.ONTO_ACE
        if rank(move.card) != rank(top) - 1:
            return Refusal.RANK
        if self._variant == "classic" and suit(move.card) != suit(top):
            return Refusal.SAME_SUIT
        return None

    def is_legal(self, move: Action) -> bool:
        return self.refusal(move) is None

    def legal_moves(self) -> list[Action]:
        """Every action ``play`` accepts now, pointless ones included, DEAL last."""
        faces = [cards[hidden:] for cards, hidden in zip(self._cards, self._hidden, strict=True)]
        return legal_actions(self._variant, faces, bool(self._reserve))

    def destinations(self, card: str) -> list[int]:
        """The columns a face-up card may move to now."""
        return [to for to in range(COLUMNS) if self.refusal(Move(card, to)) is None]

    def play(self, move: Action) -> Played:
        """Play ``move``; raise IllegalMove (a ValueError) and change nothing if refused."""
        if not isinstance(move, Move | Deal):
            raise TypeError(f"play() takes a Move or DEAL, not {move!r}")
        reason = self.refusal(move)
        if reason is not None:
            raise IllegalMove(reason, move)
        self._redo.clear()
        return self._push(move)

    def play_line(self, moves: str | Iterable[Action]) -> list[Played]:
        """Play several actions in a row, given as notation text or as values."""
        line = parse_line(moves) if isinstance(moves, str) else moves
        return [self.play(move) for move in line]

    def undo(self) -> bool:
        """Take back the last action with all it triggered; False if there is none."""
        if not self.can_undo:
            return False
        played = self._line.pop()
        self._revert(played)
        self._redo.append(played.move)
        return True

    def redo(self) -> bool:
        """Replay the last undone action; False if there is none."""
        if not self._redo:
            return False
        self._push(self._redo.pop())
        return True

    # --- how an action changes the table --------------------------------------------

    def _push(self, move: Action) -> Played:
        played = self._apply(move)
        self._line.append(played)
        self._floor = max(self._floor, len(self._line) - UNDO_LIMIT)
        return played

    def _apply(self, move: Action) -> Played:
        self._columns = None
        turned: list[tuple[int, str]] = []
        removed: list[tuple[int, str]] = []
        points = 0
        if isinstance(move, Deal):
            dealt = self._reserve
            self._reserve = ()
            for column, card in enumerate(dealt):
                self._cards[column].append(card)
            for column in range(len(dealt)):
                points += self._complete(column, turned, removed)
            source = None
        else:
            source, index = self.locate(move.card) or (-1, -1)
            pile = self._cards[source][index:]
            del self._cards[source][index:]
            target = self._cards[move.to]
            if target and suit(target[-1]) == suit(move.card):
                points += POINTS_SAME_SUIT
            target.extend(pile)
            points += self._complete(move.to, turned, removed)
            points += self._turn(source, turned)
            dealt = tuple(pile)
        self._score += points
        return Played(move, source, tuple(dealt), tuple(turned), tuple(removed), points)

    def _complete(
        self, column: int, turned: list[tuple[int, str]], removed: list[tuple[int, str]]
    ) -> int:
        """Remove a complete sequence from the top of a column that just received cards."""
        cards = self._cards[column]
        if len(cards) - self._hidden[column] < SEQUENCE_LENGTH:
            return 0
        top_suit = suit(cards[-1])
        if cards[-SEQUENCE_LENGTH:] != _SEQUENCES[top_suit]:
            return 0
        del cards[-SEQUENCE_LENGTH:]
        self._removed.append(top_suit)
        removed.append((column, top_suit))
        return POINTS_SEQUENCE + self._turn(column, turned)

    def _turn(self, column: int, turned: list[tuple[int, str]]) -> int:
        """Turn a face-down card left on top of a column face up."""
        if self._hidden[column] and self._hidden[column] == len(self._cards[column]):
            self._hidden[column] -= 1
            turned.append((column, self._cards[column][-1]))
            return POINTS_TURNED
        return 0

    def _revert(self, played: Played) -> None:
        self._columns = None
        for column, _card in reversed(played.turned):
            self._hidden[column] += 1
        for column, removed_suit in reversed(played.removed):
            self._cards[column].extend(_SEQUENCES[removed_suit])
            self._removed.pop()
        if isinstance(played.move, Deal):
            for column in range(len(played.cards)):
                self._cards[column].pop()
            self._reserve = played.cards
        else:
            target = self._cards[played.move.to]
            pile = target[-len(played.cards) :]
            del target[-len(played.cards) :]
            assert played.source is not None
            self._cards[played.source].extend(pile)
        self._score -= played.points

    # --- saving -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data: the deal and every action, so ``from_dict`` rebuilds this game."""
        return {
            "variant": self._variant,
            "deal": self._deal_number,
            "deck": list(self._deck),
            "moves": [str(move) for move in self.moves],
            "undoable": len(self._line) - self._floor,
            "redo": [str(move) for move in self.redo_moves],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """The game ``to_dict`` saved. Anything else raises ValueError, never another error.

        The moves are replayed through the rules, so a game that loads is consistent.
        """
        try:
            return cls._from_dict(data)
        except ValueError:
            raise
        except (TypeError, KeyError, AttributeError, IndexError, RecursionError) as error:
            raise ValueError(f"not a saved game: {error}") from error

    @classmethod
    def _from_dict(cls, data: Mapping[str, Any]) -> Game:
        if not isinstance(data, Mapping):
            raise ValueError("a saved game is a JSON object")
        expected = {"variant", "deal", "deck", "moves", "undoable", "redo"}
        if set(data) != expected:
            raise ValueError(f"a saved game has the keys {sorted(expected)}, not {sorted(data)}")
        deck, number = data["deck"], data["deal"]
        if not isinstance(deck, list):
            raise ValueError("the deck must be a list of 52 cards")
        if number is not None and tuple(deck) != deal_deck(check_deal_number(number)):
            raise ValueError(f"the deck is not the deck of deal {number}")
        game = cls(deck, data["variant"], number)
        moves, redo, undoable = data["moves"], data["redo"], data["undoable"]
        for name, value in (("moves", moves), ("redo", redo)):
            if not isinstance(value, list) or not all(isinstance(m, str) for m in value):
                raise ValueError(f"{name} must be a list of moves in notation")
        if len(moves) + len(redo) > MAX_ACTIONS:
            raise LineTooLong(len(moves) + len(redo))
        for number_played, text in enumerate(moves, start=1):
            try:
                game.play(Move.parse(text))
            except IllegalMove as error:
                raise ValueError(f"move {number_played} ({text}) is illegal: {error}") from error
        if isinstance(undoable, bool) or not isinstance(undoable, int):
            raise ValueError("undoable must be a whole number")
        if not 0 <= undoable <= min(UNDO_LIMIT, len(moves)):
            raise ValueError(f"undoable must be 0-{min(UNDO_LIMIT, len(moves))}, not {undoable}")
        game._floor = len(moves) - undoable
        replay = game.copy()
        redo_moves = [Move.parse(text) for text in redo]
        for text, move in zip(redo, redo_moves, strict=True):
            try:
                replay.play(move)
            except IllegalMove as error:
                raise ValueError(f"redo move {text} is illegal: {error}") from error
        game._redo = list(reversed(redo_moves))
        return game

    # --- values -------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # a game changes, so it is not hashable

    def __repr__(self) -> str:
        if self._deal_number is not None:
            text = f"Game.new({self._deal_number}, variant={self._variant!r}"
        else:
            text = f"Game.from_deck({format_deck(self._deck)!r}, variant={self._variant!r}"
        if self._line:
            text += f", moves={format_line(self.moves)!r}"
        return text + ")"

    def __str__(self) -> str:
        """The table as text: ``##`` for a face-down card, columns bottom to top."""
        removed = " ".join(self._removed) or "-"
        header = (
            f"{self._variant}, score {self._score}, reserve {len(self._reserve)}, removed {removed}"
        )
        rows = [
            f"{i + 1}: " + " ".join("##" if j < hidden else card for j, card in enumerate(cards))
            for i, (cards, hidden) in enumerate(zip(self._cards, self._hidden, strict=True))
        ]
        return "\n".join([header, *rows])
