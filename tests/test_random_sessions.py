"""A random player at the rules level, driven by Hypothesis through a ``Session``: any
interleaving of legal and illegal moves, the deal, undo and redo (in bursts), rewinds,
restarts and new games, help, settings, statistics reset, saves read back, and saves that
are damaged or from another version.

The machine keeps its own model of what the rules and the bookkeeping say, from the
documents (the rules' scoring table, ``scorpion.session`` and ``scorpion.stats``), and after
every step checks the session against it: the 52 cards each there once, the score counted
from the position and the line, the line of play with its undo and redo, the bookkeeping,
the statistics and the last games. Only the documented exceptions are raised, and a refused
call changes nothing.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, fields
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from positions import seed_deal

from scorpion import DEAL, FULL_DECK, MAX_DEAL, UNDO_LIMIT, VARIANTS, Action, Game, Move, suit
from scorpion.game import HIDDEN_COLUMNS, HIDDEN_PER_COLUMN
from scorpion.history import ASSIST_KINDS, LATEST_MS
from scorpion.moves import COLUMNS, IllegalMove, Refusal
from scorpion.saves import VERSION, dump, read
from scorpion.session import CARD_BACKS, LANGUAGE_CODES, TABLE_COLOURS, Session, Settings
from scorpion.stats import Stats, VariantStats

SEED = seed_deal()
SEED_DECK = tuple(SEED["deck"])
LINE = [Move.parse(text) for text in SEED["winning_line"]]  # wins the seed deal
FACE_DOWN_AT_START = 12  # the seeds: 3 face down in each of columns 1-4
# The rules' scoring table (the seeds: 5 a card turned up, 100 a sequence, 5 a card put
# onto one of its suit), written out here rather than imported from the code under test.
TURNED, SEQUENCE, SAME_SUIT = 5, 100, 5
PROBLEMS = {"corrupt", "newer", "game", "stats", "settings", "long", "revision", "recent"}
NO_SESSION = {"corrupt", "newer", "game", "long"}  # a problem that leaves no game to restore

BOOLEAN_SETTINGS = [f.name for f in fields(Settings) if isinstance(f.default, bool)]
setting_changes = st.one_of(
    st.tuples(st.just("language"), st.sampled_from([None, *LANGUAGE_CODES])),
    st.tuples(st.sampled_from(BOOLEAN_SETTINGS), st.booleans()),
    st.tuples(st.just("card_back"), st.sampled_from(CARD_BACKS)),
    st.tuples(st.just("table_colour"), st.sampled_from(TABLE_COLOURS)),
)
variants = st.sampled_from(VARIANTS)


class HandClock:
    """A clock for the last games' ``ended_at``: each reading one second later."""

    def __init__(self) -> None:
        self.ms = 1_764_489_600_000

    def __call__(self) -> int:
        self.ms += 1_000
        return self.ms


def position(game: Game) -> tuple[Any, ...]:
    return game.columns, game.reserve, game.removed, game.score


def face_down(game: Game) -> int:
    return sum(game.hidden_count(column) for column in range(COLUMNS))


def unseen(game: Game) -> int:
    """Cards the player has not seen: face down on the table or in the reserve."""
    return face_down(game) + len(game.reserve)


def fingerprint(session: Session) -> tuple[Any, ...]:
    """Everything a call could change, for checking that a refused one changed nothing."""
    game = session.game
    return dump(session, revision=0, saved_at=0), position(game), game.history, game.redo_moves


@dataclass(frozen=True)
class Step:
    """One action of the line of play as the model saw it played."""

    move: Action
    before: tuple[Any, ...]  # the position it was played from
    same_suit: bool  # put onto a card of its own suit


@dataclass
class Tally:
    """One variant's statistics as the model counts them."""

    played: int = 0
    won: int = 0
    lost: int = 0
    current_streak: int = 0
    longest_streak: int = 0
    clean_wins: int = 0
    assisted_wins: int = 0


