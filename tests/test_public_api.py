"""The public names that tests outside the project drive, exactly as the issues fix them."""

from __future__ import annotations

import json

import pytest
from positions import seed_deal

import scorpion
from scorpion import DEAL, Game, IllegalMove, Move, describe, describe_move

SEED = seed_deal()


def test_the_fixed_names_are_importable_from_the_package():
    for name in ("Game", "Move", "DEAL", "IllegalMove", "describe", "describe_move"):
        assert name in scorpion.__all__
    assert callable(describe) and callable(describe_move)
    assert issubclass(IllegalMove, ValueError)


def test_a_game_driven_only_through_the_public_api():
    game = Game.from_deck(SEED["deck"], variant="classic")
    assert game.variant == "classic"
    assert len(game.columns) == 7 and all(isinstance(c, tuple) for c in game.columns)
    assert game.columns[0][0] == ("TS", False) and game.columns[0][3] == ("3D", True)
    assert game.reserve == tuple(SEED["deck"][49:52])
    assert game.removed == () and game.score == 0 and game.won is False
    assert Move("4H", 6) in game.legal_moves() and DEAL in game.legal_moves()
    assert describe_move(game, Move("4H", 6), "en").startswith("4♥ from column 2 onto 5♥")
    game.play(Move("4H", 6))
    seed_text = (
        "reserv: 3 dolda kort; ingen sekvens borttagen. kolumn 1: 3 dolda kort, sedan ruter 3"
    )
    assert describe(game, "sv").startswith(seed_text)
    assert describe(game, "sv").endswith("hjärter 5, hjärter 4, spader 7.")
    assert game.undo() is True and game.redo() is True and game.redo() is False
    data = json.loads(json.dumps(game.to_dict()))
    assert Game.from_dict(data) == game


@pytest.mark.parametrize(
    ("columns", "move", "reason"),
    [
        (("QH", ""), Move("QH", 1), "king_only"),
        (("7H", "8S"), Move("7H", 1), "same_suit"),
    ],
)
def test_the_two_refusals_the_seeds_name(columns, move, reason):
    from positions import make_game

    game = make_game(*columns, "2C", "3C", "4C", "5C", "6C")
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    assert caught.value.reason == reason


def test_numbered_deals_and_the_relaxed_variant():
    game = Game.new(123, variant="relaxed")
    assert game.variant == "relaxed" and game.deal_number == 123
    assert Game.new(123, variant="relaxed").deck == game.deck
    with pytest.raises(ValueError, match="unknown variant"):
        Game.new(123, variant="wasp")
