"""Every rule of the seeds, one test (or a few) each, including the edges."""

from __future__ import annotations

import pytest
from positions import make_game, run, table

from scorpion import DEAL, FULL_DECK, UNDO_LIMIT, Action, Game, IllegalMove, Move


def refused(game: Game, move: Action) -> str:
    before = game.to_dict(), table(game), game.score
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    assert (game.to_dict(), table(game), game.score) == before, "a refused move changed the game"
    assert isinstance(caught.value, ValueError)
    return caught.value.reason


# --- the deal ------------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 2, 77, 2**31 - 1])
def test_the_deal_has_seven_columns_of_seven_twelve_face_down(number):
    game = Game.new(number)
    columns = game.columns
    assert [len(c) for c in columns] == [7] * 7
    for index, column in enumerate(columns):
        faces = [up for _card, up in column]
        assert faces == ([False] * 3 + [True] * 4 if index < 4 else [True] * 7)
    assert sum(not up for c in columns for _card, up in c) == 12
    assert sum(up for c in columns for _card, up in c) == 37
    assert len(game.reserve) == 3
    assert game.removed == ()
    assert game.score == 0 and not game.won
    everything = [card for c in columns for card, _up in c] + list(game.reserve)
    assert sorted(everything) == sorted(FULL_DECK)


def test_from_deck_deals_column_by_column_and_the_reserve_last():
    deck = list(FULL_DECK)
    game = Game.from_deck(deck)
    assert [card for card, _up in game.columns[0]] == deck[0:7]
    assert [card for card, _up in game.columns[6]] == deck[42:49]
    assert game.reserve == tuple(deck[49:52])
    assert game.deal_number is None


@pytest.mark.parametrize(
    ("deck", "problem"),
    [
        (list(FULL_DECK)[:51], "52 cards, this one has 51 (missing KC)"),
        ([*FULL_DECK[:51], "AS"], "duplicate card in the deck: AS"),
        ([*FULL_DECK[:51], "1S"], "unknown card in the deck: '1S'"),
        ([*FULL_DECK, "AS"], "duplicate card"),
    ],
)
def test_a_bad_deck_is_a_value_error_naming_the_problem(deck, problem):
    with pytest.raises(ValueError, match=problem.replace("(", r"\(").replace(")", r"\)")):
        Game.from_deck(deck)


def test_an_unknown_variant_is_a_value_error():
    with pytest.raises(ValueError, match="unknown variant 'wasp'"):
        Game.from_deck(FULL_DECK, variant="wasp")


# --- moving cards --------------------------------------------------------------------


def test_a_face_up_card_moves_with_every_card_above_it_ordered_or_not():
    game = make_game("#2C 9H 5S KD 8H", "TH")
    game.play(Move("9H", 1))
    assert table(game)[:2] == ["2C", "TH 9H 5S KD 8H"]


def test_only_the_first_card_decides_the_same_suit_one_rank_lower():
    game = make_game("9S 4D", "TS", "TH")
    assert game.destinations("9S") == [1]
    assert refused(game, Move("9S", 2)) == "same_suit"


def test_a_card_that_is_not_one_rank_lower_is_refused():
    game = make_game("8S", "TS", "5D")
    assert refused(game, Move("8S", 1)) == "rank"
    assert refused(game, Move("5D", 0)) == "rank"


def test_nothing_goes_onto_an_ace():
    game = make_game("AS", "2S", "KH")
    assert refused(game, Move("2S", 0)) == "onto_ace"
    assert refused(game, Move("KH", 0)) == "onto_ace"


def test_a_card_cannot_go_onto_its_own_column():
    game = make_game("6H 3C 7H")
    assert refused(game, Move("6H", 0)) == "same_column"


def test_face_down_reserve_and_absent_cards_cannot_move():
    game = make_game("#5D 6C", "7C", reserve="2D 3D 4D")
    assert refused(game, Move("5D", 1)) == "not_in_play"
    assert refused(game, Move("2D", 1)) == "not_in_play"
    assert refused(game, Move("9S", 1)) == "not_in_play"


def test_an_empty_column_takes_only_a_king_alone_or_with_the_cards_above_it():
    game = make_game("QH", "", "#3C KS 4D JH")
    assert refused(game, Move("QH", 1)) == "king_only"
    played = game.play(Move("KS", 1))
    assert table(game)[1:3] == ["KS 4D JH", "3C"]
    assert played.points == 5  # the King itself scores nothing; the turned card does
    assert played.turned == ((2, "3C"),)


