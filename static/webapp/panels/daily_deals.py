"""The daily deal and the deals' grades in the page: New game's ``#daily-deal`` button,
the calendar (``#daily-dialog``: a month of days played and won, the streak) and the
grade of the deal on the table (``#deal-grade``).

The daily table (``static/data/daily-classic.json``, ``scorpion.daily``) and the classic
winnable list (its grades) are fetched when first needed: a classic deal on the table that
one of them may grade (a daily deal's number, or a small one), the daily button, the
calendar; again if that failed. The service worker has both precached, so the daily deal
works offline.
The calendar is kept by ``storage.Store`` under a key of its own (``scorpion.dailyrecord``).
The grade is written whenever the texts that follow the game are (the ``drawn`` event),
and when something that may grade the deal arrives.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date
from typing import Any

from scorpion.daily import BASE, BLOCK, Daily, day_number
from scorpion.dailyrecord import PLAYED, WON, month, shift_month, streak
from scorpion.game import Game
from webapp import translated
from webapp.escaping import escape
from webapp.page.browser import Page
from webapp.page.chrome import Chrome
from webapp.page.storage import Store
from webapp.panels.dialogs import Dialogs
from webapp.play.table_state import TableState
from webapp.translated import _, ngettext

TABLE_URL = "static/data/daily-classic.json"
SMALL = 1_000_000  # the winnable list's deals are all below this


def grade_name(grade: str) -> str:
    names = {"easy": _("easy"), "medium": _("medium"), "hard": _("hard"), "expert": _("expert")}
    return names.get(grade, grade)


def calendar_markup(
    weekdays: Sequence[str],
    weeks: Sequence[Sequence[date | None]],
    days: Mapping[str, str],
    today: date,
    marks: Mapping[str, str],
) -> str:
    """``#daily-grid``: a head row of ``weekdays``, then a row per week; a day carries
    ``data-date``, and its mark in ``days`` (``PLAYED``/``WON``) as a class, a title and
    hidden words (``marks``: the mark's words); today is ``aria-current="date"``.

    >>> calendar_markup(["Mo"], [[None, date(2026, 3, 1)]], {"2026-03-01": WON},
    ...                 date(2026, 3, 1), {WON: "won"})  # doctest: +NORMALIZE_WHITESPACE
    '<tr><th scope="col">Mo</th></tr><tr><td></td><td data-date="2026-03-01" class="won"
    title="won" aria-current="date">1<span class="visually-hidden"> (won)</span></td></tr>'
    """
    head = "".join(f'<th scope="col">{escape(name)}</th>' for name in weekdays)
    rows = [f"<tr>{head}</tr>"]
    for week in weeks:
        cells = []
        for day in week:
            if day is None:
                cells.append("<td></td>")
                continue
            key = day.isoformat()
            mark = days.get(key)
            attrs = f' data-date="{key}"'
            label = ""
            if mark:
                words = escape(marks[mark])
                attrs += f' class="{"won" if mark == WON else "played"}" title="{words}"'
                label = f'<span class="visually-hidden"> ({words})</span>'
            if day == today:
                attrs += ' aria-current="date"'
            cells.append(f"<td{attrs}>{day.day}{label}</td>")
        rows.append(f"<tr>{''.join(cells)}</tr>")
    return "".join(rows)


class DailyDeals:
    def __init__(
        self,
        state: TableState,
        store: Store,
        dialogs: Dialogs,
        chrome: Chrome,
        page: Page,
        start: Callable[[int, str], None],
    ) -> None:
        self.state = state
        self.store = store
        self.dialogs = dialogs
        self.chrome = chrome
        self.page = page
        self.start = start  # deal this classic deal, announcing it so
        self.table: Daily | None = None
        self.loading = False
        self.pending = False  # the daily button waits for the table
        self.record, self.unreadable = store.load_daily()
        self.shown: tuple[int, int] | None = None  # the calendar's month

    def bind(self) -> None:
        listen = self.dialogs.listen
        listen("daily-deal", "click", lambda event: self.play_today())
        listen("daily-play", "click", lambda event: self.play_today())
        for element_id in ("daily-calendar", "stats-daily"):
            listen(element_id, "click", lambda event: self.open_calendar())
        listen("daily-close", "click", lambda event: self.dialogs.close("daily-dialog"))
        listen("daily-prev", "click", lambda event: self._turn(-1))
        listen("daily-next", "click", lambda event: self._turn(1))
        self.dialogs.track("daily-dialog")

    def notices(self) -> list[str]:
        if not self.unreadable:
            return []
        return [
            _(
                "The daily calendar could not be read. It was kept as a backup (Settings, "
                "Saved data) and a new calendar started."
            )
        ]

    # --- the data -------------------------------------------------------------------------

    def load(self) -> None:
        """Fetch the daily table and the classic list (for the grades) if not there yet."""
        self.dialogs.load_list("classic")
        self.load_table()

    def load_table(self) -> None:
        if self.table is not None or self.loading:
            return
        self.loading = True

        def failed(error: Any) -> None:
            self.loading = False
            print(f"scorpion: the daily table could not be loaded: {error}")
            if self.pending:
                self.pending = False
                self._status(
                    _("Today's deal could not be loaded. Check the connection and try again."),
                    error=True,
                )

        def arrived(text: str) -> None:
            self.loading = False
            try:
                self.table = Daily.parse(text)
            except ValueError as error:
                failed(error)
                return
            self.show_grade()
            if self.pending:
                self.pending = False
                self.play_today()

        guarded = self.chrome.guarded
        self.page.fetch_text(
            TABLE_URL, guarded("daily table", arrived), guarded("daily table", failed)
        )

    def today(self) -> date:
        return self.page.today()

    def grade_of(self, game: Game) -> str | None:
        """The grade of the deal on the table, when a shipped list knows it."""
        number = game.deal_number
        if game.variant != "classic" or number is None:
            return None
        table = self.table
        n = (number - BASE) // BLOCK
        if table is not None and 0 <= n < len(table.picks) and table.deal(n) == number:
            return table.grade(n)
        return self.dialogs.lists.grades.get("classic", {}).get(number)

    def grade_text(self) -> str:
        """The grade's words for ``#deal-grade``; fetches what may grade the deal first."""
        game = self.state.game
        number = game.deal_number
        if game.variant == "classic" and number is not None:
            if number >= BASE:
                self.load_table()
            elif number < SMALL:
                self.dialogs.load_list("classic")
        grade = self.grade_of(game)
        return _("Grade: {grade}").format(grade=grade_name(grade)) if grade else ""

    def show_grade(self) -> None:
        """``#deal-grade``: the grade of the deal on the table, when known."""
        self.chrome.text("deal-grade", self.grade_text())

    # --- playing --------------------------------------------------------------------------

    def play_today(self) -> None:
        """Deal today's deal (the New game or calendar dialog warned if a game counts)."""
        if self.table is None:
            self.pending = True
            self._status(_("Loading today's deal…"))
            self.load()
            return
        self._status("")
        today = self.today()
        number = self.table.deal(day_number(today))
        self.dialogs.close("new-game-dialog")
        self.dialogs.close("daily-dialog")
        self.record = self.record.started(today, number)
        self._keep()
        self.start(number, _("Daily deal of {date}: deal {number}.").format(
            date=self._date_text(today), number=number))  # fmt: skip

    def won(self, game: Game) -> None:
        """A game was won: the daily deal being played counts for its date."""
        if game.variant != "classic" or game.deal_number is None:
            return
        record = self.record.won_deal(game.deal_number)
        if record is not None:
            self.record = record
            self._keep()

    def _keep(self) -> None:
        if self.store.save_daily(self.record):
            self.unreadable = False

    def _status(self, text: str, error: bool = False) -> None:
        for element_id in ("ng-status", "daily-status"):
            self.chrome.classed(element_id, "error", error)
            self.chrome.text(element_id, text)

    # --- the calendar ---------------------------------------------------------------------

    def open_calendar(self) -> None:
        today = self.today()
        self.shown = (today.year, today.month)
        self._status("")
        self.show_calendar()
        self.dialogs.close("new-game-dialog")
        self.dialogs.show("daily-dialog")
        self.load()

    def _turn(self, by: int) -> None:
        if self.shown is not None:
            self.shown = shift_month(*self.shown, by)
            self.show_calendar()

    def show_calendar(self) -> None:
        """The month shown (its days played and won, today), and the streak."""
        today = self.today()
        year, number = self.shown or (today.year, today.month)
        lang = translated.language()
        chrome = self.chrome
        chrome.text(
            "daily-month",
            self.page.date_text(date(year, number, 1), lang, month="long", year="numeric"),
        )
        weekdays = [  # 2024-01-01 was a Monday
            self.page.date_text(date(2024, 1, 1 + weekday), lang, weekday="short")
            for weekday in range(7)
        ]
        marks = {PLAYED: _("played"), WON: _("won")}
        grid = calendar_markup(weekdays, month(year, number), self.record.days, today, marks)
        chrome.html("daily-grid", grid)
        count = streak(self.record, today)
        chrome.text(
            "daily-streak",
            ngettext(
                "Current streak: {count} day won in a row.",
                "Current streak: {count} days won in a row.",
                count,
            ).format(count=count),
        )
        in_progress = self.state.session.in_progress
        chrome.flag("daily-warning", "hidden", not in_progress)
        chrome.text(
            "daily-warning",
            _("The game in progress will be abandoned and counted as lost.") if in_progress else "",
        )
        chrome.text(
            "daily-play",
            _("Abandon and play today's deal") if in_progress else _("Play today's deal"),
        )

    def _date_text(self, day: date) -> str:
        lang = translated.language()
        return self.page.date_text(day, lang, day="numeric", month="long", year="numeric")
