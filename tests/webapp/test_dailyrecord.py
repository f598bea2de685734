"""The daily calendar's record: validation, marks, the streak over many days, months,
local dates; and its storage (bad data moved aside, never lost)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from webapp.page.storage import Store

from scorpion.dailyrecord import MAX_DAYS, DailyRecord, local_date, month, shift_month, streak

from .test_storage import DictStorage

DAILY_KEY = "scorpion.daily@/"


def won_days(first: date, count: int) -> dict[str, str]:
    return {(first + timedelta(days=k)).isoformat(): "w" for k in range(count)}


def test_a_win_counts_for_the_date_the_daily_was_started() -> None:
    record = DailyRecord().started(date(2026, 3, 1), 100061177)
    assert record.days == {"2026-03-01": "p"}
    # finished after midnight: still the 1st's daily
    won = record.won_deal(100061177)
    assert won is not None and won.days == {"2026-03-01": "w"}
    assert won.won_deal(100061177) is None  # already counted
    # starting it again keeps the win
    assert won.started(date(2026, 3, 1), 100061177).days == {"2026-03-01": "w"}
    assert record.won_deal(3) is None


def test_the_streak_over_many_days() -> None:
    today = date(2029, 6, 30)
    record = DailyRecord(won_days(today - timedelta(days=999), 1000))
    assert streak(record, today) == 1000
    # today not yet played: the streak ends yesterday and still counts
    assert streak(record, today + timedelta(days=1)) == 1000
    # a day missed breaks it
    assert streak(record, today + timedelta(days=2)) == 0
    gap = dict(record.days)
    gap[(today - timedelta(days=10)).isoformat()] = "p"  # played, not won
    assert streak(DailyRecord(gap), today) == 10
    del gap[(today - timedelta(days=10)).isoformat()]
    assert streak(DailyRecord(gap), today) == 10
    # across a year's end and a leap day
    assert streak(DailyRecord(won_days(date(2027, 12, 30), 3)), date(2028, 1, 1)) == 3
    assert streak(DailyRecord(won_days(date(2028, 2, 28), 3)), date(2028, 3, 1)) == 3
    assert streak(DailyRecord(), today) == 0


def test_local_dates_and_months() -> None:
    assert local_date(2026, 11, 31) == date(2026, 12, 31)
    assert local_date(2028.0, 1, 29) == date(2028, 2, 29)  # JS numbers may come as floats
    with pytest.raises(ValueError):
        local_date(2026, 1, 30)
    weeks = month(2028, 2)
    days = [d for week in weeks for d in week if d]
    assert len(days) == 29 and all(len(week) == 7 for week in weeks)
    assert weeks[0].index(date(2028, 2, 1)) == 1  # a Tuesday, Monday first
    assert shift_month(2026, 1, -13) == (2024, 12)


def test_a_record_reads_back() -> None:
    record = DailyRecord(won_days(date(2026, 1, 1), 40)).started(date(2026, 2, 15), 7)
    assert DailyRecord.parse(record.dump()) == record


@pytest.mark.parametrize(
    "text",
    [
        "",
        "null",
        "[]",
        '{"v":2,"days":{}}',
        '{"v":1}',
        '{"v":1,"days":[]}',
        '{"v":1,"days":{"2026-13-01":"w"}}',
        '{"v":1,"days":{"yesterday":"w"}}',
        '{"v":1,"days":{"2026-01-01":"lost"}}',
        '{"v":1,"days":{"2026-01-01":1}}',
        '{"v":1,"days":{},"current":{"date":"2026-01-01","deal":0}}',
        '{"v":1,"days":{},"current":{"date":"2026-01-01","deal":true}}',
        '{"v":1,"days":{},"current":{"date":"2026-01-01","deal":2147483648}}',
        '{"v":1,"days":{},"current":{"date":"soon","deal":5}}',
        '{"v":1,"days":{},"current":[]}',
        "[" * 10_000,
        '{"v":1,"days":{' + ",".join(f'"{k}":"w"' for k in range(MAX_DAYS + 1)) + "}}",
    ],
)
def test_bad_records_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        DailyRecord.parse(text)


def test_bad_calendar_data_is_moved_aside_and_a_new_calendar_starts() -> None:
    backend = DictStorage()
    backend.items[DAILY_KEY] = '{"v":1,"days":{"2026-01-01":"maybe"}}'
    backend.items["scorpion.save@/"] = "kept"
    store = Store(backend, "/")
    store.clock = lambda: 1234
    record, unreadable = store.load_daily()
    assert unreadable and record == DailyRecord()
    assert DAILY_KEY not in backend.items
    backups = store.backups()
    assert [(b.reason, b.at) for b in backups] == [("calendar", 1234)]
    assert store.backup_text(backups[0].key) == '{"v":1,"days":{"2026-01-01":"maybe"}}'
    assert backend.items["scorpion.save@/"] == "kept"  # the save untouched
    assert store.save_daily(record.started(date(2026, 1, 2), 5))
    expected = DailyRecord({"2026-01-02": "p"}, ("2026-01-02", 5))
    assert Store(backend, "/").load_daily() == (expected, False)


def test_unreadable_calendar_data_that_could_not_be_moved_is_never_overwritten() -> None:
    class NoBackups(DictStorage):
        def setItem(self, key, value):  # noqa: N802
            if key.startswith("scorpion.backup."):
                raise OSError("refused")
            super().setItem(key, value)

    backend = NoBackups()
    backend.items[DAILY_KEY] = "not json"
    store = Store(backend, "/")
    record, unreadable = store.load_daily()
    assert unreadable and backend.items[DAILY_KEY] == "not json"
    assert not store.save_daily(record.started(date(2026, 1, 2), 5))
    assert backend.items[DAILY_KEY] == "not json"


def test_the_calendar_is_scoped_to_the_deployment() -> None:
    backend = DictStorage()
    Store(backend, "/a/").save_daily(DailyRecord({"2026-01-01": "w"}))
    assert Store(backend, "/b/").load_daily() == (DailyRecord(), False)
    assert Store(backend, "/a/").load_daily()[0].days == {"2026-01-01": "w"}
