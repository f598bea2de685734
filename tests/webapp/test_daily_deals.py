"""The daily deal, its calendar and the deals' grades (``panels/daily_deals.py``) on the
fakes: the deal the table shows, the texts and the grid the player sees, and the calendar
the storage keeps."""

from __future__ import annotations

import doctest
import json
from datetime import date

import pytest
from panel_stack import DAILY_KEY, DATA, Panels, panels
from webapp import translated
from webapp.panels import daily_deals
from webapp.panels.daily_deals import TABLE_URL, calendar_markup

from scorpion.daily import Daily, day_number
from scorpion.dailyrecord import PLAYED, WON
from scorpion.game import Game

MARCH_1 = 1_772_366_400_000  # 2026-03-01 12:00 UTC
TODAY = date(2026, 3, 1)
TABLE = Daily.parse((DATA / "daily-classic.json").read_text("utf-8"))
TODAYS = TABLE.deal(day_number(TODAY))


@pytest.fixture(autouse=True)
def english() -> None:
    translated.set_language("en")


def test_the_doctests() -> None:
    assert doctest.testmod(daily_deals).failed == 0


def daily(saved: str | None = None, items: dict[str, str] | None = None) -> Panels:
    return panels(saved, items, now_ms=MARCH_1)


def days_kept(p: Panels) -> dict[str, str]:
    return dict(json.loads(p.table.storage.items[DAILY_KEY])["days"])


def statuses(p: Panels) -> list[tuple[str, bool]]:
    return [
        (p.chrome.el(i).text, "error" in p.chrome.el(i).classes)
        for i in ("ng-status", "daily-status")
    ]


# --- today's deal ----------------------------------------------------------------------------


def test_todays_deal_waits_for_the_table_then_is_dealt_and_kept() -> None:
    p = daily()
    p.page.hold_fetches = True
    p.chrome.show_modal("new-game-dialog")
    p.chrome.click("daily-deal")
    assert statuses(p) == [("Loading today's deal…", False)] * 2
    assert p.table.state.game.deal_number == 7  # nothing dealt yet
    p.page.release_fetches()
    assert p.table.state.game.deal_number == TODAYS
    assert p.chrome.el("deal-line").text == f"Deal {TODAYS} · Classic"
    assert p.table.said() == f"Daily deal of 2026-03-01: deal {TODAYS}."
    assert p.chrome.el("deal-grade").text == f"Grade: {TABLE.grade(day_number(TODAY))}"
    assert p.chrome.open_dialogs() == []
    assert statuses(p) == [("", False)] * 2
    assert days_kept(p) == {"2026-03-01": PLAYED}
    assert p.table.saved()["current"]["game"]["deal"] == TODAYS


def test_a_table_that_cannot_be_fetched_is_said_and_fetched_again() -> None:
    p = daily()
    del p.page.responses[TABLE_URL]
    p.chrome.click("daily-deal")
    error = "Today's deal could not be loaded. Check the connection and try again."
    assert statuses(p) == [(error, True)] * 2
    assert p.table.state.game.deal_number == 7
    p.page.responses[TABLE_URL] = "{not a table"  # answered, but not with a table
    p.chrome.click("daily-deal")
    assert statuses(p) == [(error, True)] * 2
    assert p.page.fetched.count(TABLE_URL) == 2
    p.page.responses[TABLE_URL] = (DATA / "daily-classic.json").read_text("utf-8")
    p.chrome.click("daily-deal")
    assert p.table.state.game.deal_number == TODAYS


def test_a_failure_while_dealing_is_reported_not_lost() -> None:
    p = daily()
    p.chrome.raise_errors = False
    p.daily.start = None  # type: ignore[assignment]  # broken: the deal cannot be dealt
    p.page.hold_fetches = True
    p.chrome.click("daily-deal")
    p.page.release_fetches()  # the table's arrival deals it: the error is the fetch's
    assert "daily table" in [where for where, _details in p.chrome.reported]
    assert p.chrome.notice_shown()


def test_a_won_daily_deal_is_marked_won() -> None:
    p = daily()
    p.chrome.click("daily-deal")
    p.table.events.emit("won", p.table.state.game)
    assert days_kept(p) == {"2026-03-01": WON}
    p.table.events.emit("won", Game.new(5))  # another deal: no daily one
    p.table.events.emit("won", Game.new(TODAYS, "relaxed"))
    assert days_kept(p) == {"2026-03-01": WON}


# --- the calendar ----------------------------------------------------------------------------


