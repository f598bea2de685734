"""Saved data that another page of the origin could have written: ``saves.read`` and
``Game.from_dict`` never raise anything but ValueError (``read`` nothing at all), a line
of play longer than any real game is refused before it is replayed, and two tabs never
lose a win."""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorpion import DEAL, Game, IllegalMove, Move
from scorpion.game import MAX_ACTIONS, LineTooLong
from scorpion.saves import dump, read, reconcile
from scorpion.session import Session

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=25,
)


def saved(game: Game) -> dict[str, Any]:
    return json.loads(dump(Session(game), revision=3, saved_at=1))


def mutate(document: dict[str, Any], path: list[str], value: Any) -> dict[str, Any]:
    """The document with the value at ``path`` (keys into nested objects) replaced."""
    copy = json.loads(json.dumps(document))
    node = copy
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return copy


PATHS = [
    ["format"],
    ["version"],
    ["revision"],
    ["saved_at"],
    ["settings"],
    ["stats"],
    ["stats", "classic"],
    ["current"],
    ["current", "game"],
    ["current", "game", "deck"],
    ["current", "game", "moves"],
    ["current", "game", "redo"],
    ["current", "game", "undoable"],
    ["current", "game", "deal"],
    ["current", "counted"],
    ["current", "elapsed_ms"],
]


@FUZZ
@given(st.text(max_size=300))
def test_read_never_raises_on_any_text(text: str) -> None:
    loaded = read(text)
    assert isinstance(loaded.problems, tuple)


@FUZZ
@given(json_values)
def test_read_never_raises_on_any_json(value: Any) -> None:
    loaded = read(json.dumps(value))
    assert isinstance(loaded.problems, tuple)


@FUZZ
@given(st.sampled_from(PATHS), json_values)
def test_a_tampered_field_is_a_problem_never_an_exception(path: list[str], value: Any) -> None:
    game = Game.new(4, moves=[DEAL])
    loaded = read(json.dumps(mutate(saved(game), path, value)))
    if loaded.session is not None and not loaded.problems:
        assert loaded.session.game.deck == game.deck or path[-1] in ("deck", "deal")


@FUZZ
@given(json_values)
def test_from_dict_raises_only_value_error(value: Any) -> None:
    with contextlib.suppress(ValueError):
        Game.from_dict(value)


@FUZZ
@given(st.sampled_from(["variant", "deal", "deck", "moves", "undoable", "redo"]), json_values)
def test_from_dict_of_a_tampered_game_raises_only_value_error(key: str, value: Any) -> None:
    data = Game.new(9, moves=[DEAL]).to_dict()
    data[key] = value
    with contextlib.suppress(ValueError):
        Game.from_dict(data)


# --- a line longer than any real game ---------------------------------------------------


def test_a_saved_line_over_the_cap_is_refused_before_it_is_replayed() -> None:
    data = Game.new(1).to_dict()
    data["moves"] = ["AS>1"] * 240_000  # illegal as well: never replayed, so never found
    started = time.perf_counter()
    with pytest.raises(LineTooLong):
        Game.from_dict(data)
    assert time.perf_counter() - started < 1.0
    document = {**saved(Game.new(1)), "current": {**saved(Game.new(1))["current"], "game": data}}
    loaded = read(json.dumps(document))
    assert loaded.problems == ("long",) and loaded.session is None
    assert loaded.stats is not None and loaded.settings is not None  # the rest is kept


def test_a_game_that_reaches_the_cap_refuses_more_actions_and_still_saves() -> None:
    game = Game.new(5)
    move = next(m for m in game.legal_moves() if isinstance(m, Move))
    game.play(move)
    game._line = game._line * MAX_ACTIONS  # MAX_ACTIONS actions, cheaply
    assert game.refusal(move) == "too_long"
    with pytest.raises(IllegalMove) as refused:
        game.play(DEAL)
    assert refused.value.reason == "too_long"
    assert game.undo()  # undo still works, and then there is room for one more
    assert game.refusal(DEAL) is None


# --- two tabs -------------------------------------------------------------------------


def won_session() -> Session:
    session = Session(Game.new(7))
    session.play(DEAL)
    session.finished = session.counted = True
    return session


def test_a_win_overtaken_by_a_move_in_the_same_game_is_kept() -> None:
    mine = won_session()
    theirs = Session(Game.new(7), stats=mine.stats)
    theirs.counted = True
    kept = reconcile(mine, theirs)
    assert kept is not None and kept.finished and kept.game is mine.game
    assert kept.stats["classic"].won == 1


def test_a_win_overtaken_by_a_new_game_keeps_that_game_and_counts_the_win() -> None:
    mine = won_session()
    theirs = Session(Game.new(8))
    kept = reconcile(mine, theirs)
    assert kept is not None and kept.game is theirs.game and not kept.finished
    stats = kept.stats["classic"]
    assert stats.won == 1 and stats.played == 1


def test_a_win_already_saved_elsewhere_is_not_counted_twice() -> None:
    mine = won_session()
    assert reconcile(mine, won_session()) is None


def test_no_win_here_means_the_other_tab_wins() -> None:
    assert reconcile(Session(Game.new(7)), won_session()) is None