def test_a_king_alone_to_an_empty_column_scores_nothing():
    game = make_game("5C KH", "")
    assert game.play(Move("KH", 1)).points == 0
    assert game.score == 0


def test_a_face_down_card_left_on_top_is_turned_at_once_for_five_points():
    game = make_game("#2C #9D 4H 7S", "5H")
    played = game.play(Move("4H", 1))
    assert table(game)[0] == "#2C 9D"
    assert played.turned == ((0, "9D"),)
    assert played.points == 5 + 5
    assert game.score == 10


def test_legal_moves_lists_everything_play_accepts_pointless_ones_included():
    game = make_game("KH 5C", "", "KD", "6C", "2H", "3C", "9D", reserve="2S 3S 4S")
    moves = game.legal_moves()
    assert moves == [Move("KH", 1), Move("5C", 3), Move("KD", 1), DEAL]
    for move in moves:
        assert game.is_legal(move)
        trial = game.copy()
        trial.play(move)


def test_legal_moves_agree_with_refusal_on_real_deals():
    for number in range(1, 30):
        for variant in ("classic", "relaxed"):
            game = Game.new(number, variant)
            everything = [Move(c, to) for c in FULL_DECK for to in range(7)] + [DEAL]
            legal = game.legal_moves()
            assert len(legal) == len(set(legal))
            assert set(legal) == {m for m in everything if game.is_legal(m)}


# --- the reserve ---------------------------------------------------------------------


def test_the_reserve_deals_once_one_card_face_up_on_each_of_columns_one_to_three():
    game = Game.new(5)
    reserve = game.reserve
    played = game.play(DEAL)
    assert played.cards == reserve and played.points == 0 and played.source is None
    assert [game.columns[i][-1] for i in range(3)] == [(card, True) for card in reserve]
    assert game.reserve == ()
    assert game.moves == (DEAL,)
    assert DEAL not in game.legal_moves()
    assert refused(game, DEAL) == "reserve_dealt"


def test_the_reserve_can_be_dealt_onto_an_empty_column():
    game = make_game("", "9H", "4C", reserve="2D 3D 4D")
    game.play(DEAL)
    assert table(game)[:3] == ["2D", "9H 3D", "4C 4D"]


def test_a_deal_that_completes_a_sequence_in_columns_one_to_three_removes_it():
    game = make_game("QC", "#4D " + run("S", "K", "2"), "5H", reserve="JC AS 4H")
    played = game.play(DEAL)
    assert game.removed == ("S",)
    assert played.removed == ((1, "S"),)
    assert played.turned == ((1, "4D"),)
    assert played.points == 100 + 5
    assert table(game)[:3] == ["QC JC", "4D", "5H 4H"]


# --- complete sequences --------------------------------------------------------------


def test_a_sequence_completed_on_a_column_is_removed_for_a_hundred_points():
    game = make_game("#7C " + run("H", "K", "2"), "5D AH")
    played = game.play(Move("AH", 0))
    assert game.removed == ("H",)
    assert played.removed == ((0, "H"),)
    assert played.turned == ((0, "7C"),)
    assert played.points == 5 + 100 + 5  # same suit, sequence, turned card
    assert table(game)[:2] == ["7C", "5D"]


def test_a_sequence_is_completed_from_the_king_down_moved_anywhere_in_the_pile():
    game = make_game(run("D", "K", "8"), run("D", "7", "A"))
    game.play(Move("7D", 0))
    assert game.removed == ("D",)
    assert table(game)[:2] == ["", ""]


def test_a_covered_sequence_stays_and_an_uncovered_one_stays_until_its_king_moves():
    game = make_game(run("H", "K", "3"), "2H AH 9C", "TC", "")
    game.play(Move("2H", 0))  # K..A hearts now lies under the 9 of clubs
    assert game.removed == ()
    game.play(Move("9C", 2))  # uncovered by moving a card away: not removed then
    assert game.removed == ()
    assert table(game)[0] == run("H")
    played = game.play(Move("KH", 3))  # the King with its sequence onto an empty column
    assert game.removed == ("H",)
    assert played.removed == ((3, "H"),)
    assert played.points == 100
    assert table(game)[0] == "" and table(game)[3] == ""


def test_a_sequence_of_mixed_suits_is_not_removed_even_in_relaxed():
    game = make_game(run("S", "K", "2"), "AH", variant="relaxed")
    played = game.play(Move("AH", 0))
    assert game.removed == () and played.points == 0


def test_a_sequence_over_a_face_down_card_is_checked_only_on_face_up_cards():
    game = make_game("#AC " + run("C", "K", "2"), "AD", variant="relaxed")
    game.play(Move("AD", 0))  # thirteen clubs would need the face-down ace: no sequence
    assert game.removed == ()


