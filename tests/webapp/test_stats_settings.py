"""Statistics and Settings (``panels/stats_settings.py``) on the fakes: what the player
sees in the dialogs and on the page, and what is saved (the real ``Store`` over
``FakeStorage``)."""

from __future__ import annotations

import pytest
from panel_stack import Panels, panels, save_text
from webapp import translated
from webapp.panels.stats_settings import REDUCED_MOTION, TICK_MS

from scorpion.game import Game
from scorpion.session import Session, Settings


@pytest.fixture(autouse=True)
def english() -> None:
    translated.set_language("en")


def change(p: Panels, element_id: str, checked: bool | None = None, value: str = "") -> None:
    """The player ticks, unticks or chooses in a form control."""
    if checked is not None:
        p.chrome.set_checked(element_id, checked)
    if value:
        p.chrome.set_value(element_id, value)
    p.chrome.fire(element_id, "change")


def saved_settings(p: Panels) -> dict[str, object]:
    return dict(p.table.saved()["settings"])


# --- Settings ----------------------------------------------------------------------------


def test_settings_opens_showing_the_settings_as_saved() -> None:
    settings = Settings(four_colour=True, timer=True, card_back="blue", table_colour="red")
    p = panels(save_text(Session(Game.new(9), settings)))
    p.chrome.click("settings-button")
    assert p.chrome.open_dialogs() == ["settings-dialog"]
    el = p.chrome.el
    assert el("set-language").value == el("language").value == "en"
    assert el("set-four-colour").checked and el("four-colour").checked
    assert el("set-timer").checked and not el("timer").hidden
    assert el("set-interactive-rules").checked == settings.interactive_rules
    assert el("set-back-blue").checked and not el("set-back-classic").checked
    assert el("set-table-red").checked and not el("set-table-green").checked
    assert {"four-colour", "back-blue", "table-red"} <= p.chrome.root_classes
    assert "no-motion" not in p.chrome.root_classes
    p.chrome.click("settings-close")
    assert p.chrome.open_dialogs() == []


def test_a_switch_is_saved_and_shown_in_both_places() -> None:
    p = panels()
    p.chrome.click("settings-button")
    change(p, "set-four-colour", checked=True)
    assert saved_settings(p)["four_colour"] is True
    assert p.chrome.el("four-colour").checked  # the footer's quick one follows
    assert "four-colour" in p.chrome.root_classes
    change(p, "four-colour", checked=False)  # the footer's
    assert saved_settings(p)["four_colour"] is False
    assert not p.chrome.el("set-four-colour").checked
    assert "four-colour" not in p.chrome.root_classes


def test_a_switch_that_may_offer_the_finish_is_heard() -> None:
    p = panels()
    heard: list[bool] = []
    p.table.events.on("changed", lambda: heard.append(p.table.state.session.settings.offer_finish))
    change(p, "set-offer-finish", checked=False)
    assert heard == [False]
    assert saved_settings(p)["offer_finish"] is False


def test_the_timer_runs_while_it_is_on() -> None:
    p = panels()
    assert p.chrome.el("timer").hidden and not p.page.intervals
    change(p, "set-timer", checked=True)
    assert not p.chrome.el("timer").hidden
    assert [ms for ms, _fn in p.page.intervals.values()] == [TICK_MS]
    p.table.state.session.elapsed_ms = 65_000
    p.page.tick()
    assert p.chrome.el("timer-value").text == "1:05"
    change(p, "set-timer", checked=False)
    assert p.chrome.el("timer").hidden and not p.page.intervals
    assert saved_settings(p)["timer"] is False


def test_a_failing_tick_is_reported_not_lost() -> None:
    p = panels(save_text(Session(Game.new(9), Settings(timer=True))))
    p.chrome.raise_errors = False
    p.table.state.session = None  # type: ignore[assignment]  # the state broken
    p.page.tick()
    assert [where for where, _details in p.chrome.reported] == ["timer"]
    assert p.chrome.notice_shown()


