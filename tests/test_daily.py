"""The daily deal: the mapping from dates to deals is fixed forever and never repeats a
deal within five years; the shipped table is pinned by its digest; every shipped winnable
classic deal carries a grade."""

from __future__ import annotations

import hashlib
import json
from datetime import date, timedelta
from pathlib import Path

import pytest

from scorpion import Game
from scorpion.daily import BASE, BLOCK, DAYS, EPOCH, Daily, candidate, date_of, day_number
from scorpion.grading import GRADES, LIMITS, grade, measure

DATA = Path(__file__).resolve().parents[1] / "static" / "data"
TABLE = DATA / "daily-classic.json"
#: The shipped table's SHA-256: a day's deal must never change. If this fails, the table
#: was regenerated differently: restore it (tools/daily.py refuses to change past days).
DIGEST = "d0bd4de24dd77a59b29697810bcb5dc2fe203d32486e2139d650082ea2e6dfa7"
FIVE_YEARS = 5 * 366


@pytest.fixture(scope="module")
def table() -> Daily:
    return Daily.parse(TABLE.read_text(encoding="utf-8"))


def test_the_shipped_table_is_pinned(table: Daily) -> None:
    assert hashlib.sha256(TABLE.read_bytes()).hexdigest() == DIGEST
    assert len(table.picks) == DAYS and date_of(DAYS - 1) >= EPOCH + timedelta(days=FIVE_YEARS)


def test_pinned_days_keep_their_deals(table: Daily) -> None:
    """A few days written out: the rule (candidates of a block) and the table together."""
    assert table.deal(0) == candidate(0, table.picks[0])
    assert table.deal(day_number(date(2026, 3, 1))) == 100061177


def test_no_deal_repeats_within_five_years(table: Daily) -> None:
    seen: dict[int, int] = {}
    for n in range(-30, 2 * DAYS + 30):  # before the epoch, the table, its repetition
        deal = table.deal(n)
        if deal in seen:
            assert n - seen[deal] >= DAYS > FIVE_YEARS
        seen[deal] = n
    assert len({table.deal(n) for n in range(DAYS)}) == DAYS


def test_candidates_are_a_permutation_of_each_days_own_block() -> None:
    for n in (0, 1, 777, DAYS - 1):
        block = {candidate(n, j) for j in range(BLOCK)}
        assert block == set(range(BASE + n * BLOCK, BASE + (n + 1) * BLOCK))
    with pytest.raises(ValueError):
        candidate(DAYS, 0)


@pytest.mark.parametrize("n", [0, 1, 59, 730, DAYS - 1])
def test_a_days_deal_is_its_first_winnable_candidate(table: Daily, n: int) -> None:
    """The rule, re-run for a few days: earlier candidates are not proved winnable, the
    pick is, with the grade shipped."""
    for j in range(table.picks[n]):
        assert measure(Game.new(candidate(n, j))).status != "won"
    result = measure(Game.new(table.deal(n)))
    assert result.status == "won"
    assert grade(result.nodes, len(result.line)) == table.grade(n)


def test_local_dates_map_to_days() -> None:
    assert day_number(EPOCH) == 0
    assert day_number(date(2025, 12, 31)) == -1
    assert day_number(date(2028, 2, 29)) - day_number(date(2028, 2, 28)) == 1
    assert day_number(date(2027, 1, 1)) == 365
    for n in (-400, -1, 0, 1, 59, 3000):
        assert day_number(date_of(n)) == n


def test_the_table_repeats_after_its_last_day(table: Daily) -> None:
    assert table.deal(DAYS) == table.deal(0) and table.grade(DAYS + 5) == table.grade(5)
    assert table.deal(-1) == table.deal(DAYS - 1)


@pytest.mark.parametrize(
    "text",
    ["", "[]", '{"epoch":"2025-01-01","picks":[1],"grades":"e"}',
     '{"epoch":"2026-01-01","picks":[1,2],"grades":"e"}',
     '{"epoch":"2026-01-01","picks":[true],"grades":"e"}',
     '{"epoch":"2026-01-01","picks":[5000],"grades":"e"}',
     '{"epoch":"2026-01-01","picks":[1],"grades":"q"}', "[" * 5000],
)  # fmt: skip
def test_a_bad_table_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        Daily.parse(text)


def test_every_shipped_classic_deal_carries_a_grade() -> None:
    data = json.loads((DATA / "winnable-classic.json").read_text(encoding="utf-8"))
    assert len(data["grades"]) == len(data["deals"]) == data["count"]
    assert set(data["grades"]) <= set("emhx")
    for letter in "emhx":  # each grade has a useful share
        assert data["grades"].count(letter) >= len(data["deals"]) // 8


def test_grades_follow_the_detour() -> None:
    assert len(LIMITS) == len(GRADES) - 1
    assert [grade(52 + d, 52) for d in (0, 1, 3, 4, 40, 41)] == [
        "easy", "medium", "medium", "hard", "hard", "expert"
    ]  # fmt: skip


def test_the_measure_does_not_depend_on_the_machine() -> None:
    """Shared by positions: the same positions and line every run (deal 3, 6, 14)."""
    assert [(r.nodes, len(r.line)) for r in map(measure, map(Game.new, (3, 6, 14)))] == [
        (461, 53), (627, 53), (52, 52)
    ]  # fmt: skip
