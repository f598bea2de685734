"""The auto-finish's pure parts: when it may be offered (both variants), the search in
slices, the offer followed by hand, and an old save's settings without the switch."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from webapp.play.finish_search import FinishSearch, Offer, ready

from scorpion import Game, Move
from scorpion.session import Settings

SEED = json.loads((Path(__file__).parent.parent / "fixtures" / "seed-deal.json").read_text())
DECK = "".join(SEED["deck"])
LINE: list[str] = SEED["winning_line"]
READY = 47  # after LINE[:47] every card is face up and the reserve is dealt


def after(moves: int, variant: str = "classic") -> Game:
    return Game.from_deck(DECK, variant, moves=" ".join(LINE[:moves]))


@pytest.mark.parametrize("variant", ["classic", "relaxed"])
def test_offered_only_once_every_card_is_up_and_the_reserve_dealt(variant: str) -> None:
    states = [ready(after(k, variant)) for k in range(len(LINE) + 1)]
    assert states.index(True) == READY
    assert not any(states[:READY])
    assert not states[-1]  # won: nothing to finish
    hidden = [any(not up for col in after(k, variant).columns for _c, up in col) for k in (8, 9)]
    assert all(hidden)  # the deal alone does not make it ready


def test_never_offered_before_the_reserve_is_dealt() -> None:
    up = after(READY).columns
    for reserve in (("2C", "9D", "7C"), ()):
        table = SimpleNamespace(won=False, reserve=reserve, columns=up)
        assert ready(table) is (not reserve)  # type: ignore[arg-type]
    face_down = ((("KS", False), ("QS", True)), *up[1:])
    assert not ready(SimpleNamespace(won=False, reserve=(), columns=face_down))  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", ["classic", "relaxed"])
def test_the_search_finds_a_line_that_wins(variant: str) -> None:
    game = after(READY, variant)
    search = FinishSearch(game)
    for _slice in range(10_000):
        done, offer = search.step()
        if done:
            break
    assert offer is not None and offer.valid(game)
    finished = game.copy()
    finished.play_line(offer.line)
    assert finished.won


def test_an_offer_is_for_one_table_and_follows_its_own_moves() -> None:
    game = after(READY)
    line = tuple(Move.parse(text) for text in LINE[READY:])
    offer = Offer(game, game.moves, line)
    assert offer.valid(game) and not offer.valid(after(READY))  # another table
    game.play(line[0])
    assert not offer.valid(game)
    rest = offer.followed(game)
    assert rest is not None and rest.valid(game) and rest.line == line[1:]
    game.undo()
    game.play(next(move for move in game.legal_moves() if move != line[0]))
    assert offer.followed(game) is None  # the game went another way


def test_an_old_save_without_the_switch_reads_it_as_off() -> None:
    settings, bad = Settings.from_dict({"animations": False, "timer": True})
    assert settings.offer_finish is False and bad == []
    settings, bad = Settings.from_dict({"offer_finish": "yes"})
    assert settings.offer_finish is False and bad == ["offer_finish"]
    assert Settings.from_dict(Settings(offer_finish=True).to_dict())[0].offer_finish
