"""The hint that never peeks: invariance under the hidden cards, determinism, chances,
and verdicts only when they hold for every arrangement."""

from __future__ import annotations

import pytest
from positions import make_game
from test_knowledge import played, rehide

from scorpion import Game
from scorpion.advice import Advice, Adviser, advise, wilson
from scorpion.knowledge import View

SMALL = {"arrangements": 8, "nodes": 400}


@pytest.mark.parametrize("variant", ["classic", "relaxed"])
@pytest.mark.parametrize(("number", "moves"), [(3, 0), (14, 6), (36, 25), (51, 60)])
def test_where_the_hidden_cards_lie_never_changes_the_hint(variant, number, moves):
    game = played(number, variant, moves)
    advice = advise(game, **SMALL)
    for seed in (1, 2):
        other = rehide(game, seed)
        assert View.of(other) == View.of(game)
        assert advise(other, **SMALL) == advice  # same move, same counts, same everything


def test_the_same_seed_gives_the_same_advice_and_another_seed_other_arrangements():
    game = Game.new(3)
    assert advise(game, **SMALL) == advise(game, **SMALL)
    assert advise(game, seed=1, arrangements=24, nodes=400).tried == 24


@pytest.mark.parametrize("variant", ["classic", "relaxed"])
def test_slicing_the_work_never_changes_the_advice(variant):
    game = played(14, variant, 4)
    whole = advise(game, **SMALL)
    adviser = Adviser(View.of(game), **SMALL)
    steps = 0
    while (sliced := adviser.step(1)) is None:
        steps += 1
        partial = adviser.advice()
        assert partial.tried <= SMALL["arrangements"] and not partial.exhaustive
    assert sliced == whole and steps >= SMALL["arrangements"] - 1
    assert adviser.step() == whole and adviser.advice() == whole


@pytest.mark.parametrize(
    ("number", "variant"), [(n, v) for n in range(1, 9) for v in ("classic", "relaxed")]
)
def test_a_legal_move_is_always_offered_and_the_counts_add_up(number, variant):
    game = played(number, variant, 10)
    advice = advise(game, **SMALL)
    if game.legal_moves():
        assert advice.move is not None and game.is_legal(advice.move)
    else:
        assert advice.move is None
    assert advice.tried == SMALL["arrangements"]
    assert advice.won + advice.lost + advice.undecided == advice.tried
    assert 0 <= advice.votes <= advice.won
    assert advice.chance == advice.won / advice.tried
    assert advice.margin == wilson(advice.won, advice.tried)
    assert advice.verdict is None  # thousands of arrangements, 8 tried: no verdict


def test_the_move_starts_most_winning_lines():
    advice = advise(Game.new(3), arrangements=24, nodes=3000)
    assert advice.won and advice.votes * 2 > advice.won
    assert str(advice.move) == "4C>1"


#: The clubs alone (spades, hearts and diamonds removed), King to 5 or 4 in column 1.
CLUBS_TO_5 = "KC QC JC TC 9C 8C 7C 6C 5C"


def clubs(*columns: str) -> Game:
    return make_game(*columns, removed="SHD")


def test_one_hidden_card_one_arrangement_and_a_verdict():
    game = clubs(CLUBS_TO_5 + " 4C", "#3C AC", "2C")
    advice = advise(game, nodes=20_000)
    assert (advice.tried, advice.exhaustive, advice.won) == (1, True, 1)
    assert advice.verdict == "won" and str(advice.move) == "AC>3"


def test_every_arrangement_tried_when_they_are_few_and_no_verdict_unless_all_agree():
    # 4C and 3C face down: AC>3 (onto 2C) then wins only if 3C is the card it uncovers.
    game = clubs(CLUBS_TO_5, "#4C 2C", "#3C AC")
    advice = advise(game, nodes=20_000)
    assert (advice.tried, advice.exhaustive, advice.won, advice.lost) == (2, True, 1, 1)
    assert advice.chance == 0.5 and advice.verdict is None
    assert str(advice.move) == "AC>2"


def test_lost_only_when_every_arrangement_is_proved_lost():
    # 4C and 2C face down under AC and 3C: neither can ever be uncovered, wherever they lie.
    game = clubs(CLUBS_TO_5, "#4C AC", "#2C 3C")
    advice = advise(game, nodes=20_000)
    assert (advice.tried, advice.exhaustive, advice.lost) == (2, True, 2)
    assert advice.verdict == "lost"
    assert advice.move is not None and game.is_legal(advice.move)  # a King still moves
    many = advise(played(1, "classic", 0), **SMALL)
    assert many.lost == many.tried and many.verdict is None  # 8 of 15! prove nothing


def test_undecided_arrangements_count_as_not_won():
    advice = advise(Game.new(36, "relaxed"), arrangements=4, nodes=1)
    assert advice.undecided == 4 and advice.chance == 0.0 and advice.verdict is None
    assert advice.move is not None


def test_advice_values():
    assert Advice(None).chance == 0.0 and Advice(None).margin == (0.0, 1.0)
    assert Advice(None, tried=3, won=3, exhaustive=True).verdict == "won"
    assert Advice(None, tried=3, won=2, lost=1, exhaustive=True).verdict is None
    assert eval(repr(Advice(None, tried=2, lost=2)), {"Advice": Advice}) == Advice(
        None, tried=2, lost=2
    )
    with pytest.raises(ValueError):
        Adviser(Game.new(1), arrangements=0)


def test_a_move_back_into_a_view_already_seen_comes_last():
    game = clubs(CLUBS_TO_5, "#4C AC", "#2C 3C")  # stuck: only the King moves, to and fro
    advice = advise(game, nodes=2000)
    after = game.copy()
    after.play(advice.move)
    back = advise(after, nodes=2000)
    assert View.of(after).rearranged(back.move) == View.of(game)  # straight back
    avoided = advise(after, nodes=2000, avoid={View.of(game)})
    assert View.of(after).rearranged(avoided.move) != View.of(game)
    assert avoided.tried == back.tried and avoided.won == back.won