def test_four_sequences_win_and_loss_is_never_declared():
    game = make_game(run("C", "K", "2"), "AC", removed="SHD")
    assert not game.won
    game.play(Move("AC", 0))
    assert game.won and game.score == 105
    stuck = make_game("5S", "9H", "KC 2D", "7C", "4D", "JS", "AS")
    assert stuck.legal_moves() == []
    assert not stuck.won


# --- Relaxed -------------------------------------------------------------------------


def test_relaxed_puts_a_card_on_any_card_one_rank_higher_for_no_points():
    classic = make_game("7H", "8S")
    assert refused(classic, Move("7H", 1)) == "same_suit"
    relaxed = make_game("7H", "8S", variant="relaxed")
    assert relaxed.destinations("7H") == [1]
    assert relaxed.play(Move("7H", 1)).points == 0
    assert table(relaxed)[:2] == ["", "8S 7H"]


def test_relaxed_same_suit_placement_still_scores_five():
    game = make_game("7H", "8H", variant="relaxed")
    assert game.play(Move("7H", 1)).points == 5


def test_relaxed_still_takes_only_kings_into_empty_columns():
    game = make_game("QH", "", variant="relaxed")
    assert refused(game, Move("QH", 1)) == "king_only"


# --- score, undo and redo ------------------------------------------------------------


def test_undo_takes_back_a_move_with_everything_it_triggered_and_its_points():
    game = make_game("#7C " + run("H", "K", "2"), "#3S AH", "5D")
    before = table(game), game.removed, game.score
    game.play(Move("AH", 0))  # same suit, sequence, two turned cards
    assert game.score == 115
    assert game.undo()
    assert (table(game), game.removed, game.score) == before


def test_undo_takes_back_the_deal():
    game = make_game("QC", "#4D " + run("S", "K", "2"), "5H", reserve="JC AS 4H")
    before = table(game), game.reserve, game.removed, game.score
    game.play(DEAL)
    game.undo()
    assert (table(game), game.reserve, game.removed, game.score) == before
    assert game.legal_moves()[-1] == DEAL


def test_redo_replays_and_a_new_action_clears_it():
    game = Game.new(3)
    first = game.legal_moves()[0]
    game.play(first)
    after = game.to_dict()["moves"], table(game), game.score
    game.undo()
    assert game.can_redo and game.redo_moves == (first,)
    assert game.redo()
    assert (game.to_dict()["moves"], table(game), game.score) == after
    assert not game.redo()
    game.undo()
    game.play(DEAL)
    assert not game.can_redo and not game.redo()


def test_nothing_to_undo_returns_false():
    game = Game.new(4)
    assert not game.can_undo
    assert game.undo() is False
    assert game.redo() is False


def _shuttle_game():
    """Relaxed: the 4 of clubs can shuttle between two fives forever."""
    return make_game("5S", "5H", "4C", variant="relaxed")


def test_the_hundred_most_recent_actions_can_be_undone_and_the_hundred_and_first_cannot():
    game = _shuttle_game()
    game.play(Move("4C", 0))
    after_first = table(game)
    for i in range(1, UNDO_LIMIT + 1):
        game.play(Move("4C", i % 2))
    assert len(game.history) == UNDO_LIMIT
    for _ in range(UNDO_LIMIT):
        assert game.undo()
    assert table(game) == after_first
    assert not game.undo()
    assert not game.can_undo


def test_the_undo_limit_counts_from_the_last_floor_after_new_actions():
    game = _shuttle_game()
    for i in range(UNDO_LIMIT + 20):
        game.play(Move("4C", i % 2))
    for _ in range(UNDO_LIMIT):
        game.undo()
    column, _index = game.locate("4C")
    game.play(Move("4C", 1 - column))
    assert len(game.history) == 1
    assert game.undo() and not game.undo()


def test_scores_after_undo_and_redo_match_a_fresh_replay():
    record = Game.new(11)
    for _ in range(30):
        moves = record.legal_moves()
        if not moves:
            break
        record.play(moves[len(moves) // 2])
    replay = Game.new(11, moves=record.moves)
    assert replay.score == record.score
    for _ in range(10):
        record.undo()
    assert record.score == Game.new(11, moves=record.moves).score
    for _ in range(10):
        record.redo()
    assert record.score == replay.score


def test_play_rejects_something_that_is_not_a_move():
    with pytest.raises(TypeError):
        Game.new(1).play("4H>7")  # type: ignore[arg-type]
