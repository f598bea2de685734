"""to_dict / from_dict: the same game back, and nothing but ValueError for bad data."""

from __future__ import annotations

import json

import pytest
from positions import seed_deal

from scorpion import DEAL, UNDO_LIMIT, Game, Move

SEED = seed_deal()


def played_game() -> Game:
    game = Game.from_deck(SEED["deck"])
    game.play_line(" ".join(SEED["winning_line"][:20]))
    game.undo()
    game.undo()
    return game


def test_a_saved_game_comes_back_the_same_with_its_undo_and_redo():
    game = played_game()
    data = json.loads(json.dumps(game.to_dict()))
    again = Game.from_dict(data)
    assert again == game
    assert again.columns == game.columns and again.score == game.score
    assert again.redo_moves == game.redo_moves and again.history == game.history
    assert again.undo() and game.undo()
    assert again == game
    assert again.redo() and again.redo() and again.redo()
    assert again.moves[-3:] == tuple(Move.parse(m) for m in SEED["winning_line"][17:20])


def test_a_numbered_deal_saves_its_number():
    game = Game.new(42, "relaxed")
    game.play(DEAL)
    data = game.to_dict()
    assert data["deal"] == 42 and data["variant"] == "relaxed" and data["moves"] == ["deal"]
    assert Game.from_dict(data).deal_number == 42


def test_the_undo_limit_survives_saving():
    game = Game.new(1, "relaxed")  # the two of hearts can shuttle between columns 6 and 7
    assert game.destinations("2H") == [5, 6]
    for i in range(UNDO_LIMIT + 30):
        game.play(Move("2H", 5 + i % 2))
    again = Game.from_dict(game.to_dict())
    assert len(again.history) == UNDO_LIMIT
    assert sum(again.undo() for _ in range(UNDO_LIMIT + 5)) == UNDO_LIMIT
    assert len(again.moves) == 30


def good() -> dict:
    return played_game().to_dict()


BAD = [
    ("not a mapping", lambda d: [d], "JSON object"),
    ("missing key", lambda d: {k: v for k, v in d.items() if k != "moves"}, "keys"),
    ("extra key", lambda d: {**d, "cheat": 1}, "keys"),
    ("deck not a list", lambda d: {**d, "deck": "TS2D"}, "list of 52"),
    ("short deck", lambda d: {**d, "deck": d["deck"][:51]}, "52 cards"),
    ("unknown card", lambda d: {**d, "deck": ["XX", *d["deck"][1:]]}, "unknown card"),
    ("deck of another deal", lambda d: {**d, "deal": 7}, "not the deck of deal 7"),
    ("bad deal number", lambda d: {**d, "deal": -3}, "deal number"),
    ("bad variant", lambda d: {**d, "variant": "wasp"}, "variant"),
    ("moves not a list", lambda d: {**d, "moves": "4H>7"}, "list of moves"),
    ("move not text", lambda d: {**d, "moves": [17]}, "list of moves"),
    ("unreadable move", lambda d: {**d, "moves": ["4H>9"]}, "not a move"),
    ("illegal move", lambda d: {**d, "moves": ["5H>1"]}, "move 1 .5H>1. is illegal"),
    ("undoable too big", lambda d: {**d, "undoable": 101}, "undoable must be"),
    ("undoable negative", lambda d: {**d, "undoable": -1}, "undoable must be"),
    ("undoable not a number", lambda d: {**d, "undoable": "5"}, "whole number"),
    ("undoable a bool", lambda d: {**d, "undoable": True}, "whole number"),
    ("illegal redo", lambda d: {**d, "redo": ["deal", "deal"]}, "redo move deal is illegal"),
    ("redo not a list", lambda d: {**d, "redo": None}, "list of moves"),
]


@pytest.mark.parametrize(("name", "mutate", "message"), BAD, ids=[b[0] for b in BAD])
def test_data_that_is_not_a_consistent_game_is_a_value_error(name, mutate, message):
    with pytest.raises(ValueError, match=message):
        Game.from_dict(mutate(good()))


@pytest.mark.parametrize("junk", [None, 3, "game", [], {}, {"deck": None}, {"a": {"b": []}}])
def test_junk_is_a_value_error(junk):
    with pytest.raises(ValueError):
        Game.from_dict(junk)  # type: ignore[arg-type]
