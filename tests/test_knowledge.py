"""The player's view: what it holds, what it leaves out, its arrangements, its errors."""

from __future__ import annotations

import random

import pytest
from positions import make_game

from scorpion import DEAL, FULL_DECK, Game, Move
from scorpion.knowledge import Position, View, ViewError, line_views, shuffled
from scorpion.solver import solve


def played(number: int, variant: str, moves: int, seed: int = 0) -> Game:
    """Deal ``number`` after up to ``moves`` random legal moves (Kings to empty columns too)."""
    rng = random.Random(seed * 1000 + number)
    game = Game.new(number, variant)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
    return game


def rehide(game: Game, seed: int) -> Game:
    """The same line of play with the cards hidden now shuffled among their places in the
    deck: the same table on view, the hidden cards elsewhere."""
    hidden = View.of(game).hidden
    places = [i for i, card in enumerate(game.deck) if card in hidden]
    cards = [game.deck[i] for i in places]
    random.Random(seed).shuffle(cards)
    deck = list(game.deck)
    for i, card in zip(places, cards, strict=True):
        deck[i] = card
    return Game.from_deck(deck, game.variant, game.moves)


GAMES = [(n, v, m) for n in (1, 3, 14, 36) for v in ("classic", "relaxed") for m in (0, 5, 40)]


@pytest.mark.parametrize(("number", "variant", "moves"), GAMES)
def test_the_view_holds_the_face_up_cards_and_the_hidden_ones_as_a_set(number, variant, moves):
    game = played(number, variant, moves)
    view = View.of(game)
    assert view.variant == variant and view.removed == game.removed
    assert view.reserve == len(game.reserve)
    for column, (down, up) in enumerate(view.columns):
        assert down == game.hidden_count(column)
        assert up == game.face_up(column)
    face_down = {card for column in game.columns for card, up in column if not up}
    assert view.hidden == face_down | set(game.reserve)
    assert view.slots == len(view.hidden)
    assert view.legal_moves() == game.legal_moves()
    assert eval(repr(view)) == view  # the repr pastes back
    assert str(view).splitlines()[1:] == str(game).splitlines()[1:]


@pytest.mark.parametrize(("number", "variant", "moves"), GAMES)
def test_an_arrangement_agrees_with_the_view_and_the_true_one_is_among_them(number, variant, moves):
    game = played(number, variant, moves)
    view = View.of(game)
    position = view.arrange(shuffled(view.ordered_hidden(), number))
    assert View.of(position) == view
    truth = [card for column in game.columns for card, up in column if not up]
    assert view.arrange(truth + list(game.reserve)) == Position.of(game)
    assert eval(repr(position)) == position


def test_cards_hidden_again_by_undo_count_as_hidden():
    game = Game.new(3, moves="4C>1 5C>2 AS>1 3C>2")
    before = View.of(game)
    assert game.play(Move.parse("8S>5")).turned == ((3, "2D"),)
    assert "2D" not in View.of(game).hidden
    assert game.undo()
    assert View.of(game) == before and "2D" in before.hidden  # seen, hidden again
    game.play(DEAL)
    game.undo()
    assert View.of(game) == before and View.of(game).reserve == 3


def test_the_view_does_not_depend_on_where_the_hidden_cards_lie():
    game = played(14, "classic", 30)
    other = rehide(game, 1)
    assert other.columns != game.columns or other.reserve != game.reserve
    assert View.of(other) == View.of(game)


def test_the_solver_reads_a_position_as_it_reads_the_game():
    game = Game.new(3, moves="4C>1 5C>2")
    assert solve(Position.of(game), node_limit=20_000).status == solve(game, 30.0).status == "won"
    assert Position.of(Position.of(game)) == Position.of(game)


def test_a_won_game_has_one_arrangement_of_nothing():
    game = make_game("KS", reserve="", removed="HDC")
    game._cards[0] = []
    game._removed = list("SHDC")
    view = View.of(game)
    assert view.won and view.hidden == frozenset() and view.arrangements == 1
    assert view.arrange([]).won


@pytest.mark.parametrize(
    "make",
    [
        lambda: View("vegas", ((0, ()),) * 7),
        lambda: View("classic", ((0, ()),) * 6),
        lambda: View("classic", ((1, ()),) + ((0, ()),) * 6),
        lambda: View("classic", ((0, ("AS", "AS")),) + ((0, ()),) * 6, reserve=3),
        lambda: View("classic", ((0, ()),) * 7, reserve=2),
        lambda: View("classic", ((0, ()),) * 7, removed=("X",)),
        lambda: View("classic", ((0, ("AS",)),) + ((0, ()),) * 6, removed=("S", "H", "D", "C")),
        lambda: View("classic", ((True, ("AS",)),) + ((0, ()),) * 6),
        lambda: View("classic", ((0, ("1S",)),) + ((0, ()),) * 6),
        lambda: View.of(Game.new(1)).arrange(["AS"]),
        lambda: Position("classic", ((("AS", False),),) + ((),) * 6),
        lambda: Position("classic", ((),) * 7),
    ],
)
def test_anything_no_game_can_show_is_a_view_error(make):
    with pytest.raises(ViewError) as caught:
        make()
    assert isinstance(caught.value, ValueError)


def test_shuffled_is_a_permutation_fixed_by_its_seed():
    assert sorted(shuffled(FULL_DECK, 5)) == sorted(FULL_DECK)
    assert shuffled(FULL_DECK, 5) == shuffled(FULL_DECK, 5) != shuffled(FULL_DECK, 6)
    assert shuffled([], 1) == [] and shuffled(["AS"], 1) == ["AS"]


def test_moves_of_the_view_are_those_of_any_arrangement():
    game = played(36, "relaxed", 12)
    view = View.of(game)
    for seed in range(3):
        position = view.arrange(shuffled(view.ordered_hidden(), seed))
        assert View.of(position).legal_moves() == game.legal_moves()
    assert all(isinstance(m, Move) or m is DEAL for m in view.legal_moves())


@pytest.mark.parametrize(("number", "variant", "moves"), GAMES)
def test_rearranged_is_the_view_after_a_move_that_shows_nothing_new(number, variant, moves):
    game = played(number, variant, moves)
    view = View.of(game)
    for move in game.legal_moves():
        after = game.copy()
        played_move = after.play(move)
        shows = move is DEAL or played_move.turned or played_move.removed
        assert view.rearranged(move) == (None if shows else View.of(after))
    if view.hidden:
        assert view.rearranged(Move(min(view.hidden), 0)) is None  # not a legal move


def test_line_views_are_those_of_the_line_and_tell_nothing_new():
    game = played(14, "classic", 30)
    views = line_views(game)
    assert View.of(game) in views and View.of(Game.new(14)) in views
    now = View.of(game)
    for view in views:
        assert view.hidden >= now.hidden  # everything seen then is seen now
    assert line_views(rehide(game, 3)) == views
