"""The player's session: the game in progress, its bookkeeping, settings and statistics.

This is the game manager the browser layer drives: it knows when a game starts to
count, when it is won, and that abandoning a counted game is a loss. It knows no DOM.

>>> from scorpion import DEAL
>>> session = Session.fresh(deal=1)
>>> _ = session.play(DEAL)
>>> session.stats["classic"].played, session.counted
(1, True)
>>> session.new_game(2, "relaxed")
>>> session.stats["classic"].current_streak, session.game.variant
(0, 'relaxed')
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from typing import Any

from .game import Game, Played
from .history import ASSIST_KINDS, GameRecord
from .moves import COLUMNS, Action
from .stats import Stats

LANGUAGE_CODES = ("en", "sv", "de", "zh-TW")
#: The card backs and table colours a player can choose; the first is the default.
CARD_BACKS = ("classic", "blue", "black")
TABLE_COLOURS = ("green", "blue", "red", "grey")
#: The settings that are one of a few names, and their names.
CHOICES: dict[str, tuple[str, ...]] = {"card_back": CARD_BACKS, "table_colour": TABLE_COLOURS}


@dataclass(frozen=True, slots=True)
class Settings:
    """What the player chose. ``language`` None follows the browser; ``winnable_only``:
    a new game with no number typed is drawn from the deals the solver proved winnable;
    ``offer_finish``: once nothing is hidden, offer to play a winning line to the end
    (opt-in: off by default, and a save without it reads as off).

    >>> Settings.from_dict({"timer": True})[0].offer_finish
    False

    ``card_back`` and ``table_colour``: one of ``CARD_BACKS`` and ``TABLE_COLOURS``.

    A save from before a field existed reads with its default:

    >>> settings, bad = Settings.from_dict({"four_colour": True})
    >>> settings.card_back, settings.table_colour, settings.four_colour, bad
    ('classic', 'green', True, [])
    >>> Settings.from_dict({"card_back": "paisley", "table_colour": "blue"})[1]
    ['card_back']
    """

    language: str | None = None
    interactive_rules: bool = True
    four_colour: bool = False
    animations: bool = True
    timer: bool = False
    winnable_only: bool = False
    offer_finish: bool = False
    card_back: str = CARD_BACKS[0]
    table_colour: str = TABLE_COLOURS[0]

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Any) -> tuple[Settings, list[str]]:
        """Read settings field by field: a bad or unknown field falls back to its default.

        Returns the settings and the names of the fields that could not be read.
        """
        if not isinstance(data, dict):
            return cls(), ["settings"]
        values: dict[str, Any] = {}
        bad = sorted(str(key) for key in data if key not in {f.name for f in fields(cls)})
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if f.name == "language":
                ok = value is None or value in LANGUAGE_CODES
            elif f.name in CHOICES:
                ok = isinstance(value, str) and value in CHOICES[f.name]
            else:
                ok = isinstance(value, bool)
            if ok:
                values[f.name] = value
            else:
                bad.append(f.name)
        return cls(**values), bad


@dataclass
class Session:
    """A game with the record of how it counts, and the player's settings and statistics."""

    game: Game
    settings: Settings = field(default_factory=Settings)
    stats: Stats = field(default_factory=Stats)
    counted: bool = False  # the first move was made, so the game is in the statistics
    finished: bool = False  # the win was recorded (undoing it does not take it back)
    elapsed_ms: int = 0  # time spent on this game, added by the interface
    assisted: frozenset[str] = frozenset()  # the help this game had (ASSIST_KINDS)
    clean: bool = True  # no undo took back a card turned face up
    # ms since 1970: when a game ended, for the last games (time.time is the browser's clock)
    now: Callable[[], int] = field(
        default=lambda: int(time.time() * 1000), compare=False, repr=False
    )

    @classmethod
    def fresh(
        cls, deal: int, variant: str = "classic", settings: Settings | None = None
    ) -> Session:
        return cls(Game.new(deal, variant), settings or Settings())

    @property
    def in_progress(self) -> bool:
        """True when starting another game would count this one as lost."""
        return self.counted and not self.finished

    def play(self, move: Action) -> Played:
        """Play a move (IllegalMove if refused) and keep the statistics up to date."""
        played = self.game.play(move)
        self._after_action()
        return played

    def redo(self) -> bool:
        done = self.game.redo()
        if done:
            self._after_action()
        return done

    def undo(self) -> bool:
        hidden = _hidden(self.game)
        done = self.game.undo()
        self._check_clean(hidden)
        return done

    def assist(self, kind: str) -> None:
        """The game in progress had help of ``kind`` (one of ``ASSIST_KINDS``): a win of it
        is marked assisted and kept out of the best figures, averages and streaks.

        >>> session = Session.fresh(deal=1); session.assist("hint"); session.assisted
        frozenset({'hint'})
        >>> session.assist("luck")
        Traceback (most recent call last):
        ...
        ValueError: unknown kind of help 'luck': one of hint, solver_line, auto_finish
        """
        if kind not in ASSIST_KINDS:
            raise ValueError(f"unknown kind of help {kind!r}: one of {', '.join(ASSIST_KINDS)}")
        self.assisted = self.assisted | {kind}

    def _check_clean(self, hidden_before: int) -> None:
        """An undo that hid again a card the player had seen turned up (or the dealt
        reserve) makes the game unclean."""
        if _hidden(self.game) > hidden_before:
            self.clean = False

    def rewind(self, index: int) -> None:
        """Back to the position after the first ``index`` actions of the line of play: the
        same game (it still counts as one), its score that of the position. Within the
        undo history by undoing (redo can replay them); further back by replaying the line
        from the deal.

        >>> from scorpion import Game
        >>> session = Session(Game.new(3, moves="4C>1 5C>2 4H>5"))
        >>> session.rewind(1); session.game.moves, session.game.can_redo
        ((Move('4C', 0),), True)
        """
        game = self.game
        moves = game.moves
        if not 0 <= index <= len(moves):
            raise ValueError(f"no position {index} in a line of {len(moves)} actions")
        back = len(moves) - index
        hidden = _hidden(game)
        if back <= len(game.history):
            for _ in range(back):
                game.undo()
        elif game.deal_number is not None:
            self.game = Game.new(game.deal_number, game.variant, moves[:index])
        else:
            self.game = Game.from_deck(game.deck, game.variant, moves[:index])
        self._check_clean(hidden)

    def _after_action(self) -> None:
        variant = self.game.variant
        if not self.counted:
            self.counted = True
            self.stats = self.stats.updated(variant, self.stats[variant].started())
        if self.game.won and not self.finished:
            self.finished = True
            won = self.stats[variant].won_game(
                score=self.game.score,
                moves=len(self.game.moves),
                elapsed_ms=self.elapsed_ms,
                assisted=bool(self.assisted),
                clean=self.clean,
            )
            self.stats = self.stats.updated(variant, won).recorded(self.record("won"))

    def record(self, result: str) -> GameRecord:
        """The game on the table as one of the last games, ending now with ``result``."""
        game = self.game
        return GameRecord(
            ended_at=max(0, int(self.now())),
            variant=game.variant,
            deal=game.deal_number,
            result=result,
            moves=len(game.moves),
            elapsed_ms=self.elapsed_ms,
            score=game.score,
            assisted=tuple(kind for kind in ASSIST_KINDS if kind in self.assisted),
            clean=self.clean,
        )

    def abandon(self) -> None:
        """Leave the current game: a loss if it counted and was not won."""
        if self.in_progress:
            variant = self.game.variant
            lost = self.stats.updated(variant, self.stats[variant].lost())
            self.stats = lost.recorded(self.record("abandoned"))
        self.counted = self.finished = False
        self._new_bookkeeping()

    def _new_bookkeeping(self) -> None:
        self.elapsed_ms = 0
        self.assisted = frozenset()
        self.clean = True

    def new_game(self, deal: int, variant: str = "classic") -> None:
        game = Game.new(deal, variant)  # built first: a bad number changes nothing
        self.abandon()
        self.game = game

    def new_game_from_deck(self, deck: list[str] | str, variant: str = "classic") -> None:
        game = Game.from_deck(deck, variant)
        self.abandon()
        self.game = game

    def restart(self) -> None:
        """The same deal from the start: a loss if the game counted and was not won,
        unless every move was undone first (then it never counted: its next first move
        counts it again).

        >>> from scorpion import DEAL
        >>> session = Session.fresh(deal=1)
        >>> _ = session.play(DEAL); _ = session.undo(); session.restart()
        >>> session.stats["classic"].played, session.counted
        (0, False)
        """
        game, number = self.game, self.game.deal_number
        if number is None:
            fresh = Game.from_deck(game.deck, game.variant)
        else:
            fresh = Game.new(number, game.variant)
        if self.in_progress and not game.moves:
            variant = game.variant
            self.stats = self.stats.updated(variant, self.stats[variant].unstarted())
            self.counted = False
            self._new_bookkeeping()
        else:
            self.abandon()
        self.game = fresh

    def reset_stats(self) -> None:
        self.stats = Stats()
        # The game in progress no longer counts; its next move counts it again.
        self.counted = self.finished = False

    def with_settings(self, **changes: Any) -> Settings:
        """Change settings (unknown names are a TypeError, as with dataclasses.replace)."""
        self.settings = replace(self.settings, **changes)
        return self.settings

    def add_time(self, ms: int) -> None:
        if ms > 0 and not self.finished:
            self.elapsed_ms += int(ms)


def _hidden(game: Game) -> int:
    """Cards the player has not seen: face down on the table, or in the reserve."""
    return sum(game.hidden_count(column) for column in range(COLUMNS)) + len(game.reserve)
