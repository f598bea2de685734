from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest
from webapp import urlparams
from webapp.urlparams import Linked, linked_game, read_query, share_query, without_game

from scorpion import Game

SEED = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "seed-deal.json").read_text())


def test_deal_and_variant() -> None:
    start = read_query("?deal=42&variant=relaxed")
    assert (start.deal, start.variant, start.problems, start.wants_game) == (
        42,
        "relaxed",
        (),
        True,
    )


def test_deck_in_from_deck_order() -> None:
    start = read_query("?deck=" + "".join(SEED["deck"]))
    assert start.deck == tuple(SEED["deck"])
    assert Game.from_deck(start.deck).columns == Game.from_deck(SEED["deck"]).columns


def test_bad_values_are_named_and_dropped() -> None:
    assert read_query("?deal=abc").problems == ("deal",)
    assert read_query("?deal=2147483648").problems == ("deal",)
    assert read_query("?deal=-3").deal is None
    assert read_query("?deck=ASKS").problems == ("deck",)
    assert read_query("?deck=" + "AS" * 52).problems == ("deck",)
    assert read_query("?variant=wasp").problems == ("variant",)
    assert read_query("").problems == ()


def test_lang_is_passed_on() -> None:
    assert read_query("?lang=zh-TW").lang == "zh-TW"
    assert read_query("?lang=").lang is None


def test_share_round_trips() -> None:
    assert share_query(7, "classic", None) == "?deal=7"
    query = share_query(None, "relaxed", SEED["deck"])
    start = read_query(query)
    assert start.deck == tuple(SEED["deck"]) and start.variant == "relaxed"


def test_without_game_keeps_the_language() -> None:
    assert without_game("?deal=3&lang=sv") == "?lang=sv"
    assert without_game("?deal=3") == ""


# --- the game a link asks for ----------------------------------------------------------------


def test_the_doctests() -> None:
    assert doctest.testmod(urlparams).failed == 0


# Tables to open a link on: the game it names, and others near it.
RELAXED_7, CLASSIC_7, RELAXED_8 = Game.new(7, "relaxed"), Game.new(7), Game.new(8, "relaxed")
DECK_OF_7 = Game.from_deck(list(RELAXED_7.deck), "relaxed")  # deal 7's cards, but no number
TABLES = (RELAXED_7, CLASSIC_7, RELAXED_8, DECK_OF_7)


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        # Deal 7 relaxed: nothing on deal 7 relaxed, that game on any other table (the same
        # cards as a deck of one's own are not deal 7).
        ("?deal=7&variant=relaxed", [None, *[Linked("relaxed", deal=7)] * 3]),
        # A deal without a variant is Classic.
        ("?deal=7", [Linked("classic", deal=7), None, *[Linked("classic", deal=7)] * 2]),
        # A variant alone: any deal of it, unless the table plays it already.
        ("?variant=relaxed", [None, Linked("relaxed"), None, None]),
        ("?variant=classic", [Linked("classic"), None, Linked("classic"), Linked("classic")]),
        # Parameters that could not be read ask for nothing (they are only reported)...
        ("?deal=zero&variant=hard", [None] * 4),
        ("?deal=0", [None] * 4),
        # ...and the readable ones still count: a bad variant is the default, Classic.
        ("?deal=zero&variant=relaxed", [None, Linked("relaxed"), None, None]),
        ("?deal=8&variant=hard", [Linked("classic", deal=8)] * 4),
        # No game parameter, or a replay (it carries its own deal): nothing asked for.
        ("", [None] * 4),
        ("?lang=sv", [None] * 4),
        ("?replay=1AAECBG76qoc&deal=8", [None] * 4),
    ],
)
def test_a_link_asks_for_its_game_unless_that_game_is_on_the_table(
    query: str, wanted: list[Linked | None]
) -> None:
    asked = [linked_game(read_query(query), table) for table in TABLES]
    assert asked == wanted


def test_a_link_to_another_deal_or_variant() -> None:
    table = Game.new(7, "relaxed")
    assert linked_game(read_query("?deal=7"), table) == Linked("classic", deal=7)
    assert linked_game(read_query("?deal=8&variant=relaxed"), table) == Linked("relaxed", deal=8)
    assert linked_game(read_query("?variant=classic"), table) == Linked("classic")


def test_a_link_with_a_deck() -> None:
    deck = Game.new(7).deck
    query = share_query(deal=None, variant="classic", deck=deck)
    # The same cards as deal 7, but a numbered deal is not a shared deck: it is asked for.
    assert linked_game(read_query(query), Game.new(7)) == Linked("classic", deck=tuple(deck))
    shared = Game.from_deck(list(deck))
    assert linked_game(read_query(query), shared) is None
    assert linked_game(read_query(query + "&variant=relaxed"), shared) == Linked(
        "relaxed", deck=tuple(deck)
    )
