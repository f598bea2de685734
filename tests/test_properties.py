"""Property tests: long random games with undo, redo and save/load mixed in."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorpion import DEAL, FULL_DECK, MAX_DEAL, Action, Game, Move, Played, rank, suit
from scorpion.game import POINTS_SAME_SUIT, POINTS_SEQUENCE, POINTS_TURNED

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def snapshot(game: Game) -> tuple[Any, ...]:
    return game.columns, game.reserve, game.removed, game.score, game.won


def check_invariants(game: Game) -> None:
    on_table = [card for column in game.columns for card, _up in column]
    in_sequences = [r + s for s in game.removed for r in "A23456789TJQK"]
    assert sorted(on_table + list(game.reserve) + in_sequences) == sorted(FULL_DECK)
    for column in game.columns:
        faces = [up for _card, up in column]
        assert faces == sorted(faces), "a face-down card lies on a face-up one"
        assert not column or column[-1][1], "a face-down card was left on top"
    assert len(game.reserve) in (0, 3)
    assert (DEAL in game.legal_moves()) == bool(game.reserve)
    assert game.won == (len(game.removed) == 4)
    assert len(game.history) <= 100


def expected_points(before: Game, move: Action, played: Played) -> int:
    """What the seeds' scoring table gives for this event, counted independently."""
    points = POINTS_TURNED * len(played.turned) + POINTS_SEQUENCE * len(played.removed)
    if isinstance(move, Move):
        target = before.columns[move.to]
        if target and suit(target[-1][0]) == suit(move.card):
            points += POINTS_SAME_SUIT
    return points


actions = st.lists(
    st.one_of(
        st.tuples(st.just("play"), st.integers(min_value=0, max_value=10_000)),
        st.tuples(st.sampled_from(["undo", "redo", "save"]), st.just(0)),
    ),
    min_size=20,
    max_size=250,
)


@SETTINGS
@given(
    number=st.integers(min_value=1, max_value=MAX_DEAL),
    variant=st.sampled_from(["classic", "relaxed"]),
    steps=actions,
)
def test_random_games_keep_every_invariant(number, variant, steps):
    game = Game.new(number, variant)
    earlier: list[tuple[Any, ...]] = []  # the snapshot before each undoable action
    total = 0
    for kind, choice in steps:
        if kind == "play":
            moves = game.legal_moves()
            if not moves:
                continue
            move = moves[choice % len(moves)]
            before = game.copy()
            played = game.play(move)
            assert played.points == expected_points(before, move, played)
            assert played.move == move
            earlier.append(snapshot(before))
            total += played.points
        elif kind == "undo":
            last = game.history[-1] if game.history else None
            if game.undo():
                assert last is not None
                total -= last.points
                assert snapshot(game) == earlier.pop()
        elif kind == "redo":
            if game.can_redo:
                before = snapshot(game)
                assert game.redo()
                total += game.history[-1].points
                earlier.append(before)
        else:
            again = Game.from_dict(json.loads(json.dumps(game.to_dict())))
            assert again == game and snapshot(again) == snapshot(game)
            game = again
        del earlier[: max(0, len(earlier) - 100)]
        assert len(earlier) == len(game.history)
        assert game.score == total
        assert game.score >= 0
        check_invariants(game)


def mutations(data: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    json_values = st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=6),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
        max_leaves=6,
    )
    keys = sorted(data)
    replace = st.tuples(st.just("replace"), st.sampled_from(keys), json_values)
    drop = st.tuples(st.just("drop"), st.sampled_from(keys), st.none())
    swap_moves = st.tuples(st.just("swap"), st.sampled_from(["moves", "redo", "deck"]), st.none())
    edit_move = st.tuples(
        st.just("edit"),
        st.sampled_from(["moves", "redo"]),
        st.sampled_from(["deal", "4H>7", "KS>1", "AD>2", "", "QS>9", "9C>4"]),
    )
    return st.lists(st.one_of(replace, drop, swap_moves, edit_move), min_size=1, max_size=3)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_mutated_saves_give_value_error_or_a_consistent_game(data):
    game = Game.new(data.draw(st.integers(min_value=1, max_value=500)))
    for _ in range(data.draw(st.integers(min_value=0, max_value=40))):
        moves = game.legal_moves()
        if moves:
            game.play(moves[data.draw(st.integers(min_value=0, max_value=len(moves) - 1))])
    for _ in range(data.draw(st.integers(min_value=0, max_value=5))):
        game.undo()
    saved = json.loads(json.dumps(game.to_dict()))
    for kind, key, value in data.draw(mutations(saved)):
        if kind == "replace":
            saved[key] = value
        elif kind == "drop":
            saved.pop(key, None)
        elif kind == "swap" and isinstance(saved.get(key), list) and len(saved[key]) > 1:
            items = saved[key]
            i = data.draw(st.integers(min_value=0, max_value=len(items) - 2))
            items[i], items[i + 1] = items[i + 1], items[i]
        elif kind == "edit" and isinstance(saved.get(key), list):
            items = saved[key]
            items.insert(data.draw(st.integers(min_value=0, max_value=len(items))), value)
    try:
        loaded = Game.from_dict(saved)
    except ValueError:
        return
    check_invariants(loaded)
    assert Game.from_dict(loaded.to_dict()) == loaded


def test_the_deck_holds_each_of_the_52_cards_exactly_once():
    """Each (rank, suit) pair once: a card twice in place of another fails here."""
    assert len(FULL_DECK) == 52
    assert Counter((rank(c), suit(c)) for c in FULL_DECK) == Counter(
        {(number, s): 1 for number in range(1, 14) for s in "SHDC"}
    )
    assert Counter(FULL_DECK) == Counter(r + s for r in "A23456789TJQK" for s in "SHDC")
