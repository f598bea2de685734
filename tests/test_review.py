"""Stuck, the way back, and where a game was lost."""

from __future__ import annotations

import random

import pytest
from positions import make_game, run
from test_knowledge import rehide

from scorpion import DEAL, Game, parse_line
from scorpion.knowledge import View
from scorpion.review import LossSearch, LostAt, lost_at, stuck, way_back
from scorpion.solver import solve

KING_TO_5 = "KC QC JC TC 9C 8C 7C 6C 5C"
DIAMONDS = ("KD QD JD", "TD 9D 8D", "7D 6D 5D 4D 3D 2D AD")


def test_nothing_frees_the_face_down_cards_so_it_is_stuck_and_lost():
    game = make_game(KING_TO_5, "#4C AC", "#2C 3C", removed="SHD")
    assert game.legal_moves()  # the King can still go to an empty column, and back
    assert stuck(game) and stuck(View.of(game))
    assert solve(game, 30.0).status == "lost"


def test_progress_after_rearranging_first_is_not_stuck():
    # AC onto 2C (or TD 9D 8D onto JD) empties a column; then the King's pile can go
    # there and turn 4C.
    game = make_game("#4C " + KING_TO_5, "3C 2C", "AC", *DIAMONDS, run("S"), removed="H")
    assert not any(move for move in game.legal_moves() if game.copy().play(move).turned)
    assert not stuck(game)


def test_never_stuck_while_the_reserve_can_be_dealt_or_once_won():
    assert not stuck(Game.new(1))
    won = make_game(removed="SHDC")
    assert won.won and not stuck(won)


def play_until_stuck(number: int, variant: str, moves: int = 80) -> Game | None:
    rng = random.Random(number)
    game = Game.new(number, variant, moves=[DEAL])
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            return None
        game.play(rng.choice(legal))
        if stuck(game):
            return game
    return None


@pytest.mark.parametrize("number", range(1, 13))
def test_stuck_games_are_lost_and_the_way_back_leads_to_a_position_that_is_not(number):
    game = play_until_stuck(number, "classic")
    assert game is not None
    assert solve(game, 30.0).status == "lost"
    assert stuck(rehide(game, number))  # the view alone decides
    back = way_back(game)
    if back is None:
        return
    assert 1 <= back <= len(game.history)
    earlier = game.copy()
    for _ in range(back):
        earlier.undo()
    assert not stuck(earlier)
    # Undoing all the way: the deal, where every other way on is still open.
    if len(game.history) == len(game.moves):
        start = game.copy()
        while start.undo():
            pass
        assert not stuck(start)


def test_a_move_that_loses_a_winnable_deal_is_found():
    game = Game.new(3, moves="4C>1 5C>2 4H>5 AS>1 deal")
    found = lost_at(game)
    assert found == LostAt(4, 5, found.line, True)
    assert found.lost and found.back == 1
    replay = Game.new(3, moves=list(game.moves[:4]) + list(found.line))
    assert replay.won


def test_a_game_that_can_still_be_won_is_not_lost():
    game = Game.new(3, moves="4C>1 5C>2")
    found = lost_at(game)
    assert (found.index, found.moves, found.lost, found.back) == (2, 2, False, 0)
    assert Game.new(3, moves=list(game.moves) + list(found.line)).won


def test_a_deal_that_cannot_be_won_was_lost_from_the_start():
    found = lost_at(Game.new(1, moves=parse_line("deal")))
    assert found == LostAt(None, 1, (), True) and found.back is None and found.lost


def test_the_search_in_slices_gives_the_same_answer():
    game = Game.new(3, moves="4C>1 5C>2 4H>5 AS>1 deal")
    search = LossSearch(game, nodes=50_000)
    steps = 0
    while (found := search.step(300)) is None:
        steps += 1
    assert found == lost_at(game, nodes=50_000) and steps > 1
    assert search.step() == found