def test_the_calendar_shows_the_month_today_and_the_streak() -> None:
    p = daily(items={DAILY_KEY: json.dumps({"v": 1, "days": {"2026-02-28": "w"}})})
    p.chrome.show_modal("new-game-dialog")
    p.chrome.click("daily-calendar")
    assert p.chrome.open_dialogs() == ["daily-dialog"]
    assert p.chrome.el("daily-month").text == "2026-03-01"  # FakePage writes dates ISO
    grid = p.chrome.el("daily-grid").html
    weekdays = [f'<th scope="col">2024-01-0{d}</th>' for d in range(1, 8)]
    assert grid.startswith("<tr>" + "".join(weekdays) + "</tr>")
    assert '<td data-date="2026-03-01" aria-current="date">1</td>' in grid
    assert grid.count("<td data-date=") == 31
    assert p.chrome.el("daily-streak").text == "Current streak: 1 day won in a row."
    assert p.chrome.el("daily-warning").hidden
    assert p.chrome.el("daily-play").text == "Play today's deal"
    p.chrome.click("daily-prev")
    assert p.chrome.el("daily-month").text == "2026-02-01"
    grid = p.chrome.el("daily-grid").html
    assert (
        '<td data-date="2026-02-28" class="won" title="won">28'
        '<span class="visually-hidden"> (won)</span></td>'
    ) in grid
    p.chrome.click("daily-next")
    p.chrome.click("daily-next")
    assert p.chrome.el("daily-month").text == "2026-04-01"
    p.chrome.click("daily-close")
    assert p.chrome.open_dialogs() == []


def test_the_calendar_warns_of_a_game_in_progress_and_plays_today() -> None:
    p = daily()
    p.table.play.play(p.table.state.game.legal_moves()[0])  # the game counts now
    p.chrome.click("stats")
    p.chrome.click("stats-daily")
    warning = p.chrome.el("daily-warning")
    assert not warning.hidden
    assert warning.text == "The game in progress will be abandoned and counted as lost."
    assert p.chrome.el("daily-play").text == "Abandon and play today's deal"
    p.chrome.click("daily-play")
    assert p.table.state.game.deal_number == TODAYS
    assert not p.chrome.is_open("daily-dialog")
    assert p.table.saved()["stats"]["classic"]["played"] == 1  # the abandoned game counted
    p.chrome.click("daily-calendar")
    assert 'class="played" title="played"' in p.chrome.el("daily-grid").html


def test_unreadable_calendar_data_is_kept_and_said() -> None:
    bad = '{"v":1,"days":{"x":1}}'
    p = daily(items={DAILY_KEY: bad})
    [notice] = p.daily.notices()
    assert "daily calendar could not be read" in notice
    kept = [v for k, v in p.table.storage.items.items() if k.startswith("scorpion.backup.calendar")]
    assert kept == [bad]
    p.chrome.click("daily-deal")  # a new calendar
    assert days_kept(p) == {"2026-03-01": PLAYED}
    assert p.daily.notices() == []


def test_calendar_markup_escapes_its_words() -> None:
    markup = calendar_markup(["<M>"], [[TODAY]], {"2026-03-01": PLAYED}, date(2026, 3, 2),
                             {PLAYED: 'a "b" <c>'})  # fmt: skip
    assert '<th scope="col">&lt;M&gt;</th>' in markup
    assert 'title="a &quot;b&quot; &lt;c&gt;"' in markup and "aria-current" not in markup


# --- the grades ------------------------------------------------------------------------------


def test_a_small_classic_deal_is_graded_from_the_winnable_list() -> None:
    p = daily()
    p.table.play.new_game(14, "classic")
    assert p.chrome.el("deal-grade").text == "Grade: easy"
    assert p.page.fetched.count("static/data/winnable-classic.json") == 1
    p.table.play.new_game(1, "classic")  # not on the list
    assert p.chrome.el("deal-grade").text == ""
    p.table.play.new_game(14, "relaxed")  # only Classic is graded
    assert p.chrome.el("deal-grade").text == ""


def test_a_grade_waits_for_its_list_and_follows_the_language() -> None:
    p = daily()
    p.page.hold_fetches = True
    p.table.play.new_game(TODAYS, "classic")  # a daily deal's number, from a link say
    assert p.chrome.el("deal-grade").text == ""
    p.page.release_fetches()
    grade = TABLE.grade(day_number(TODAY))
    assert p.chrome.el("deal-grade").text == f"Grade: {grade}"
    p.settings.choose_language("de")
    assert p.chrome.el("deal-grade").text == translated._("Grade: {grade}").format(
        grade=daily_deals.grade_name(grade)
    )


def test_a_deal_of_neither_kind_fetches_nothing() -> None:
    p = daily()
    p.table.play.new_game(50_000_000, "classic")
    assert p.chrome.el("deal-grade").text == ""
    assert "static/data/daily-classic.json" not in p.page.fetched
    assert daily_deals.grade_name("unheard") == "unheard"