def test_a_card_back_and_a_table_colour_are_chosen() -> None:
    p = panels()
    p.chrome.click("settings-button")
    change(p, "set-back-black", checked=True)
    change(p, "set-table-blue", checked=True)
    assert (saved_settings(p)["card_back"], saved_settings(p)["table_colour"]) == ("black", "blue")
    assert {"back-black", "table-blue"} <= p.chrome.root_classes
    assert not p.chrome.el("set-back-classic").checked
    change(p, "set-back-classic", checked=False)  # the radio left: its change is no choice
    assert saved_settings(p)["card_back"] == "black"


def test_animations_off_and_the_systems_reduced_motion() -> None:
    p = panels()
    board = p.table.board
    change(p, "set-animations", checked=False)
    assert "no-motion" in p.chrome.root_classes and board.motion_ms == 0
    change(p, "set-animations", checked=True)
    assert "no-motion" not in p.chrome.root_classes and board.motion_ms > 0
    p.chrome.media_changed(REDUCED_MOTION, True)  # the system asks for reduced motion
    animations = p.chrome.el("set-animations")
    assert animations.disabled and not animations.checked and board.motion_ms == 0
    assert saved_settings(p)["animations"] is True  # the player's own choice waits
    p.chrome.media_changed(REDUCED_MOTION, False)
    assert not animations.disabled and animations.checked and board.motion_ms > 0


def test_a_language_is_chosen_saved_and_the_page_speaks_it() -> None:
    p = panels()
    mounted = p.table.board.mounted
    p.chrome.click("settings-button")
    p.data.message("Exported to the file x.json.")
    change(p, "set-language", value="de")
    assert translated.language() == "de"
    assert saved_settings(p)["language"] == "de"
    assert p.chrome.el("language").value == "de"
    assert p.chrome.el("data-message").text == ""  # a message of the old language is stale
    assert p.table.board.mounted == mounted + 1  # the cards named again, in German
    assert p.table.said() == translated._("Language changed.") != "Language changed."
    assert p.chrome.el("stats-label").text == "Statistik"  # the fixed texts ("language")


def test_an_unknown_language_changes_nothing() -> None:
    p = panels()
    change(p, "language", value="xx")
    assert translated.language() == "en"
    assert saved_settings(p)["language"] is None


def test_settings_arriving_with_another_session_are_shown() -> None:
    p = panels()
    other = Session(Game.new(4), Settings(language="sv", four_colour=True))
    p.chrome.click("settings-button")
    p.table.arrivals.adopt(other)  # another tab's save
    assert translated.language() == "sv"
    assert p.chrome.el("set-language").value == "sv"
    assert "four-colour" in p.chrome.root_classes


def test_new_games_winnable_option_is_remembered() -> None:
    p = panels()
    revision = p.table.saved()["revision"]
    p.settings.remember_winnable(True)
    assert saved_settings(p)["winnable_only"] is True
    after = p.table.saved()["revision"]
    p.settings.remember_winnable(True)  # no change: no save
    assert after == revision + 1 == p.table.saved()["revision"]


# --- where the data is kept ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("persisted", "state", "words"),
    [
        (None, "unknown", "It does not say how long"),
        (True, "granted", "keeps them until you delete them"),
        (False, "denied", "may delete them when it runs short of space"),
    ],
)
def test_settings_say_whether_the_browser_keeps_the_data(
    persisted: bool | None, state: str, words: str
) -> None:
    p = panels()
    p.page.persisted = persisted
    p.chrome.click("settings-button")
    status = p.chrome.el("persist-status")
    assert words in status.text
    assert status.attrs["data-state"] == state


def test_the_browser_is_asked_once_to_keep_the_data() -> None:
    p = panels()
    p.page.persisted = True
    p.table.play.new_game(11, "classic")  # not counted yet: nothing worth keeping
    assert p.page.asked_persist == 0
    for _ in range(2):  # counted games, saved
        p.table.play.play(p.table.state.game.legal_moves()[0])
    assert p.page.asked_persist == 1
    p.chrome.click("settings-button")
    assert p.chrome.el("persist-status").attrs["data-state"] == "granted"


