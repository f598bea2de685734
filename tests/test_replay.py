"""Replay texts (``scorpion.replay``): round trips, size, limits and tampering."""

from __future__ import annotations

import base64
import random
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorpion import FULL_DECK, MAX_DEAL, Game, IllegalMove, Move
from scorpion.game import MAX_ACTIONS, LineTooLong
from scorpion.replay import MAX_LENGTH, VERSION, Replay, ReplayError, choices, decode, encode
from tests.positions import seed_deal

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def seed_replay() -> Replay:
    seed = seed_deal()
    return Replay("classic", " ".join(seed["winning_line"]), deck=tuple(seed["deck"]))


def random_line(game: Game, rng: random.Random, length: int) -> Game:
    for _ in range(length):
        legal = game.legal_moves()
        if not legal or game.won:
            break
        game.play(rng.choice(legal))
    return game


def test_the_seed_line_round_trips_in_64_characters():
    replay = seed_replay()
    text = replay.encode()
    assert len(text) == 64  # a custom deck: 29 of its 46 bytes are the deck
    assert decode(text) == replay
    assert decode(text).game().won
    numbered = Replay("classic", replay.line[:0], deal=1).encode()
    assert len(numbered) == 11


def test_a_numbered_deal_costs_a_few_characters_more_than_its_line():
    game = Game.new(1)
    random_line(game, random.Random(3), 60)
    text = Replay.of(game).encode()
    assert len(text) < 16 + len(game.moves)  # under 6 bits per action
    assert decode(text).game() == Game.new(1, moves=game.moves)


def test_the_text_is_versioned_and_url_safe():
    text = seed_replay().encode()
    assert text[0] == VERSION
    assert set(text[1:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def test_repr_pastes_back():
    replay = Replay("relaxed", "deal", deal=7)
    assert eval(repr(replay)) == replay
    deck = seed_replay()
    assert eval(repr(deck)) == deck


@SETTINGS
@given(
    deal=st.integers(1, MAX_DEAL),
    variant=st.sampled_from(["classic", "relaxed"]),
    seed=st.integers(0, 2**32),
    length=st.integers(0, 150),
    custom=st.booleans(),
)
def test_any_game_round_trips(deal, variant, seed, length, custom):
    rng = random.Random(seed)
    if custom:
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        game = Game.from_deck(deck, variant)
    else:
        game = Game.new(deal, variant)
    random_line(game, rng, length)
    replay = Replay.of(game)
    text = replay.encode()
    back = decode(text)
    assert back == replay
    assert back.line == game.moves
    replayed = back.game()
    assert (replayed.columns, replayed.reserve, replayed.score) == (
        game.columns,
        game.reserve,
        game.score,
    )
    assert back.encode() == text


def test_an_illegal_line_is_refused_by_the_rules():
    with pytest.raises(IllegalMove):
        encode(1, "classic", "4H>1")
    with pytest.raises(IllegalMove):
        Replay("classic", [Move("4H", 0)], deal=1)


def test_bad_values_are_value_errors():
    for build in (
        lambda: Replay("hard", "", deal=1),
        lambda: Replay("classic", "", deal=0),
        lambda: Replay("classic", ""),
        lambda: Replay("classic", "", deal=1, deck=FULL_DECK),
        lambda: Replay("classic", "", deck=FULL_DECK[:51]),
    ):
        with pytest.raises(ValueError):
            build()


def test_the_limits():
    with pytest.raises(ReplayError) as error:
        decode(VERSION + "A" * MAX_LENGTH)
    assert error.value.reason == "long"
    with pytest.raises(LineTooLong):
        encode(1, "classic", ["deal"] * (MAX_ACTIONS + 1))
    # A body claiming more than MAX_ACTIONS actions, with a correct checksum.
    body = bytes([0, 1]) + bytes([0x89, 0x27])  # deal 1, then 5001 as a varint
    assert _decode_body(body) == "line"


def _text(body: bytes) -> str:
    check = zlib.crc32(VERSION.encode() + body).to_bytes(4, "big")
    return VERSION + base64.urlsafe_b64encode(body + check).rstrip(b"=").decode()


def _decode_body(body: bytes) -> str:
    with pytest.raises(ReplayError) as error:
        decode(_text(body))
    return error.value.reason


def test_each_reason():
    assert _decode_body(bytes([4, 1, 0])) == "header"
    assert _decode_body(bytes([0, 0, 0])) == "deal"  # deal 0
    assert _decode_body(bytes([0, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0])) == "deal"
    assert _decode_body(bytes([2]) + b"\xff" * 29 + b"\x00") == "deck"  # past 52!
    assert _decode_body(bytes([0, 1, 1, 200])) == "line"  # a digit past the first's choices
    assert _decode_body(bytes([0, 1, 0, 0])) == "checksum"  # a needless zero byte
    for text, reason in (
        ("", "empty"),
        ("2AAAA", "version"),
        ("%AAA", "characters"),
        ("1AA=A", "characters"),
        ("1AAAAA", "characters"),
        ("1AAAA", "checksum"),
    ):
        with pytest.raises(ReplayError) as error:
            decode(text)
        assert error.value.reason == reason, text


def test_every_one_character_change_of_the_seed_line_is_caught():
    text = seed_replay().encode()
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for i in range(1, len(text)):
        for letter in alphabet:
            if letter != text[i]:
                with pytest.raises(ReplayError):
                    decode(text[:i] + letter + text[i + 1 :])
    for cut in range(len(text)):
        with pytest.raises(ReplayError):
            decode(text[:cut])


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=120) | st.from_regex(r"1[A-Za-z0-9_-]{0,90}", fullmatch=True))
def test_any_text_decodes_or_raises_replay_error(text):
    try:
        replay = decode(text)
    except ReplayError as error:
        assert str(error)
    else:
        assert replay.encode() == text.strip()


@settings(max_examples=200, deadline=None)
@given(st.binary(min_size=1, max_size=80))
def test_any_body_with_a_good_checksum_decodes_or_raises_replay_error(body):
    try:
        replay = decode(_text(body))
    except ReplayError:
        return
    replay.game()  # what decodes is a game the rules allow


def test_choices_are_in_the_formats_order():
    game = Game.new(1, moves="deal")
    assert choices(game) == [Move("2H", 5), Move("8D", 1), Move("AC", 0), Move("7C", 3)]
