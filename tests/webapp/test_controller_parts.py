"""The controller's parts that need no page: the shared state's clock of play, and when
``AutoSave`` saves, says, and hands another tab's game over (with fakes for the rest)."""

from __future__ import annotations

from typing import Any

from webapp.play.autosave import AutoSave, Timing
from webapp.play.table_state import AWAY_MS, TableState

from scorpion import DEAL, Game
from scorpion.session import Session

NOW = Timing(*(lambda fn: fn(),) * 4)  # everything at once


def test_the_clock_of_play_caps_a_pause_and_stops_at_the_win() -> None:
    now = [1_000.0]
    state = TableState(Session(Game.new(3)), clock=lambda: now[0])
    assert state.elapsed() == 0  # the first action: the clock starts
    now[0] += 5_000
    assert state.play_time() == 5_000
    now[0] += 10 * AWAY_MS
    assert state.elapsed() == AWAY_MS  # the player was away: counted as the cap
    state.session.finished = True
    assert state.play_time() == state.session.elapsed_ms


def test_the_pile_is_the_card_and_everything_above_it() -> None:
    state = TableState(Session(Game.new(3)))
    top = state.game.columns[6][-1][0]
    assert state.pile(top) == [top]
    assert state.pile("XX") == []


class FakeStore:
    def __init__(self, outcome: str, conflict: Session | None = None) -> None:
        self.outcome, self.conflict = outcome, conflict
        self.failure: str | None = "quota" if outcome == "failed" else None
        self.saved: list[bool] = []
        self.painted: list[dict[str, Any]] = []

    def save(self, session: Session, replace: bool = False) -> str:
        self.saved.append(replace)
        return self.outcome

    def save_paint(self, snapshot: dict[str, Any]) -> None:
        self.painted.append(snapshot)


class FakeScreen:
    def paint_snapshot(self) -> dict[str, Any]:
        return {"v": 4}


class FakeSpeech:
    def __init__(self) -> None:
        self.updated = 0

    def update_words(self) -> None:
        self.updated += 1


def keeper(store: FakeStore, timing: Timing = NOW) -> tuple[AutoSave, list[Any]]:
    said: list[Any] = []
    state = TableState(Session(Game.new(5)))
    state.session.play(DEAL)
    made = AutoSave(
        store, state, FakeScreen(), FakeSpeech(), timing,  # type: ignore[arg-type]
        on_conflict=lambda session, outcome: said.append((outcome, session)),
        on_storage_problem=lambda problem: said.append(problem),
        on_keeping=lambda: said.append("keep"),
    )  # fmt: skip
    return made, said


def test_a_save_asks_to_keep_and_then_paints_once_idle() -> None:
    store = FakeStore("saved")
    made, said = keeper(store)
    made.after_frame(save=True)
    assert store.saved == [False] and said == ["keep"] and store.painted == [{"v": 4}]


def test_a_burst_of_actions_is_one_save() -> None:
    later: list[Any] = []
    timing = Timing(later.append, later.append, later.append, later.append)
    store = FakeStore("saved")
    made, _said = keeper(store, timing)
    for _ in range(5):
        made.after_frame(save=True)
    assert len(later) == 2  # one save and one pass of words queued
    for task in later:
        task()
    assert store.saved == [False]


def test_a_failure_is_said_once_until_saving_works_again() -> None:
    store = FakeStore("failed")
    made, said = keeper(store)
    made.save()
    made.save()
    assert said == ["quota"]
    store.outcome, store.failure = "saved", None
    made.save()
    store.outcome, store.failure = "failed", "quota"
    made.save()
    assert said == ["quota", "keep", "quota"]


def test_another_tabs_game_goes_to_the_controller() -> None:
    theirs = Session(Game.new(8))
    made, said = keeper(FakeStore("newer", theirs))
    made.save()
    assert said == [("newer", theirs)]  # and nothing else: nothing was written
    made, said = keeper(FakeStore("merged", theirs))
    made.save()
    assert said[0] == ("merged", theirs) and "keep" in said