def test_settings_say_when_the_browser_refuses_to_save() -> None:
    p = panels()
    p.page.persisted = False
    p.chrome.click("settings-button")
    p.table.storage.full = True
    change(p, "set-timer", checked=True)  # not saved
    assert p.chrome.notice_shown()  # said at once, in the notice bar
    change(p, "set-four-colour", checked=True)  # the status follows, the dialog open
    status = p.chrome.el("persist-status")
    assert status.attrs["data-state"] == "failing"
    assert "does not save the game now" in status.text


def test_a_failing_answer_of_the_browser_is_reported() -> None:
    p = panels()
    p.page.persisted = True
    p.chrome.raise_errors = False
    p.table.store.failure = None
    p.settings.keeper = None  # type: ignore[assignment]  # broken: the answer cannot be shown
    p.settings.query_persistence()
    assert [where for where, _details in p.chrome.reported] == ["persistent storage"]


# --- Statistics ----------------------------------------------------------------------------


def play_and_abandon(p: Panels) -> None:
    """A counted game, left for another: a loss in the statistics and the last games."""
    game = p.table.state.game
    p.table.play.play(game.legal_moves()[0])
    p.table.play.new_game(21, "classic")


def test_statistics_open_with_both_variants_and_the_last_games() -> None:
    p = panels()
    p.chrome.click("stats")
    assert p.chrome.open_dialogs() == ["stats-dialog"]
    assert p.chrome.focused == "stats-close"
    table = p.chrome.el("stats-table").html
    assert 'data-variant="classic" data-stat="played">0<' in table
    assert 'data-variant="classic" class="current"' in table
    assert p.chrome.el("recent-scroll").hidden and not p.chrome.el("recent-empty").hidden
    p.chrome.click("stats-close")
    play_and_abandon(p)
    p.chrome.click("stats")
    assert 'data-variant="classic" data-stat="played">1<' in p.chrome.el("stats-table").html
    assert 'data-result="abandoned"' in p.chrome.el("recent-table").html
    assert not p.chrome.el("recent-scroll").hidden and p.chrome.el("recent-empty").hidden


def test_statistics_export_as_a_csv_file_named_by_the_date() -> None:
    p = panels()
    play_and_abandon(p)
    p.chrome.click("stats")
    p.chrome.click("stats-export")
    [(text, name, kind)] = p.page.downloads
    assert name == "scorpion-statistics-2025-11-30.csv"
    assert kind.startswith("text/csv")
    assert "Abandoned" in text
    assert p.chrome.el("stats-message").text == f"Exported to the file {name}."
    p.chrome.click("stats-close")
    p.chrome.click("stats")  # the message was for then
    assert p.chrome.el("stats-message").text == ""


def test_statistics_reset_after_a_confirmation() -> None:
    p = panels()
    play_and_abandon(p)
    p.chrome.click("stats")
    p.chrome.click("stats-reset")
    assert p.chrome.is_open("reset-dialog")
    p.chrome.click("reset-cancel")
    assert p.table.saved()["stats"]["classic"]["played"] == 1  # nothing changed
    p.chrome.click("stats-reset")
    p.chrome.click("reset-confirm")
    assert not p.chrome.is_open("reset-dialog") and p.chrome.is_open("stats-dialog")
    assert p.table.saved()["stats"]["classic"]["played"] == 0
    assert p.table.saved()["stats"]["recent"] == []
    assert 'data-stat="played">0<' in p.chrome.el("stats-table").html
    assert p.table.said() == "Statistics reset."


def test_open_statistics_follow_a_language_change() -> None:
    p = panels()
    p.chrome.click("stats")
    p.settings.choose_language("sv")
    assert translated._("Games played") in p.chrome.el("stats-table").html
    assert "Games played" not in p.chrome.el("stats-table").html
