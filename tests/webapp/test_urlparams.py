from __future__ import annotations

import doctest
import json
from pathlib import Path

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


def test_a_link_to_the_game_on_the_table_asks_for_nothing() -> None:
    table = Game.new(7, "relaxed")
    assert linked_game(read_query("?deal=7&variant=relaxed"), table) is None
    assert linked_game(read_query("?variant=relaxed"), table) is None
    assert linked_game(read_query(""), table) is None
    # Parameters that could not be read ask for nothing either (they are only reported).
    assert linked_game(read_query("?deal=zero&variant=hard"), table) is None


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
