"""Replays in the browser layer, without a page: the link read, a bad link's notice in
each language, the bar's texts, and no save while a replay is on the table."""

from __future__ import annotations

from typing import Any

import pytest
from webapp import translated
from webapp.boot.startup import open_game
from webapp.events import Events
from webapp.page.storage import Store
from webapp.page_texts import replay_problem_text
from webapp.panels.replayer import SPEEDS, position_text, speed_text
from webapp.play.autosave import AutoSave, Timing
from webapp.play.table_state import TableState
from webapp.urlparams import read_query, replay_query, without_game

from scorpion import DEAL, Game
from scorpion.i18n import LANGUAGES
from scorpion.replay import Replay
from scorpion.session import Session

TEXT = Replay("classic", "deal 2H>6", deal=1).encode()


def test_a_replay_link_is_read_and_cleaned_from_the_address() -> None:
    start = read_query(replay_query(TEXT) + "&deal=5&lang=sv")
    assert (start.replay, start.deal, start.lang) == (TEXT, None, "sv")
    assert without_game(replay_query(TEXT) + "&lang=sv") == "?lang=sv"


def test_opening_a_replay_keeps_the_players_game() -> None:
    opening = open_game(Store(None), replay_query(TEXT), ["en"])
    assert opening.replay == Replay("classic", "deal 2H>6", deal=1)
    assert opening.notices == [] and opening.ask is None


@pytest.mark.parametrize("bad", ["", "2AAAA", TEXT[:-1] + "A", "1" + "A" * 9000])
def test_a_bad_replay_link_is_a_notice_and_the_game_opens_as_usual(bad: str) -> None:
    opening = open_game(Store(None), "?replay=" + bad, ["en"])
    assert opening.replay is None
    assert len(opening.notices) == 1
    assert opening.notices[0].startswith("This replay link cannot be played:")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("reason", ["long", "version", "checksum", "line"])
def test_every_notice_and_bar_text_is_translated(lang: str, reason: str) -> None:
    translated.set_language(lang)
    try:
        said = [replay_problem_text(reason), position_text(0, 5), position_text(3, 5)]
        if lang != "en":
            translated.set_language("en")
            english = [replay_problem_text(reason), position_text(0, 5), position_text(3, 5)]
            assert not set(said) & set(english)
    finally:
        translated.set_language("en")


def test_the_bar_texts() -> None:
    assert position_text(0, 51) == "At the deal, 51 moves to go"
    assert position_text(12, 51) == "Move 12 of 51"
    assert [speed_text(s) for s in SPEEDS] == ["0.5×", "1×", "2×", "4×"]


class Saves:
    def __init__(self) -> None:
        self.saved = 0
        self.painted = 0
        self.conflict = None
        self.aside = None

    def save(self, session: Session, replace: bool = False) -> str:
        self.saved += 1
        return "saved"

    def save_paint(self, snapshot: Any) -> None:
        self.painted += 1


class FakeActuator:
    def grow(self) -> bool:
        return False

    def paint_snapshot(self) -> dict[str, Any]:
        return {}


class FakeAnnouncer:
    def update_words(self) -> None:
        pass


def test_nothing_is_saved_while_a_replay_is_on_the_table() -> None:
    store = Saves()
    state = TableState(Session(Game.new(5)))
    state.session.play(DEAL)
    keeper = AutoSave(
        store, state, FakeActuator(), FakeAnnouncer(), Timing(*(lambda fn: fn(),) * 4),  # type: ignore[arg-type]
        Events(),
    )  # fmt: skip
    state.replaying = True
    keeper.after_frame(save=True)
    keeper.save()
    keeper.paint_stale = True
    keeper.flush()
    assert (store.saved, store.painted) == (0, 0)
    state.replaying = False
    keeper.flush()
    assert (store.saved, store.painted) == (0, 1)  # the paint waited; the save is asked
    keeper.after_frame(save=True)
    assert store.saved == 1
