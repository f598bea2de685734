"""The seeds' own deal: its layout, the example move and the whole winning line."""

from __future__ import annotations

from positions import seed_deal, table

from scorpion import Game, Move, parse_line

SEED = seed_deal()


def test_the_layout_is_the_seeds_with_the_reserve_hidden():
    game = Game.from_deck(SEED["deck"], variant=SEED["variant"])
    assert table(game) == [
        "#TS #2D #AC 3D JH TH 3S",
        "#2C #2S #5S QH 3C 4H 7S",
        "#KC #4S #JD AS 7D 7H 3H",
        "#6C #8S #TC KD 8H 7C 9S",
        "6H 8C JS 4C 9C 8D 5C",
        "6D QC KH 4D KS 9H JC",
        "AD QD 9D 6S 2H TD 5H",
    ]
    assert game.reserve == ("QS", "AH", "5D")


def test_the_example_move_takes_the_seven_of_spades_along():
    game = Game.from_deck(SEED["deck"])
    played = game.play(Move.parse("4H>7"))
    assert played.cards == ("4H", "7S")
    assert played.source == 1
    assert played.points == 5
    assert table(game)[1] == "#2C #2S #5S QH 3C"
    assert table(game)[6] == "AD QD 9D 6S 2H TD 5H 4H 7S"


def test_the_winning_line_wins_with_695_points():
    game = Game.from_deck(SEED["deck"], variant=SEED["variant"])
    line = parse_line(" ".join(SEED["winning_line"]))
    events = [game.play(move) for move in line]
    assert game.won
    assert game.score == SEED["winning_score"] == 695
    assert sorted(game.removed) == ["C", "D", "H", "S"]
    assert sum(len(e.turned) for e in events) == 12
    assert all(len(column) == 0 for column in game.columns)
    # At least 460: 12 turned cards and 4 sequences, plus 5 per same-suit placement.
    same_suit = sum(e.points - 5 * len(e.turned) - 100 * len(e.removed) for e in events)
    assert game.score == 12 * 5 + 4 * 100 + same_suit


def test_undoing_the_whole_winning_line_gives_back_the_deal():
    game = Game.from_deck(SEED["deck"])
    game.play_line(" ".join(SEED["winning_line"]))
    while game.undo():
        pass
    assert game.moves == ()
    assert table(game) == table(Game.from_deck(SEED["deck"]))
    assert game.score == 0
    assert len(game.redo_moves) == len(SEED["winning_line"])
    while game.redo():
        pass
    assert game.won and game.score == 695


def test_the_columns_are_never_stale():
    # Game keeps its columns between changes: after every play, undo and redo they must be
    # those of the same position rebuilt from scratch.
    game = Game.from_deck(SEED["deck"])

    def fresh() -> object:
        return Game.from_deck(SEED["deck"], moves=game.moves).columns

    for move in parse_line(" ".join(SEED["winning_line"])):
        before = game.columns  # kept from before the change
        game.play(move)
        assert game.columns != before
        assert game.columns == fresh()
    while game.undo():
        assert game.columns == fresh()
    while game.redo():
        assert game.columns == fresh()
    assert game.copy().columns == game.columns
