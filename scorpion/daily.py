"""The daily deal: the same classic deal for everyone on a calendar date, fixed forever.

Day ``n`` is the number of days from ``EPOCH`` (2026-01-01) to the player's local date.
Each day owns a block of ``BLOCK`` deal numbers no other day has: day ``n``'s candidates
are ``candidate(n, 0)``, ``candidate(n, 1)``, ... (a fixed permutation of its block), and
its deal is the first candidate the solver proves winnable within ``NODES`` positions
(``tools/daily.py``; the search is shared by positions, not seconds, so the answer is the
same on every machine). The shipped table ``static/data/daily-classic.json`` holds, for
each of the ``DAYS`` days from the epoch, which candidate won (``picks``) and its grade
(``grades``); a test pins its digest, and the tool refuses to change a day already shipped.

After the table's last day (and before the epoch) the table repeats: day ``n`` plays the
deal of day ``n mod DAYS``, so a deal comes back only after ``DAYS`` days (5.6 years),
still the same for everyone, with no solver run in the page.

>>> from datetime import date
>>> day_number(date(2026, 1, 1)), day_number(date(2026, 3, 1))
(0, 59)
>>> date_of(59)
datetime.date(2026, 3, 1)
>>> candidate(0, 0), candidate(0, 1)
(100000000, 100000637)
>>> table = Daily(picks=(3, 0), grades="em")
>>> table.deal(1) == candidate(1, 0), table.grade(2)
(True, 'easy')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any, Final

from .saves import too_deep

__all__ = ["BLOCK", "DAYS", "EPOCH", "NODES", "Daily", "candidate", "date_of", "day_number"]

#: Day 0 of the daily deal.
EPOCH: Final = date(2026, 1, 1)
#: Days in the shipped table (2048: to 2031-08-10), fixed forever; later days repeat it.
DAYS: Final = 2048
#: Deal numbers per day: about 12 % of classic deals are winnable, so a block of 1024
#: without one has a chance of about 1e-57.
BLOCK: Final = 1024
#: Where the daily blocks start (far above the numbered lists' deals).
BASE: Final = 100_000_000
#: Solver positions per candidate.
NODES: Final = 300_000
#: An odd multiplier: ``j -> (STRIDE * j + offset) mod BLOCK`` is a bijection of the block.
STRIDE: Final = 637
#: Grade letters (``grades`` in the table), easiest first.
GRADE_LETTERS: Final = {"e": "easy", "m": "medium", "h": "hard", "x": "expert"}
LETTER_OF: Final = {name: letter for letter, name in GRADE_LETTERS.items()}


def day_number(day: date) -> int:
    """Days from ``EPOCH`` to ``day`` (negative before it)."""
    return (day - EPOCH).days


def date_of(n: int) -> date:
    """The date of day ``n``."""
    return EPOCH + timedelta(days=n)


def candidate(n: int, j: int) -> int:
    """Day ``n``'s ``j``-th candidate deal (0 <= n < DAYS, 0 <= j < BLOCK): a permutation
    of the block ``BASE + n * BLOCK ...``, started at an offset that varies with ``n``."""
    if not (0 <= n < DAYS and 0 <= j < BLOCK):
        raise ValueError(f"no candidate {j} on day {n}")
    offset = (n * 2654435761 >> 7) % BLOCK
    return BASE + n * BLOCK + (STRIDE * j + offset) % BLOCK


@dataclass(frozen=True)
class Daily:
    """The table: ``picks[n]`` is the candidate day ``n`` plays, ``grades[n]`` its grade
    letter (``GRADE_LETTERS``)."""

    picks: tuple[int, ...]
    grades: str

    def __post_init__(self) -> None:
        if not self.picks or len(self.picks) != len(self.grades):
            raise ValueError("a daily table needs one grade per pick")
        if any(not isinstance(j, int) or not 0 <= j < BLOCK for j in self.picks):
            raise ValueError("a pick lies outside its block")
        if set(self.grades) - set(GRADE_LETTERS):
            raise ValueError("an unknown grade letter")

    def deal(self, n: int) -> int:
        """The deal of day ``n`` (any whole number: the table repeats past its end)."""
        k = n % len(self.picks)
        return candidate(k, self.picks[k])

    def grade(self, n: int) -> str:
        """The grade of day ``n``'s deal: easy, medium, hard or expert."""
        return GRADE_LETTERS[self.grades[n % len(self.grades)]]

    def to_json(self) -> str:
        data = {"epoch": EPOCH.isoformat(), "nodes": NODES, "picks": list(self.picks)}
        return json.dumps({**data, "grades": self.grades}, separators=(",", ":")) + "\n"

    @classmethod
    def parse(cls, text: str) -> Daily:
        """The table in ``text`` (``to_json``'s format); ValueError if it is not one."""
        if too_deep(text):
            raise ValueError("nested too deep")
        try:
            data: Any = json.loads(text)
        except (TypeError, ValueError, RecursionError) as error:
            raise ValueError(f"not JSON: {error}") from None
        if not isinstance(data, dict) or data.get("epoch") != EPOCH.isoformat():
            raise ValueError("not a daily table from this epoch")
        picks, grades = data.get("picks"), data.get("grades")
        if not isinstance(picks, list) or not isinstance(grades, str):
            raise ValueError("no picks or grades")
        if any(isinstance(j, bool) for j in picks):
            raise ValueError("a pick is not a number")
        return cls(tuple(picks), grades)
