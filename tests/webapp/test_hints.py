"""The hint search in slices, against the solver."""

from __future__ import annotations

import json
from pathlib import Path

from positions import stuck_game
from webapp.play.hint_search import HintSearch, chance_text, stuck_text

from scorpion import Game, Move
from scorpion.advice import Advice

SEED = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "seed-deal.json").read_text())


def answer(game: Game):
    search = HintSearch(game)
    for _ in range(10_000):
        found = search.step()
        if found is not None:
            return found
    raise AssertionError("the search never answered")


def test_hint_on_a_deal_is_a_legal_move_with_its_chance() -> None:
    game = Game.from_deck(SEED["deck"])
    found = answer(game)
    assert found.move is not None and game.is_legal(found.move)
    assert found.advice is not None and found.advice.tried > 0 and not found.stuck
    assert 0.0 <= found.advice.chance <= 1.0


def test_hint_near_the_end_is_the_last_move_and_sure() -> None:
    game = Game.from_deck(SEED["deck"], moves=" ".join(SEED["winning_line"][:-1]))
    found = answer(game)
    assert found.move == Move.parse(SEED["winning_line"][-1])
    assert found.advice is not None and found.advice.verdict == "won"  # nothing is hidden


# The face-down cards of a deal: the first three of columns 1-4, and the reserve.
HIDDEN_SLOTS = [c * 7 + i for c in range(4) for i in range(3)] + [49, 50, 51]


def test_where_the_hidden_cards_lie_never_changes_the_hint() -> None:
    deck = list(SEED["deck"])
    moved = list(deck)
    hidden = [deck[i] for i in HIDDEN_SLOTS]
    for slot, card in zip(HIDDEN_SLOTS, hidden[5:] + hidden[:5], strict=True):
        moved[slot] = card
    first, second = Game.from_deck(deck), Game.from_deck(moved)
    assert first.deck != second.deck and str(first) == str(second)  # the same to the eye
    a, b = answer(first), answer(second)
    assert a.move == b.move and a.advice == b.advice


def test_a_stuck_game_says_so_with_its_way_back() -> None:
    found = answer(stuck_game())
    assert found.stuck and found.move is None
    assert "back and forth" in stuck_text(found.back)


def test_the_chance_is_said_with_its_margin_and_what_was_tried() -> None:
    said = chance_text(Advice(None, tried=48, won=17, lost=25))
    assert said.startswith("About 35 % of the hidden cards' arrangements win from here")
    assert "48 tried" in said and "6 undecided count as losses" in said
    assert chance_text(Advice(None, tried=6, won=6, exhaustive=True)).startswith("Every")
    assert chance_text(Advice(None, tried=6, lost=6, exhaustive=True)).startswith("No possible")


def test_search_notices_the_player_moving_on() -> None:
    game = Game.from_deck(SEED["deck"])
    search = HintSearch(game)
    game.play(Move("4H", 6))
    assert search.stale(game)


def test_search_notices_another_game_with_no_moves_either() -> None:
    game = Game.from_deck(SEED["deck"])
    search = HintSearch(game)
    assert not search.stale(game)
    assert search.stale(Game.from_deck(SEED["deck"]))  # a restart: the same deal, anew
    assert search.stale(Game.new(42))  # a new game
