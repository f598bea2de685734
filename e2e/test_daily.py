"""The daily deal and the grades in the page (Chromium): ``#daily-deal`` deals the same
deal for a given local date (the page's clock set by Playwright), ``#deal-grade`` shows the
grade of a graded deal, New game by grade deals a deal of that grade, and the calendar
marks a won day, in real storage. Bad calendar data, the calendar read back and its
streak are told on the fakes (``tests/webapp/test_daily_deals.py``,
``tests/webapp/test_dailyrecord.py``).

The tests share a newcomer's page, booted once; each sets New game back as a newcomer
finds it, and the page's clock to the day it needs. Tests wait for conditions
(``expect``, ``wait_for_function``), never for fixed times.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.ui import play_line
from scorpion import Game
from scorpion.daily import Daily, day_number
from scorpion.grading import measure
from scorpion.moves import format_line

ROOT = Path(__file__).resolve().parent.parent
TABLE = Daily.parse((ROOT / "static/data/daily-classic.json").read_text(encoding="utf-8"))
LISTED = json.loads((ROOT / "static/data/winnable-classic.json").read_text(encoding="utf-8"))
GRADE_OF = dict(zip(LISTED["deals"], LISTED["grades"], strict=True))
MARCH_1 = datetime(2026, 3, 1, 23, 30)  # late in the evening, local time
DAILY_KEY = "scorpion.daily@/"


OPTIONS: dict[str, Any] = {
    "viewport": {"width": 1280, "height": 900},
    "locale": "en-US",
    "reduced_motion": "reduce",
    "service_workers": "block",
}


def boot(page: Page, site_url: str, wait_ready, when: datetime = MARCH_1) -> Page:
    page.clock.set_fixed_time(when)
    page.goto(site_url)
    wait_ready(page)
    return page


@pytest.fixture(scope="module")
def newcomer(browser: Browser, site_url: str, wait_ready) -> Iterator[Page]:
    """A newcomer's page on March 1, booted once for the module's tests."""
    context = browser.new_context(**OPTIONS)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield boot(page, site_url, wait_ready)
    context.close()
    assert errors == []


def as_a_newcomer(page: Page) -> Page:
    """The shared page on March 1, with nothing open and New game as a newcomer finds it
    ("Winnable deals only" on, any grade), set through the dialog."""
    page.clock.set_fixed_time(MARCH_1)
    page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)
    page.click("#new-game")
    page.check("#ng-winnable")
    page.select_option("#ng-grade", "")
    page.click("#ng-cancel")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    return page


def deal_number(page: Page) -> int:
    found = re.search(r"(\d+)", page.locator("#deal-line").inner_text())
    assert found
    return int(found.group(1))


def start_daily(page: Page) -> int:
    page.click("#new-game")
    expect(page.locator("#new-game-dialog")).to_be_visible()
    page.click("#daily-deal")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    expect(page.locator("#status")).to_contain_text("Daily deal of")
    return deal_number(page)


def test_the_daily_deal_is_the_same_for_a_date(newcomer: Page) -> None:
    page = as_a_newcomer(newcomer)
    n = day_number(MARCH_1.date())
    assert start_daily(page) == TABLE.deal(n)
    expect(page.locator("#deal-grade")).to_have_text(f"Grade: {TABLE.grade(n)}")
    expect(page.locator("#status")).to_contain_text("March 1, 2026")
    # the next day (just after midnight, local time): the next day's deal
    page.clock.set_fixed_time(datetime(2026, 3, 2, 0, 5))
    assert start_daily(page) == TABLE.deal(n + 1) != TABLE.deal(n)
    expect(page.locator("#status")).to_contain_text("March 2, 2026")


@pytest.mark.parametrize("grade", ["easy", "expert"])
def test_new_game_by_grade(newcomer: Page, grade: str) -> None:
    page = as_a_newcomer(newcomer)
    for _ in range(2):
        before = page.locator("#deal-line").inner_text()
        page.click("#new-game")
        page.select_option("#ng-grade", grade)
        page.click("#ng-start")
        expect(page.locator("#new-game-dialog")).to_be_hidden()
        expect(page.locator("#deal-line")).not_to_have_text(before)
        assert GRADE_OF[deal_number(page)] == {"easy": "e", "expert": "x"}[grade]
        expect(page.locator("#deal-grade")).to_have_text(f"Grade: {grade}")
    # an ungraded deal shows no grade
    page.click("#new-game")
    page.select_option("#ng-grade", "")
    page.uncheck("#ng-winnable")
    page.fill("#ng-deal", "1")
    page.click("#ng-start")
    expect(page.locator("#deal-line")).to_contain_text("Deal 1 ")
    expect(page.locator("#deal-grade")).to_be_hidden()


def test_the_calendar_shows_a_won_day_after_a_win(newcomer: Page) -> None:
    page = as_a_newcomer(newcomer)
    number = start_daily(page)
    line = format_line(measure(Game.new(number)).line).split()
    # the day turns while the player plays: the win still counts for March 1
    page.clock.set_fixed_time(datetime(2026, 3, 2, 0, 10))
    play_line(page, line)
    expect(page.locator("#win-dialog")).to_be_visible()
    page.click("#win-stats")
    page.click("#stats-daily")
    expect(page.locator("#daily-dialog")).to_be_visible()
    expect(page.locator('#daily-grid td[data-date="2026-03-01"]')).to_have_class("won")
    expect(page.locator("#daily-streak")).to_contain_text("1 day won in a row")
    stored = json.loads(page.evaluate(f"localStorage.getItem('{DAILY_KEY}')"))
    assert stored["days"]["2026-03-01"] == "w"