class RandomSessions(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.clock = HandClock()
        self.session = Session(Game.new(1), now=self.clock)
        self.tallies = {variant: Tally() for variant in VARIANTS}
        # The last games, newest first: (variant, deal, result, moves, ms, score, help, clean).
        self.records: list[tuple[Any, ...]] = []
        self.settings = Settings()
        self.counted = self.finished = False
        self._new_game_model()

    def _new_game_model(self) -> None:
        self.line: list[Step] = []
        self.undone: list[Action] = []  # the next one to redo last
        self.floor = 0  # actions before this index can no longer be undone
        self.elapsed = 0
        self.assisted: set[str] = set()
        self.clean = True

    @property
    def game(self) -> Game:
        return self.session.game

    # --- the model's events ---------------------------------------------------------------

    def _push(self, move: Action, before: tuple[Any, ...], same_suit: bool) -> None:
        self.line.append(Step(move, before, same_suit))
        self.floor = max(self.floor, len(self.line) - UNDO_LIMIT)
        tally = self.tallies[self.game.variant]
        if not self.counted:
            self.counted = True
            tally.played += 1
        if self.game.won and not self.finished:
            self.finished = True
            tally.won += 1
            tally.clean_wins += self.clean
            if self.assisted:
                tally.assisted_wins += 1
            else:
                tally.current_streak += 1
                tally.longest_streak = max(tally.longest_streak, tally.current_streak)
            self._record("won")

    def _record(self, result: str) -> None:
        game = self.game
        kinds = tuple(kind for kind in ASSIST_KINDS if kind in self.assisted)
        entry = (game.variant, game.deal_number, result, len(game.moves), self.elapsed)
        self.records.insert(0, (*entry, game.score, kinds, self.clean))

    def _abandon(self) -> None:
        if self.counted and not self.finished:
            tally = self.tallies[self.game.variant]
            tally.lost += 1
            tally.current_streak = 0
            self._record("abandoned")
        self.counted = self.finished = False

    def _act(self, move: Action, redo: bool = False) -> None:
        """Play ``move`` (or redo it) and check the position it gave."""
        game = self.game
        before = position(game)
        target = game.columns[move.to] if isinstance(move, Move) else ()
        same_suit = (
            isinstance(move, Move) and bool(target) and suit(target[-1][0]) == suit(move.card)
        )
        if redo:
            assert self.session.redo()
        else:
            played = self.session.play(move)
            assert played.move == move
            self.undone.clear()
        assert self.game.moves[-1] == move
        self._push(move, before, same_suit)

    def _undo_model(self) -> None:
        step = self.line.pop()
        self.undone.append(step.move)
        assert position(self.game) == step.before

    def _refused(self, error: type[Exception], call: Any, *args: Any, **kwargs: Any) -> Any:
        before = fingerprint(self.session)
        with pytest.raises(error) as raised:
            call(*args, **kwargs)
        assert fingerprint(self.session) == before
        return raised.value

    # --- play ----------------------------------------------------------------------------

    @initialize(deal=st.none() | st.integers(1, MAX_DEAL), variant=variants)
    def deal_a_game(self, deal: int | None, variant: str) -> None:
        if deal is None:
            self.session.new_game_from_deck(list(SEED_DECK), variant)
        else:
            self.session.new_game(deal, variant)

    @precondition(lambda self: self.game.legal_moves())
    @rule(count=st.integers(1, 150), rng=st.randoms(use_true_random=False))
    def play_legal_moves(self, count: int, rng: random.Random) -> None:
        """A burst of random legal actions: long enough, at times, to pass the undo limit."""
        for _ in range(count):
            moves = self.game.legal_moves()
            if not moves:
                break
            self._act(rng.choice(moves))

    @rule(card=st.sampled_from(FULL_DECK), to=st.integers(0, COLUMNS - 1))
    def play_any_move(self, card: str, to: int) -> None:
        """Mostly refused: IllegalMove (a ValueError) with the rules' reason, nothing changed."""
        move = Move(card, to)
        if move in self.game.legal_moves():
            self._act(move)
            return
        error = self._refused(IllegalMove, self.session.play, move)
        assert isinstance(error, ValueError) and error.move == move
        assert error.reason == self.game.refusal(move) and error.reason != Refusal.TOO_LONG

    @rule()
    def deal_the_reserve(self) -> None:
        if self.game.reserve:
            self._act(DEAL)
        else:
            error = self._refused(IllegalMove, self.session.play, DEAL)
            assert error.reason == Refusal.RESERVE_DEALT

    def _on_the_line(self) -> bool:
        moves = self.game.moves
        return (
            self.game.deck == SEED_DECK
            and len(moves) < len(LINE)
            and list(moves) == LINE[: len(moves)]
        )

    @rule(
        variant=variants,
        kind=st.sampled_from([None, *ASSIST_KINDS]),
        played=st.sampled_from([0, 9, 30, 49, len(LINE)]),
    )
    def deal_the_seed(self, variant: str, kind: str | None, played: int) -> None:
        """The deal with a known winning line, so that games are won too (with help or
        without): dealt, and its line played up to ``played`` actions."""
        self._abandon()
        self.session.new_game_from_deck(list(SEED_DECK), variant)
        self._new_game_model()
        if kind is not None:
            self.session.assist(kind)
            self.assisted.add(kind)
        for move in LINE[:played]:
            self._act(move)

    @precondition(_on_the_line)
    @rule(count=st.integers(1, len(LINE)))
    def follow_the_winning_line(self, count: int) -> None:
        for move in LINE[len(self.game.moves) :][:count]:
            self._act(move)

    # --- undo, redo, rewind ---------------------------------------------------------------

    @rule(count=st.integers(1, 4))
    def undo(self, count: int) -> None:
        for _ in range(count):
            if len(self.line) <= self.floor:
                before = fingerprint(self.session)
                assert not self.session.undo()
                assert fingerprint(self.session) == before
                continue
            hidden = unseen(self.game)
            assert self.session.undo()
            self._undo_model()
            if unseen(self.game) > hidden:
                self.clean = False

    @rule(count=st.integers(1, 12))
    def redo(self, count: int) -> None:
        for _ in range(count):
            if not self.undone:
                before = fingerprint(self.session)
                assert not self.session.redo()
                assert fingerprint(self.session) == before
                continue
            self._act(self.undone.pop(), redo=True)

    @rule(choice=st.integers(0, 10_000))
    def rewind(self, choice: int) -> None:
        """Back to any position of the line: within the undo history or past it."""
        self._rewind(choice % (len(self.line) + 1))

    def _rewind(self, index: int) -> None:
        expected = self.line[index].before if index < len(self.line) else position(self.game)
        hidden = unseen(self.game)
        within = index >= self.floor  # back no further than the undo history
        self.session.rewind(index)
        assert position(self.game) == expected
        if within:
            while len(self.line) > index:
                self.undone.append(self.line.pop().move)
        else:  # replayed from the deal: a new undo history, nothing to redo
            del self.line[index:]
            self.undone = []
            self.floor = max(0, index - UNDO_LIMIT)
        if unseen(self.game) > hidden:
            self.clean = False

    # --- new games --------------------------------------------------------------------------

    @rule(undo_all=st.booleans())
    def restart(self, undo_all: bool) -> None:
        """The same deal again; at times with every move taken back first, when a game
        that counted no longer counts (unless it was won)."""
        if undo_all:
            self._rewind(0)
        deck, number, variant = self.game.deck, self.game.deal_number, self.game.variant
        if self.counted and not self.finished and not self.game.moves:
            tally = self.tallies[variant]  # every move undone: it never counted
            tally.played = max(tally.played - 1, tally.won)
            self.counted = False
        else:
            self._abandon()
        self.session.restart()
        self._new_game_model()
        assert (self.game.deck, self.game.deal_number, self.game.variant) == (deck, number, variant)
        assert self.game.moves == () and self.game.score == 0

    @rule(deal=st.integers(1, MAX_DEAL), variant=variants)
    def new_game(self, deal: int, variant: str) -> None:
        self._abandon()
        self.session.new_game(deal, variant)
        self._new_game_model()
        assert (self.game.deal_number, self.game.variant, self.game.moves) == (deal, variant, ())

    # --- help, time, settings, statistics ---------------------------------------------------

    @rule(kind=st.sampled_from(ASSIST_KINDS))
    def assist(self, kind: str) -> None:
        self.session.assist(kind)
        self.assisted.add(kind)

    @rule(ms=st.integers(-1_000, 10**7))
    def add_time(self, ms: int) -> None:
        self.session.add_time(ms)
        if ms > 0 and not self.finished:
            self.elapsed += ms

    @rule(change=setting_changes)
    def change_a_setting(self, change: tuple[str, Any]) -> None:
        name, value = change
        self.session.with_settings(**{name: value})
        self.settings = Settings(**{**self.settings.to_dict(), name: value})

    @rule()
    def reset_statistics(self) -> None:
        self.session.reset_stats()
        self.tallies = {variant: Tally() for variant in VARIANTS}
        self.records = []
        self.counted = self.finished = False

    @rule(
        call=st.sampled_from(
            [
                ("new_game", 0, "classic"),
                ("new_game", -1, "relaxed"),
                ("new_game", MAX_DEAL + 1, "classic"),
                ("new_game", True, "classic"),
                ("new_game", 2.0, "classic"),
                ("new_game", "7", "classic"),
                ("new_game", None, "relaxed"),
                ("new_game", 7, "wasp"),
                ("new_game_from_deck", "twice", "classic"),
                ("new_game_from_deck", "short", "relaxed"),
                ("new_game_from_deck", "whole", "wasp"),
                ("assist", "luck", None),
                ("assist", "HINT", None),
                ("rewind", "before", None),
                ("rewind", "after", None),
                ("with_settings", "sound", True),
            ]
        )
    )
    def a_refused_call(self, call: tuple[str, Any, Any]) -> None:
        """A bad deal number, deck, variant, kind of help, position or setting: the
        documented exception (TypeError for a setting, as ``dataclasses.replace``; else a
        ValueError), and nothing changed."""
        name, first, second = call
        method = getattr(self.session, name)
        if name == "new_game_from_deck":
            deck = list(SEED_DECK)
            if first == "twice":
                deck[5] = deck[6]
            elif first == "short":
                deck.pop()
            self._refused(ValueError, method, deck, second)
        elif name == "assist":
            self._refused(ValueError, method, first)
        elif name == "rewind":
            self._refused(ValueError, method, -1 if first == "before" else len(self.line) + 1)
        elif name == "with_settings":
            self._refused(TypeError, method, **{first: second})
        else:
            self._refused(ValueError, method, first, second)

    # --- saves ------------------------------------------------------------------------------

    @rule(revision=st.integers(0, 2**53), saved_at=st.integers(0, 2**53))
    def save_and_load(self, revision: int, saved_at: int) -> None:
        """The saved text read back is the session in memory; play goes on with it."""
        text = dump(self.session, revision=revision, saved_at=saved_at)
        loaded = read(text)
        # A time that cannot be true (past the year 9999) is read as none said.
        said_at = saved_at if saved_at <= LATEST_MS else 0
        assert (loaded.problems, loaded.revision, loaded.saved_at) == ((), revision, said_at)
        again = loaded.session
        assert again is not None
        assert loaded.settings == again.settings == self.session.settings
        assert loaded.stats == again.stats == self.session.stats
        game, mine = again.game, self.game
        assert game == mine and position(game) == position(mine)
        assert (game.deck, game.deal_number, game.variant) == (
            mine.deck,
            mine.deal_number,
            mine.variant,
        )
        assert (game.moves, game.history, game.redo_moves) == (
            mine.moves,
            mine.history,
            mine.redo_moves,
        )
        for name in ("counted", "finished", "elapsed_ms", "assisted", "clean"):
            assert getattr(again, name) == getattr(self.session, name), name
        assert dump(again, revision=revision, saved_at=saved_at) == text
        again.now = self.clock
        self.session = again

    @rule()
    def load_this_game_saved_by_an_older_version(self) -> None:
        """Version 1 (no help marks, no last games, fewer figures) and version 0 (the bare
        game) are migrated: the game comes back, the rest as documented in ``saves``."""
        mine = self.session
        data = json.loads(dump(mine, revision=4, saved_at=1))
        data["version"] = 1
        added = ("clean_wins", "assisted_wins", "averaged_wins", "moves_total", "time_total_ms")
        for variant in VARIANTS:
            for name in added:
                del data["stats"][variant][name]
        del data["stats"]["recent"], data["current"]["assisted"], data["current"]["clean"]
        loaded = self._read_only(json.dumps(data))
        session = loaded.session
        assert session is not None and session.game == mine.game
        assert session.settings == loaded.settings == mine.settings
        assert (session.counted, session.finished, session.elapsed_ms) == (
            mine.counted,
            mine.finished,
            mine.elapsed_ms,
        )
        assert session.assisted == frozenset() and session.clean
        # Version 1 knew no assisted wins, so each of its wins set a best score: a win
        # without one (only assisted wins here) cannot be true there, and is refused.
        if any(mine.stats[v].won and mine.stats[v].best_score is None for v in VARIANTS):
            assert loaded.problems == ("stats",) and session.stats == Stats()
        else:
            assert loaded.problems == () and session.stats.recent == ()
            for variant in VARIANTS:
                had = mine.stats[variant].to_dict()
                expected = {name: 0 if name in added else had[name] for name in had}
                assert session.stats[variant].to_dict() == expected

        bare = self._read_only(json.dumps(self.game.to_dict()))
        assert bare.problems == () and bare.session is not None
        assert bare.session.game == self.game and not bare.session.counted
        assert bare.session.stats == Stats() and bare.session.settings == Settings()

    @rule(
        damage=st.sampled_from(["cut", "newer", "changed"]),
        at=st.integers(0, 10**6),
        junk=st.sampled_from(['"', "{", "]", ",", ":", "0", "9", "-", "x", "t", "n", " ", "\\"]),
    )
    def load_a_damaged_save(self, damage: str, at: int, junk: str) -> None:
        """A save cut short is corrupt (cut to nothing: nothing saved); one from a newer
        version is not read; one with a character changed never raises, has only the
        documented problems, and whatever game it gives back is a whole one."""
        text = dump(self.session, revision=1, saved_at=1)
        at %= len(text)
        if damage == "cut":
            loaded = self._read_only(text[:at])
            assert loaded.problems == (("corrupt",) if at else ()) and loaded.session is None
            assert loaded.settings == Settings() and loaded.stats == Stats()
            return
        if damage == "newer":
            data = json.loads(text)
            data["version"] = VERSION + 1 + at
            loaded = self._read_only(json.dumps(data))
            assert loaded.problems == ("newer",) and loaded.session is None
            return
        loaded = self._read_only(text[:at] + junk + text[at + 1 :])
        assert set(loaded.problems) <= PROBLEMS
        assert (loaded.session is None) == bool(NO_SESSION & set(loaded.problems))
        assert Stats.from_dict(loaded.stats.to_dict()) == loaded.stats
        if loaded.session is not None:
            game = loaded.session.game
            check_cards(game)
            assert Game.from_dict(game.to_dict()) == game
            again = read(dump(loaded.session, revision=2, saved_at=1))
            assert again.problems == () and again.session is not None
            assert again.session.game == game and again.stats == loaded.stats

    def _read_only(self, text: str) -> Any:
        """``read`` the text: the session in memory stays as it was."""
        before = fingerprint(self.session)
        loaded = read(text)
        assert fingerprint(self.session) == before
        return loaded

    # --- after every step -------------------------------------------------------------------

    @invariant()
    def every_card_is_there_once(self) -> None:
        check_cards(self.game)

    @invariant()
    def the_score_is_the_rules_count(self) -> None:
        game = self.game
        turned = FACE_DOWN_AT_START - face_down(game)
        same_suit = sum(step.same_suit for step in self.line)
        assert game.score == TURNED * turned + SEQUENCE * len(game.removed) + SAME_SUIT * same_suit

    @invariant()
    def the_line_undo_and_redo_are_the_models(self) -> None:
        game = self.game
        assert game.moves == tuple(step.move for step in self.line)
        assert game.redo_moves == tuple(reversed(self.undone))
        assert len(game.history) == len(self.line) - self.floor <= UNDO_LIMIT
        assert game.can_undo == (len(self.line) > self.floor)
        assert game.can_redo == bool(self.undone)
        assert game.won == (len(game.removed) == 4)
        assert all(game.refusal(move) is None for move in game.legal_moves())

    @invariant()
    def undo_then_redo_gives_the_same_game(self) -> None:
        game = self.game
        copy = game.copy()
        if copy.undo():
            assert copy.redo()
            assert copy == game and position(copy) == position(game)
            assert copy.history == game.history
        # The other way round the same position, but at the undo limit the redone action
        # pushed the oldest one out of the undo history, and the undo does not bring it back.
        copy = game.copy()
        if copy.redo():
            assert copy.undo()
            assert position(copy) == position(game) and copy.moves == game.moves
            assert copy.redo_moves == game.redo_moves
            at_limit = len(game.history) == UNDO_LIMIT
            assert copy.history == (game.history[1:] if at_limit else game.history)

    @invariant()
    def the_bookkeeping_is_the_models(self) -> None:
        session = self.session
        assert (session.counted, session.finished) == (self.counted, self.finished)
        assert session.elapsed_ms == self.elapsed and session.assisted == self.assisted
        assert session.clean == self.clean and session.settings == self.settings
        assert not session.finished or session.counted
        assert not (session.counted and self.game.won) or session.finished

    @invariant()
    def the_statistics_add_up(self) -> None:
        stats = self.session.stats
        for variant, tally in self.tallies.items():
            figures = stats[variant]
            assert VariantStats.from_dict(figures.to_dict()) == figures  # its own checks
            for name in ("played", "won", "current_streak", "longest_streak"):
                assert getattr(figures, name) == getattr(tally, name), (variant, name)
            assert (figures.clean_wins, figures.assisted_wins) == (
                tally.clean_wins,
                tally.assisted_wins,
            )
            in_progress = self.counted and not self.finished and self.game.variant == variant
            assert figures.played == figures.won + tally.lost + in_progress
            results = Counter(r.result for r in stats.recent if r.variant == variant)
            assert (results["won"], results["abandoned"]) == (figures.won, tally.lost)
        recent = [
            (r.variant, r.deal, r.result, r.moves, r.elapsed_ms, r.score, r.assisted, r.clean)
            for r in stats.recent
        ]
        assert recent == self.records
        ended = [record.ended_at for record in stats.recent]
        assert ended == sorted(ended, reverse=True) and len(set(ended)) == len(ended)


def check_cards(game: Game) -> None:
    """The 52 cards each once, over the columns, the reserve and the removed sequences;
    face-down cards only at the bottom of the first columns, never on top."""
    on_table = [card for column in game.columns for card, _up in column]
    removed = [rank + s for s in game.removed for rank in "A23456789TJQK"]
    assert Counter(on_table + list(game.reserve) + removed) == Counter(FULL_DECK)
    assert len(game.reserve) in (0, 3)
    for index, column in enumerate(game.columns):
        faces = [up for _card, up in column]
        assert faces == sorted(faces) and (not column or column[-1][1])
        limit = HIDDEN_PER_COLUMN if index < HIDDEN_COLUMNS else 0
        assert game.hidden_count(index) <= limit


RandomSessions.TestCase.settings = settings(
    max_examples=30,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestRandomSessions = RandomSessions.TestCase
