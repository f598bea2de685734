"""Cards, moves and numbered deals: values, notation, pinned vectors."""

from __future__ import annotations

import pytest

from scorpion import DEAL, FULL_DECK, Deal, Game, IllegalMove, Move, deal_deck, parse_line
from scorpion.cards import check_deck, format_deck, parse_card, parse_deck
from scorpion.deals import MAX_DEAL, splitmix64


def test_moves_read_and_write_the_fixture_notation():
    assert str(Move("4H", 6)) == "4H>7"
    assert Move.parse("4H>7") == Move("4H", 6)
    assert str(DEAL) == "deal"
    assert Move.parse("deal") is DEAL
    assert Move.parse(" Deal ") is DEAL
    assert Move.parse("4h>7") == Move("4H", 6)
    assert Move.parse("10S>1") == Move("TS", 0)


@pytest.mark.parametrize("card", FULL_DECK)
@pytest.mark.parametrize("to", range(7))
def test_every_move_round_trips_through_text_and_repr(card, to):
    move = Move(card, to)
    assert Move.parse(str(move)) == move
    assert eval(repr(move)) == move
    assert hash(Move(card, to)) == hash(move)


def test_deal_is_a_singleton_value():
    assert Deal() is DEAL
    assert repr(DEAL) == "DEAL"
    assert eval(repr(DEAL)) is DEAL
    assert {DEAL, Deal()} == {DEAL}
    import copy
    import pickle

    assert copy.deepcopy(DEAL) is DEAL
    assert pickle.loads(pickle.dumps(DEAL)) is DEAL


@pytest.mark.parametrize("text", ["", "4H", "4H>", "4H>0", "4H>8", "ZZ>1", "4H>x", "4H-7", ">3"])
def test_bad_move_text_is_a_value_error(text):
    with pytest.raises(ValueError, match="not"):
        Move.parse(text)


@pytest.mark.parametrize(("card", "to"), [("4X", 1), ("4H", 7), ("4H", -1), ("4H", True), ("", 0)])
def test_bad_move_values_are_value_errors(card, to):
    with pytest.raises(ValueError):
        Move(card, to)


def test_moves_are_immutable():
    move = Move("4H", 6)
    with pytest.raises(AttributeError):
        move.to = 3  # type: ignore[misc]


def test_lines_parse_and_format():
    assert parse_line("4H>7, deal 2H>3") == [Move("4H", 6), DEAL, Move("2H", 2)]


def test_illegal_move_is_a_value_error_with_a_stable_reason():
    error = IllegalMove("king_only", Move("QH", 1))
    assert isinstance(error, ValueError)
    assert error.reason == "king_only"
    assert str(error) == "Only a King can go onto an empty column"
    assert repr(error) == "IllegalMove('king_only', Move('QH', 1))"
    import pickle

    again = pickle.loads(pickle.dumps(error))
    assert (again.reason, again.move) == (error.reason, error.move)


def test_cards_parse_leniently_and_print_canonically():
    assert parse_card(" th ") == "TH"
    assert parse_card("10d") == "TD"
    assert parse_deck("TS,2D AC") == ["TS", "2D", "AC"]
    assert format_deck(parse_deck(format_deck(FULL_DECK))) == format_deck(FULL_DECK)
    with pytest.raises(ValueError):
        parse_card("11H")
    assert check_deck(FULL_DECK) == FULL_DECK


# Pinned: these must never change, or shared deal numbers would show other cards.
PINNED_DEALS = {
    1: (
        "7H9S4H8D8H5CJH6H9CJS5HKH3S2HJD5D7D4D2SAH6CKSKDTDTCJC"
        "TH8CQS4C6S7SAC5SADKC6DQCQDQH9H3H3CAS4S2D8STS3D2C9D7C"
    ),
    2: (
        "QD3C4S5D7D2HKDTHAS6S7C3SQS7H6DJDTS9CJH8S4H5C2C4DAHQH"
        "6C8D3D9H6HJCAC5SJSADKS2D7S4C9STD5HTCQCKC8CKH3H2S8H9D"
    ),
    1000: (
        "JH4D4S3H2DASKHAH5C8DTHJC3STCTSQD8C2S8H7DQCQS5DJSKS7H"
        "4C7S9SKC5S7CKDQH6H4HACTD2CJD9C5H2H9D3CAD6C6D6S9H8S3D"
    ),
    2**31 - 1: (
        "8CTC4HKHJHQD2D3H5C9D9C4SQSKC6SJSKDADTH2H8D7DTD7S2S9S"
        "7CTS3C8H3S2CQC6C5DJC5SAC3D7H8SJD9HAS5HQHAH4C4D6HKS6D"
    ),
}


def test_splitmix64_matches_the_published_reference_stream():
    stream = splitmix64(1234567)
    assert [next(stream) for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]


@pytest.mark.parametrize(("number", "deck"), PINNED_DEALS.items())
def test_numbered_deals_are_pinned(number, deck):
    assert format_deck(deal_deck(number)) == deck
    assert Game.new(number).deck == tuple(parse_deck(deck))


def test_every_deal_is_a_permutation_and_deals_differ():
    decks = {deal_deck(n) for n in range(1, 300)}
    assert len(decks) == 299
    for deck in list(decks)[:50]:
        assert sorted(deck) == sorted(FULL_DECK)


@pytest.mark.parametrize("number", [0, -1, MAX_DEAL + 1, 1.5, "7", True, None])
def test_bad_deal_numbers_are_value_errors(number):
    with pytest.raises(ValueError, match="deal number"):
        Game.new(number)  # type: ignore[arg-type]


def test_game_repr_pastes_back():
    game = Game.new(9, "relaxed")
    game.play_line("deal")
    assert eval(repr(game), {"Game": Game}) == game
    from_deck = Game.from_deck(FULL_DECK)
    assert eval(repr(from_deck), {"Game": Game}) == from_deck
