"""The daily deal and the deals' grades in the page: New game's ``#daily-deal`` button,
the calendar (``#daily-dialog``: a month of days played and won, the streak) and the
grade of the deal on the table (``#deal-grade``).

The daily table (``static/data/daily-classic.json``, ``scorpion.daily``) and the classic
winnable list (its grades) are fetched when first needed: a classic deal on the table that
one of them may grade (a daily deal's number, or a small one), the daily button, the
calendar; again if that failed. The service worker has both precached, so the daily deal
works offline.
The calendar is kept by ``storage.Store`` under a key of its own (``scorpion.dailyrecord``).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from scorpion.daily import BASE, BLOCK, Daily, day_number
from scorpion.dailyrecord import PLAYED, WON, month, shift_month, streak
from scorpion.game import Game
from webapp import translated
from webapp.page.browser import Page, fetch_text
from webapp.page.storage import Store
from webapp.panels.dialogs import Dialogs
from webapp.play.table_state import TableState
from webapp.translated import _, ngettext

TABLE_URL = "static/data/daily-classic.json"
SMALL = 1_000_000  # the winnable list's deals are all below this


def grade_name(grade: str) -> str:
    names = {"easy": _("easy"), "medium": _("medium"), "hard": _("hard"), "expert": _("expert")}
    return names.get(grade, grade)


class DailyDeals:
    def __init__(
        self,
        state: TableState,
        store: Store,
        dialogs: Dialogs,
        page: Page,
        start: Callable[[int, str], None],
        redraw: Callable[[], None],
    ) -> None:
        self.state = state
        self.store = store
        self.dialogs = dialogs
        self.page = page
        self.document = page.document
        self.window = page.window
        self.once = page.once
        self.start = start  # deal this classic deal, announcing it so
        self.redraw = redraw  # the texts that follow the game (the grade)
        self.table: Daily | None = None
        self.loading = False
        self.pending = False  # the daily button waits for the table
        self.record, self.unreadable = store.load_daily()
        self.shown: tuple[int, int] | None = None  # the calendar's month

    def el(self, element_id: str) -> Any:
        return self.document.getElementById(element_id)

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
            self.redraw()
            if self.pending:
                self.pending = False
                self.play_today()

        fetch_text(self.window, self.once, TABLE_URL, arrived, failed)

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
            status = self.el(element_id)
            status.classList.toggle("error", error)
            status.textContent = text

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
        """The month shown, built as elements (no markup from data), and the streak."""
        today = self.today()
        year, number = self.shown or (today.year, today.month)
        lang = translated.language()
        self.el("daily-month").textContent = self.page.date_text(
            date(year, number, 1), lang, month="long", year="numeric"
        )
        grid = self.el("daily-grid")
        grid.replaceChildren()
        head = self.document.createElement("tr")
        for weekday in range(7):  # 2024-01-01 was a Monday
            cell = self.document.createElement("th")
            cell.scope = "col"
            cell.textContent = self.page.date_text(
                date(2024, 1, 1 + weekday), lang, weekday="short"
            )
            head.appendChild(cell)
        grid.appendChild(head)
        marks = {PLAYED: _("played"), WON: _("won")}
        for week in month(year, number):
            row = self.document.createElement("tr")
            for day in week:
                cell = self.document.createElement("td")
                if day is not None:
                    mark = self.record.days.get(day.isoformat())
                    cell.textContent = str(day.day)
                    cell.dataset.date = day.isoformat()
                    if mark:
                        cell.className = "won" if mark == WON else "played"
                        cell.title = marks[mark]
                        label = self.document.createElement("span")
                        label.className = "visually-hidden"
                        label.textContent = f" ({marks[mark]})"
                        cell.appendChild(label)
                    if day == today:
                        cell.setAttribute("aria-current", "date")
                row.appendChild(cell)
            grid.appendChild(row)
        count = streak(self.record, today)
        self.el("daily-streak").textContent = ngettext(
            "Current streak: {count} day won in a row.",
            "Current streak: {count} days won in a row.",
            count,
        ).format(count=count)
        in_progress = self.state.session.in_progress
        warning = self.el("daily-warning")
        warning.hidden = not in_progress
        warning.textContent = (
            _("The game in progress will be abandoned and counted as lost.") if in_progress else ""
        )
        self.el("daily-play").textContent = (
            _("Abandon and play today's deal") if in_progress else _("Play today's deal")
        )

    def _date_text(self, day: date) -> str:
        lang = translated.language()
        return self.page.date_text(day, lang, day="numeric", month="long", year="numeric")
