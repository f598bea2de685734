"""Review this game (``scorpion.game_review``): every position's figure is the hint's, from
the player's view only, the same however the work is sliced, and judged once per game."""

from __future__ import annotations

import pytest
from positions import seed_deal, stuck_game
from test_knowledge import played, rehide

from scorpion import DEAL, Game, Move
from scorpion.advice import advise
from scorpion.game_review import (
    GameReview,
    Point,
    ReviewCache,
    Reviewer,
    mistakes_of,
    review_game,
)
from scorpion.knowledge import View, line_views
from scorpion.review import stuck

CLASSIC = [(3, 14), (14, 12)]
# The first of bench/review_speed.py's classic games, to its 46th action.
BENCH_16 = (
    "6D>6 KH>7 QH>7 7H>3 7C>3 4H>7 5D>3 JS>1 2C>3 TS>1 8C>3 9C>1 KH>6 deal KS>7 3C>5 7D>6 "
    "QS>7 TD>7 4D>6 JC>1 TH>2 4C>3 QC>6 2S>1 AS>1 9S>7 3S>5 3D>6 6C>5 2D>6 8D>4 KS>1 KS>7 "
    "KS>1 KH>7 KH>6 KS>7 KS>1 KS>7 KS>1 KS>7 KS>1 KS>7 KS>1 KH>7"
)


def prefix(game: Game, index: int) -> Game:
    return Game.from_deck(game.deck, game.variant, game.moves[:index])


@pytest.mark.parametrize(("number", "moves"), CLASSIC)
def test_each_figure_and_move_is_what_the_hint_says_there(number, moves):
    game = played(number, "classic", moves, seed=2)
    review = review_game(game)
    assert len(review.points) == len(game.moves) + 1
    for point in review.points:
        here = prefix(game, point.index)
        assert point.action == (game.moves[point.index - 1] if point.index else None)
        if stuck(here):
            assert point.stuck and point.advice is None and point.percent == 0
            continue
        # The Hint button: its seed, arrangements and budget, the line's views to avoid.
        hint = advise(here, seed=0, avoid=line_views(here))
        assert point.advice == hint
        assert point.percent == round(100 * hint.chance)


def test_a_relaxed_line_is_judged_as_the_relaxed_hint_judges_it():
    game = Game.new(2, "relaxed", moves="deal")
    review = review_game(game)
    for point in review.points:
        here = prefix(game, point.index)
        assert point.advice == advise(here, seed=0, avoid=line_views(here))
        assert point.advice is not None and point.advice.nodes == 1500


@pytest.mark.parametrize("seed", [1, 2])
def test_it_never_peeks_the_hidden_cards_elsewhere_give_the_same_review(seed):
    game = played(3, "classic", 14, seed=2)
    other = rehide(game, seed)
    assert other.deck != game.deck and other.moves == game.moves
    assert review_game(other) == review_game(game)


def test_slices_of_any_size_give_the_same_review():
    game = played(14, "classic", 10, seed=2)
    whole = review_game(game)
    reviewer = Reviewer(game)
    steps = 0
    while (review := reviewer.step(37)) is None:
        steps += 1
        assert len(reviewer.points) <= reviewer.total
    assert steps > 3
    assert review == whole


def test_a_second_look_is_instant_and_a_longer_line_judges_only_what_is_new():
    game = Game.new(3, moves="4C>1 5C>2")
    cache = ReviewCache()
    first = review_game(game, cache=cache)
    assert Reviewer(game, cache=cache).step(1) == first  # no solver work at all
    longer = game.copy()
    longer.play(Move("4H", 4))
    reviewer = Reviewer(longer, cache=cache)
    assert reviewer.step(1) is None  # the new position needs the solver
    assert reviewer.points == list(first.points)
    assert review_game(longer, cache=cache).points[:-1] == first.points


def test_cards_shuffled_back_and_forth_are_judged_once_per_view():
    # Kings between two empty columns: the same views again and again.
    game = Game.new(16, moves=BENCH_16)
    cache = ReviewCache()
    review = review_game(game, cache=cache)
    assert len(cache.advice) < len(review.points) - 6
    for point in review.points[-3:]:
        here = prefix(game, point.index)
        assert point.advice == advise(here, seed=0, avoid=line_views(here))


def test_a_view_met_again_with_more_views_to_avoid_is_searched_once():
    game = Game.new(16, moves=BENCH_16)
    cache = ReviewCache()
    review = review_game(game, cache=cache)
    views = {View.of(prefix(game, p.index)) for p in review.points if p.advice is not None}
    assert len(cache.searched) == len(views) < len(cache.advice)
    # Its move chosen again from the same searches is the Hint's there all the same.
    for point in review.points:
        here = prefix(game, point.index)
        if point.advice is not None:
            assert point.advice == advise(here, seed=0, avoid=line_views(here))


def test_a_stuck_position_is_zero_and_a_won_one_a_hundred():
    game = stuck_game()
    review = review_game(prefix(game, len(game.moves)))
    assert review.points[-1].stuck and review.chances[-1] == 0
    deal = seed_deal()  # a whole game, won
    won = Game.from_deck(deal["deck"], "classic", " ".join(deal["winning_line"]))
    review = review_game(won)
    assert review.points[-1].won and review.points[-1].removed
    assert review.chances[-1] == 100
    assert sum(point.removed for point in review.points) == 4


def test_the_deal_and_removed_sequences_are_marked():
    review = review_game(Game.new(3, moves="4C>1 deal"))
    assert [point.dealt for point in review.points] == [False, False, True]
    assert review.points[2].action is DEAL


def point(index, percent, move=None, action=None):
    """A point whose advice says ``percent`` % (of 100 arrangements) and prefers ``move``."""
    from scorpion.advice import Advice

    advice = Advice(move, tried=100, won=percent, lost=100 - percent)
    return Point(index, action, advice)


A, B, C = Move("AS", 1), Move("2H", 2), Move("3D", 3)


def test_mistakes_are_the_largest_falls_where_the_hint_preferred_another_move():
    points = (
        point(0, 60, move=A),
        point(1, 50, move=A, action=B),  # fell 10, the hint preferred A: a mistake
        point(2, 20, move=B, action=A),  # fell 30, but it was the hint's move: the cards
        point(3, 25, move=C, action=B),  # rose
        point(4, 5, move=A, action=A),  # fell 20 against C: a mistake
        point(5, 0, move=None, action=B),  # fell 5 against A
        point(6, 0, move=None, action=C),  # no hint move
    )
    found = mistakes_of(points)
    assert [(m.number, m.fall, m.before, m.after) for m in found] == [
        (4, 20, 25, 5),
        (1, 10, 60, 50),
        (5, 5, 5, 0),
    ]
    assert found[0].played == A and found[0].better == C
    review = GameReview(points, found)
    assert review.better(2) is None and review.better(3) is None and review.better(1) == A
    assert mistakes_of(points, 1) == found[:1]
