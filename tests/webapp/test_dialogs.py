"""The dialogs (webapp.panels.dialogs) against fakes of the page: New game with its
winnable lists, the win with its confetti, the rules, a link's game. What the player sees
(texts, which dialog is open, where the focus is, the errors) and what is started."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from fakes import FakeChrome, FakeEvent, FakePage
from webapp import translated
from webapp.events import Events
from webapp.panels.dialogs import (
    CONFETTI_MS,
    CONFETTI_PIECES,
    LINK,
    NEW_GAME,
    RULES,
    WIN,
    Dialogs,
    read_deal_number,
)
from webapp.winnable import url

from scorpion.deals import MAX_DEAL

CLASSIC = json.dumps({"variant": "classic", "deals": [3, 6, 14, 24], "grades": "emhx"})
RELAXED = json.dumps({"variant": "relaxed", "deals": [7, 8]})
NOT_LOADED = (
    "The list of winnable deals could not be loaded, so no game was started. "
    "Check the connection and try again, or type a deal number."
)


class FocusChrome(FakeChrome):
    """The fake chrome, with the browser's focus return: a dialog remembers where the focus
    was when it opened; closing it puts the focus back if it was lost with the dialog (a
    modal holds the focus: one that moved while it was open was inside it)."""

    def __init__(self) -> None:
        super().__init__()
        self.returns: dict[str, str | None] = {}

    def show_modal(self, element_id: str) -> None:
        if not self.is_open(element_id):
            self.returns[element_id] = self.focused
        super().show_modal(element_id)

    def close(self, element_id: str) -> None:
        if self.is_open(element_id) and self.focused != self.returns.get(element_id):
            self.focused = None  # the focus was inside: lost with the dialog
        super().close(element_id)

    def forget_focus(self, element_id: str) -> None:
        self.returns.pop(element_id, None)

    def restore_focus(self, element_id: str) -> None:
        back = self.returns.pop(element_id, None)
        if self.focused is None and back:
            self.focused = back


@dataclass
class DialogTable:
    """The dialogs with their ports, and what they started or said."""

    chrome: FocusChrome = field(default_factory=FocusChrome)
    page: FakePage = field(default_factory=FakePage)
    events: Events = field(default_factory=Events)
    started: list[tuple[int | None, str, bool]] = field(default_factory=list)
    restarts: int = 0
    heard: list[tuple[str, tuple[Any, ...]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.page.responses = {url("classic"): CLASSIC, url("relaxed"): RELAXED}
        for name in ("new-game-asked", "stats-asked", "winnable-chosen", "list-arrived"):
            self.events.on(name, lambda *args, name=name: self.heard.append((name, args)))
        self.chrome.flag("notice", "hidden", True)
        self.dialogs = Dialogs(
            self.chrome,  # type: ignore[arg-type]
            self.page,  # type: ignore[arg-type]
            self.events,
            start=lambda *game: self.started.append(game),
            restart=self.restart,
            rng=random.Random(5),
        )

    def restart(self) -> None:
        self.restarts += 1

    def el(self, element_id: str) -> Any:
        return self.chrome.el(element_id)

    def type_deal(self, text: str) -> None:
        self.chrome.set_value("ng-deal", text)
        self.chrome.fire("ng-deal", "input")

    def start(self) -> FakeEvent:
        """Press Start (the form's submit)."""
        event = FakeEvent()
        self.chrome.fire("ng-form", "submit", event)
        return event

    def choose(self, variant: str) -> None:
        self.chrome.set_checked("ng-classic", variant == "classic")
        self.chrome.set_checked("ng-relaxed", variant == "relaxed")
        self.chrome.fire(f"ng-{variant}", "change")

    def tick_winnable(self, on: bool) -> None:
        self.chrome.set_checked("ng-winnable", on)
        self.chrome.fire("ng-winnable", "change")

    def grade(self, grade: str) -> None:
        self.chrome.set_value("ng-grade", grade)
        self.chrome.fire("ng-grade", "change")

    def status(self) -> tuple[str, bool, bool]:
        """The status line: its text, whether it is an error, whether the form is busy."""
        status = self.el("ng-status")
        return status.text, "error" in status.classes, "aria-busy" in self.el("ng-form").attrs

    def names(self) -> list[str]:
        return [name for name, _args in self.heard]


@pytest.fixture
def table() -> Iterator[DialogTable]:
    yield DialogTable()
    translated.set_language("en")


def open_new_game(table: DialogTable, variant: str = "classic", **options: Any) -> None:
    table.chrome.focus("new-game")  # the bar's New game button
    table.dialogs.open_new_game(variant, options.pop("in_progress", False), **options)


# --- New game ----------------------------------------------------------------------------


def test_new_game_opens_on_the_deal_number_with_the_tables_variant(table: DialogTable) -> None:
    table.el("ng-deal").value = "77"  # left from last time
    open_new_game(table, "relaxed")
    assert table.chrome.open_dialogs() == [NEW_GAME]
    assert table.chrome.focused == "ng-deal"
    assert table.el("ng-relaxed").checked and not table.el("ng-classic").checked
    assert table.el("ng-deal").value == ""
    assert table.el("ng-deal").attrs["placeholder"] == "random"
    assert table.el("ng-deal-help").text == "Leave empty for a random deal."
    assert table.el("ng-grade").disabled  # only Classic deals are graded
    assert table.el("ng-warning").hidden
    assert table.el("ng-start").text == "Start"
    assert table.page.fetched == []  # no list asked for: the option is off


def test_a_game_in_progress_is_said_to_be_abandoned(table: DialogTable) -> None:
    open_new_game(table, in_progress=True)
    assert not table.el("ng-warning").hidden
    assert table.el("ng-warning").text == (
        "The game in progress will be abandoned and counted as lost."
    )
    assert table.el("ng-start").text == "Abandon and start"
    assert not table.el("ng-grade").disabled


def test_a_typed_number_is_dealt_as_typed(table: DialogTable) -> None:
    open_new_game(table, winnable_only=True)
    table.type_deal(" #1 234 ")
    pressed = table.start()
    assert pressed.prevented  # the form's own submit would close the dialog
    assert table.started == [(1234, "classic", False)]
    assert table.chrome.open_dialogs() == []
    assert table.chrome.focused != "new-game"  # the new game takes it, not the bar


def test_an_empty_number_without_the_option_deals_any_deal(table: DialogTable) -> None:
    open_new_game(table, "relaxed")
    table.start()
    assert table.started == [(None, "relaxed", False)]


@pytest.mark.parametrize("typed", ["abc", "0", str(MAX_DEAL + 1), "-5", "1.5"])
def test_a_bad_number_is_said_and_nothing_starts(table: DialogTable, typed: str) -> None:
    open_new_game(table)
    table.chrome.focus("ng-start")
    table.type_deal(typed)
    table.start()
    assert table.started == []
    assert table.chrome.open_dialogs() == [NEW_GAME]
    message = f"A deal number is a whole number from 1 to {MAX_DEAL:,}.".replace(",", "")
    assert table.el("ng-error").text == message
    assert not table.el("ng-error").hidden
    assert table.el("ng-deal").attrs["aria-invalid"] == "true"
    assert table.chrome.focused == "ng-deal"
    table.type_deal("12")  # typing again: the message is stale
    assert table.el("ng-error").hidden and table.el("ng-error").text == ""
    assert "aria-invalid" not in table.el("ng-deal").attrs
    table.start()
    assert table.started == [(12, "classic", False)]


@pytest.mark.parametrize(
    "text, read",
    [("", (None, None)), ("  ", (None, None)), ("#42", (42, None)), ("1\u00a0000", (1000, None))],
)
def test_read_deal_number(text: str, read: tuple[int | None, str | None]) -> None:
    assert read_deal_number(text) == read


def test_cancel_starts_nothing_and_gives_the_focus_back(table: DialogTable) -> None:
    open_new_game(table)
    table.chrome.click("ng-cancel")
    assert table.chrome.open_dialogs() == []
    assert table.started == [] and table.restarts == 0
    assert table.chrome.focused == "new-game"


def test_restart_this_deal(table: DialogTable) -> None:
    open_new_game(table, in_progress=True)
    table.chrome.click("ng-restart")
    assert table.restarts == 1
    assert table.started == []
    assert table.chrome.open_dialogs() == []
    assert table.chrome.focused != "new-game"  # the restarted game takes it


# --- winnable deals ----------------------------------------------------------------------


def test_the_option_on_fetches_the_list_and_deals_from_it(table: DialogTable) -> None:
    open_new_game(table, winnable_only=True, deal=3)
    assert table.page.fetched == [url("classic")]  # ahead of Start
    assert ("list-arrived", ()) in table.heard
    assert table.el("ng-deal").attrs["placeholder"] == "random winnable"
    assert table.el("ng-deal-help").text.startswith("Leave empty for a random winnable deal.")
    for _ in range(8):
        table.start()
        open_new_game(table, winnable_only=True, deal=3)
    assert {number for number, _variant, _drawn in table.started} <= {6, 14, 24}  # never 3
    assert {(variant, drawn) for _number, variant, drawn in table.started} == {("classic", True)}
    assert table.page.fetched == [url("classic")]  # fetched once


def test_start_waits_for_the_list_then_deals(table: DialogTable) -> None:
    table.page.hold_fetches = True
    open_new_game(table, "relaxed", winnable_only=True)
    table.start()
    assert table.started == []
    assert table.status() == ("Loading the winnable deals…", False, True)
    assert table.chrome.open_dialogs() == [NEW_GAME]
    table.page.release_fetches()
    assert table.started == [(7, "relaxed", True)] or table.started == [(8, "relaxed", True)]
    assert table.chrome.open_dialogs() == []
    assert table.status() == ("", False, False)


def test_a_list_that_cannot_be_had_is_said_and_the_dialog_stays(table: DialogTable) -> None:
    del table.page.responses[url("classic")]
    open_new_game(table, winnable_only=True)
    table.start()
    assert table.started == []
    assert table.status() == (NOT_LOADED, True, False)
    assert table.chrome.open_dialogs() == [NEW_GAME]
    assert "list-arrived" not in table.names()
    table.page.responses[url("classic")] = CLASSIC  # back online: Start tries again
    table.start()
    assert [drawn for _n, _v, drawn in table.started] == [True]
    assert table.page.fetched == [url("classic")] * 3  # on open, and on each Start


def test_a_broken_list_is_as_none(table: DialogTable) -> None:
    table.page.responses[url("classic")] = "<!doctype html><title>Offline</title>"
    open_new_game(table, winnable_only=True)
    table.start()
    assert table.status() == (NOT_LOADED, True, False)
    assert table.started == []


def test_a_change_while_waiting_drops_the_start(table: DialogTable) -> None:
    table.page.hold_fetches = True
    open_new_game(table, winnable_only=True)
    table.start()
    table.type_deal("")  # the player edits the form: they are still choosing
    assert table.status() == ("", False, False)
    table.page.release_fetches()
    assert table.started == []
    assert table.chrome.open_dialogs() == [NEW_GAME]


def test_closing_while_waiting_drops_the_start(table: DialogTable) -> None:
    table.page.hold_fetches = True
    open_new_game(table, winnable_only=True)
    table.start()
    table.dialogs.close(NEW_GAME)  # Escape
    assert table.status() == ("", False, False)
    table.page.release_fetches()
    assert table.started == []
    assert table.chrome.focused == "new-game"


def test_the_other_variants_list_arriving_starts_nothing(table: DialogTable) -> None:
    table.page.hold_fetches = True
    open_new_game(table, winnable_only=True)  # classic's list on its way
    table.choose("relaxed")
    table.start()  # waits for relaxed's
    table.page.release_fetches()
    assert table.page.fetched == [url("classic"), url("relaxed")]
    assert len(table.started) == 1 and table.started[0][1:] == ("relaxed", True)


def test_ticking_the_option_is_remembered_and_fetches_the_list(table: DialogTable) -> None:
    open_new_game(table)
    table.tick_winnable(True)
    assert ("winnable-chosen", (True,)) in table.heard
    assert table.page.fetched == [url("classic")]
    assert table.el("ng-deal").attrs["placeholder"] == "random winnable"
    table.tick_winnable(False)
    assert table.heard[-1] == ("winnable-chosen", (False,))
    assert table.el("ng-deal").attrs["placeholder"] == "random"
    table.start()
    assert table.started == [(None, "classic", False)]


def test_a_grade_draws_from_the_classic_list_without_the_option(table: DialogTable) -> None:
    open_new_game(table)
    table.grade("hard")
    assert table.page.fetched == [url("classic")]
    table.start()
    assert table.started == [(14, "classic", True)]


def test_relaxed_has_no_grades(table: DialogTable) -> None:
    open_new_game(table)
    table.grade("hard")
    table.choose("relaxed")
    assert table.el("ng-grade").disabled
    table.start()
    assert table.started == [(None, "relaxed", False)]


def test_another_part_loads_a_list_for_its_grades(table: DialogTable) -> None:
    table.dialogs.load_list("classic")
    table.dialogs.load_list("classic")
    assert table.page.fetched == [url("classic")]
    assert table.dialogs.lists.grades["classic"][24] == "expert"
    assert table.names() == ["list-arrived"]


# --- the win -------------------------------------------------------------------------------


def test_the_win_shows_the_score_and_the_sentence_by_phrases(table: DialogTable) -> None:
    table.dialogs.open_win(612, 87)
    assert table.chrome.open_dialogs() == [WIN]
    assert table.el("win-score").text == "612"
    assert table.el("win-text").html == (
        '<span class="phrase">All four sequences are home,</span> '
        '<span class="phrase">in 87 moves.</span>'
    )


def test_the_win_in_chinese_breaks_after_its_comma(table: DialogTable) -> None:
    translated.set_language("zh-TW")
    table.dialogs.open_win(612, 87)
    markup = table.el("win-text").html
    assert markup.count('<span class="phrase">') == 2
    assert "</span><span" in markup  # no space between Chinese phrases
    assert "87" in markup


def test_confetti_falls_over_the_win_and_is_gone_after(table: DialogTable) -> None:
    table.dialogs.open_win(612, 87)
    pieces = table.chrome.confetti_pieces
    assert len(pieces) == CONFETTI_PIECES
    assert pieces[0] == "left:0%;animation-delay:0ms;background:#ffd54a"
    assert len(set(pieces)) == CONFETTI_PIECES
    assert [ms for ms, _fn in table.page.timers] == [CONFETTI_MS]
    table.page.run_timers()
    assert table.chrome.confetti_pieces == ()
    assert table.chrome.open_dialogs() == [WIN]  # the dialog stays


@pytest.mark.parametrize("how", ["close", "escape", "new-game"])
def test_the_confetti_goes_with_the_win_dialog(table: DialogTable, how: str) -> None:
    table.chrome.focus("hint")
    table.dialogs.open_win(612, 87)
    if how == "close":
        table.chrome.click("win-close")
    elif how == "escape":
        table.chrome.close(WIN)
    else:
        table.chrome.click("win-new")
    assert table.chrome.open_dialogs() == []
    assert table.chrome.confetti_pieces == ()
    assert ("new-game-asked" in table.names()) == (how == "new-game")
    if how != "new-game":
        assert table.chrome.focused == "hint"
    table.page.run_timers()  # the shower's end finds nothing to take away
    assert table.chrome.confetti_pieces == ()


def test_an_old_showers_end_leaves_a_new_one(table: DialogTable) -> None:
    table.dialogs.open_win(612, 87)
    table.chrome.click("win-close")
    table.dialogs.open_win(640, 80)
    (_ms, first_end), (_ms2, second_end) = table.page.timers
    first_end()
    assert len(table.chrome.confetti_pieces) == CONFETTI_PIECES
    second_end()
    assert table.chrome.confetti_pieces == ()


def test_no_confetti_with_reduced_motion(table: DialogTable) -> None:
    table.page.motion_reduced = True
    table.dialogs.open_win(612, 87)
    assert table.chrome.open_dialogs() == [WIN]
    assert table.chrome.confetti_pieces == () and table.page.timers == []


def test_no_confetti_with_animations_off(table: DialogTable) -> None:
    table.chrome.root_class("no-motion", True)
    table.dialogs.open_win(612, 87)
    assert table.chrome.confetti_pieces == ()


def test_statistics_open_over_the_win(table: DialogTable) -> None:
    table.dialogs.open_win(612, 87)
    table.chrome.click("win-stats")
    assert table.names() == ["stats-asked"]
    assert table.chrome.open_dialogs() == [WIN]


# --- the rules, a link's game, other dialogs ------------------------------------------------


def test_the_rules_in_the_players_language(table: DialogTable) -> None:
    table.chrome.focus("rules")
    table.dialogs.open_rules("en")
    assert table.chrome.open_dialogs() == [RULES]
    english = table.el("rules-body").html
    assert "<h3" in english or "<p" in english
    table.chrome.click("rules-close")
    assert table.chrome.open_dialogs() == []
    assert table.chrome.focused == "rules"
    table.dialogs.open_rules("sv")
    assert table.el("rules-body").html not in ("", english)


def test_a_link_kept_changes_nothing(table: DialogTable) -> None:
    played: list[str] = []
    table.dialogs.confirm_link("Deal 5 from a link?", lambda: played.append("5"))
    assert table.chrome.open_dialogs() == [LINK]
    assert table.el("link-text").text == "Deal 5 from a link?"
    table.chrome.click("link-keep")
    assert table.chrome.open_dialogs() == [] and played == []


def test_a_link_accepted_plays_it_once(table: DialogTable) -> None:
    played: list[str] = []
    table.dialogs.confirm_link("Deal 5 from a link?", lambda: played.append("5"))
    table.chrome.click("link-play")
    assert table.chrome.open_dialogs() == [] and played == ["5"]
    table.chrome.click("link-play")
    assert played == ["5"]


def test_other_panels_dialogs_open_close_and_give_the_focus_back(table: DialogTable) -> None:
    dialogs, chrome = table.dialogs, table.chrome
    chrome.focus("stats")
    closed: list[str] = []
    dialogs.listen("daily-close", "click", lambda event: dialogs.close("daily-dialog"))
    dialogs.listen("daily-dialog", "close", lambda event: closed.append("daily"))
    dialogs.track("daily-dialog")
    dialogs.show("daily-dialog")
    dialogs.show("daily-dialog")  # already open: the focus to return is kept
    chrome.focus("daily-play")
    assert dialogs.is_open("daily-dialog")
    chrome.click("daily-close")
    assert not dialogs.is_open("daily-dialog")
    assert closed == ["daily"]
    assert chrome.focused == "stats"


def test_a_notice_for_other_panels(table: DialogTable) -> None:
    table.dialogs.notice("Saved games could not be read.")
    assert table.chrome.notice_shown() == "Saved games could not be read."


def test_an_error_in_a_dialogs_listener_is_reported_in_the_notice_bar(table: DialogTable) -> None:
    table.chrome.raise_errors = False
    table.page.responses.clear()

    def broken(*_args: Any) -> None:
        raise RuntimeError("broken")

    table.events.on("winnable-chosen", broken)
    open_new_game(table)
    table.tick_winnable(True)
    assert table.chrome.notice_shown() is not None
    assert table.chrome.open_dialogs() == [NEW_GAME]
