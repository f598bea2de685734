"""The daily deal's calendar, without the page: which dates' deals were played and won,
the daily deal being played, the streak, a month laid out for the calendar view.

Kept apart from the statistics, under a key of its own (``storage.Store.load_daily``)::

    {"v":1,"days":{"2026-03-01":"w","2026-03-02":"p"},"current":{"date":"2026-03-02","deal":100059581}}

``days``: ``"p"`` played, ``"w"`` won. ``current``: the daily deal last started and the
date it is the deal of, so a win after midnight still counts for that date.

>>> from datetime import date
>>> record = DailyRecord().started(date(2026, 3, 1), 101)
>>> record.won_deal(101).days
{'2026-03-01': 'w'}
>>> record.won_deal(102) is None     # not the daily deal being played
True
>>> streak(DailyRecord({"2026-03-01": "w", "2026-03-02": "w"}), date(2026, 3, 3))
2
>>> DailyRecord.parse(DailyRecord({"2026-03-01": "w"}).dump()).days
{'2026-03-01': 'w'}
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from typing import Any

from .deals import MAX_DEAL, MIN_DEAL
from .saves import too_deep

VERSION = 1
PLAYED, WON = "p", "w"
#: More days than anyone plays (a century); a longer record is refused, not read.
MAX_DAYS = 36_600
MAX_CHARS = 40 * MAX_DAYS


def _date(text: Any) -> date:
    if not isinstance(text, str) or len(text) != 10:
        raise ValueError(f"not a date: {text!r:.20}")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"not a date: {text!r:.20}") from None


@dataclass(frozen=True)
class DailyRecord:
    days: dict[str, str] = field(default_factory=dict)
    current: tuple[str, int] | None = None  # (ISO date, deal) of the daily being played

    def started(self, day: date, deal: int) -> DailyRecord:
        """The daily deal of ``day`` is dealt: that date is played (won stays won)."""
        key = day.isoformat()
        return DailyRecord({**self.days, key: self.days.get(key, PLAYED)}, (key, deal))

    def won_deal(self, deal: int) -> DailyRecord | None:
        """``deal`` was won: the record with its date won if it is the daily being played,
        else None (nothing to change)."""
        if self.current is None or self.current[1] != deal:
            return None
        key = self.current[0]
        if self.days.get(key) == WON:
            return None
        return replace(self, days={**self.days, key: WON})

    def dump(self) -> str:
        data: dict[str, Any] = {"v": VERSION, "days": dict(sorted(self.days.items()))}
        if self.current is not None:
            data["current"] = {"date": self.current[0], "deal": self.current[1]}
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def parse(cls, text: str) -> DailyRecord:
        """The record in ``text``; ValueError unless every part of it is valid."""
        if len(text) > MAX_CHARS or too_deep(text):
            raise ValueError("too long or nested too deep")
        try:
            data: Any = json.loads(text)
        except (TypeError, ValueError, RecursionError) as error:
            raise ValueError(f"not JSON: {error}") from None
        if not isinstance(data, dict) or data.get("v") != VERSION:
            raise ValueError("not a daily calendar of this version")
        days = data.get("days")
        if not isinstance(days, dict) or len(days) > MAX_DAYS:
            raise ValueError("no days")
        for key, mark in days.items():
            _date(key)
            if mark not in (PLAYED, WON):
                raise ValueError(f"not a day's mark: {mark!r:.20}")
        current = data.get("current")
        if current is None:
            return cls(dict(days))
        if not isinstance(current, dict):
            raise ValueError("not a current deal")
        deal = current.get("deal")
        if isinstance(deal, bool) or not isinstance(deal, int) or not MIN_DEAL <= deal <= MAX_DEAL:
            raise ValueError("not a deal number")
        return cls(dict(days), (_date(current.get("date")).isoformat(), deal))


def streak(record: DailyRecord, today: date) -> int:
    """Consecutive days won up to today; a day not yet won today does not break it (the
    count then ends yesterday)."""
    day = today if record.days.get(today.isoformat()) == WON else today - timedelta(days=1)
    count = 0
    while record.days.get(day.isoformat()) == WON:
        count += 1
        day -= timedelta(days=1)
    return count


def month(year: int, number: int) -> list[list[date | None]]:
    """The weeks of a month, Monday first; None pads the first and last weeks.

    >>> [d.day if d else 0 for d in month(2026, 3)[0]]
    [0, 0, 0, 0, 0, 0, 1]
    """
    import calendar  # only when a calendar is shown: the page's start does without it

    return [
        [date(year, number, d) if d else None for d in week]
        for week in calendar.Calendar(0).monthdayscalendar(year, number)
    ]


def local_date(year: Any, month_index: Any, day: Any) -> date:
    """The player's local date from JavaScript's ``Date``: ``getFullYear()``,
    ``getMonth()`` (0-11) and ``getDate()``.

    >>> local_date(2026, 0, 31)
    datetime.date(2026, 1, 31)
    """
    return date(int(year), int(month_index) + 1, int(day))


def shift_month(year: int, number: int, by: int) -> tuple[int, int]:
    """The month ``by`` months from ``year``-``number``.

    >>> shift_month(2026, 1, -1), shift_month(2026, 12, 1)
    ((2025, 12), (2027, 1))
    """
    index = year * 12 + number - 1 + by
    return index // 12, index % 12 + 1
