"""The hint search in slices, against the solver."""

from __future__ import annotations

import json
from pathlib import Path

from webapp.hints import Search

from scorpion import Game, Move

SEED = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "seed-deal.json").read_text())


def answer(game: Game):
    search = Search(game)
    for _ in range(10_000):
        found = search.step()
        if found is not None:
            return found
    raise AssertionError("the search never answered")


def test_hint_on_a_winnable_deal_is_a_legal_move_of_a_winning_line() -> None:
    game = Game.from_deck(SEED["deck"])
    found = answer(game)
    assert found.move is not None and game.is_legal(found.move)


def test_hint_near_the_end_is_the_last_move() -> None:
    game = Game.from_deck(SEED["deck"], moves=" ".join(SEED["winning_line"][:-1]))
    found = answer(game)
    assert found.move == Move.parse(SEED["winning_line"][-1]) and found.proved


def test_search_notices_the_player_moving_on() -> None:
    game = Game.from_deck(SEED["deck"])
    search = Search(game)
    game.play(Move("4H", 6))
    assert search.stale(game)


def test_search_notices_another_game_with_no_moves_either() -> None:
    game = Game.from_deck(SEED["deck"])
    search = Search(game)
    assert not search.stale(game)
    assert search.stale(Game.from_deck(SEED["deck"]))  # a restart: the same deal, anew
    assert search.stale(Game.new(42))  # a new game
