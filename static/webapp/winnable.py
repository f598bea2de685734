"""The "Winnable deals only" option, without the page: the lists' addresses, reading and
checking a list, picking a deal from it, and what is known of each variant's list.

The lists are ``static/data/winnable-<variant>.json``, written by ``tools/winnable.py``:
``{"variant":"classic","count":1000,"nodes":300000,"deals":[3,6,14,...],"grades":"xxm..."}``,
deal numbers only, never a winning line (the page holds no solution before the player asks
for one). ``grades`` (Classic) has one letter per deal: e easy, m medium, h hard, x expert
(``scorpion.grading``). An entry may also be a list starting with the number, ``[3, ...]``:
the rest is ignored here. The page fetches a list when the option is first used
(``dialogs``), and the service worker has it precached for offline play.

>>> numbers = parse('{"variant": "classic", "deals": [3, [6, "grade"]]}', "classic")
>>> numbers
(3, 6)
>>> pick(numbers, random.Random(1), avoid=3)
6
>>> grades_of('{"deals": [3, 6], "grades": "ex"}', (3, 6))
{3: 'easy', 6: 'expert'}
>>> pick_graded((3, 6), {3: 'easy', 6: 'expert'}, "expert", random.Random(1))
6
>>> url("relaxed")
'static/data/winnable-relaxed.json'
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from scorpion.daily import GRADE_LETTERS
from scorpion.deals import MAX_DEAL, MIN_DEAL
from scorpion.game import VARIANTS
from scorpion.saves import too_deep

#: The first classic deals of ``static/data/winnable-classic.json`` (a test keeps them in
#: step): a newcomer's first game is one of these, dealt before any list could be fetched.
FIRST_DEALS: tuple[int, ...] = (
    3,
    6,
    14,
    24,
    32,
    35,
    59,
    61,
    69,
    70,
    75,
    91,
    94,
    96,
    103,
    111,
    126,
    127,
    142,
    153,
    172,
    182,
    183,
    188,
    193,
    195,
    214,
    215,
    224,
    227,
    233,
    234,
    244,
    261,
    264,
    277,
    282,
    310,
    314,
    325,
)
#: A newcomer's first game: the deal ``index.html`` shows before Python starts (the build
#: bakes this very board into the page, tools/first_board.py), so Python adopts it as drawn.
#: The first of FIRST_DEALS graded easy (a test checks it against the shipped grades).
FIRST_DEAL: int = 14


def url(variant: str) -> str:
    """The list's address, relative to the page (so the site works under a sub-path)."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}")
    return f"static/data/winnable-{variant}.json"


def parse(text: str, variant: str) -> tuple[int, ...]:
    """The deal numbers of a list, in its order; ValueError unless it is a list for
    ``variant`` with at least one deal, each a valid deal number, none twice."""
    if too_deep(text):  # deep nesting would overflow the stack under Pyodide, not raise
        raise ValueError("nested too deep")
    try:
        data: Any = json.loads(text)
    except (TypeError, ValueError, RecursionError) as error:
        raise ValueError(f"not JSON: {error}") from None
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    if data.get("variant") != variant:
        raise ValueError(f"a list for {data.get('variant')!r}, not {variant!r}")
    deals = data.get("deals")
    if not isinstance(deals, list) or not deals:
        raise ValueError("no deals")
    numbers: list[int] = []
    for deal in deals:
        number = deal[0] if isinstance(deal, list) and deal else deal
        if (
            not isinstance(number, int)
            or isinstance(number, bool)
            or not MIN_DEAL <= number <= MAX_DEAL
        ):
            raise ValueError(f"not a deal number: {deal!r:.40}")
        numbers.append(number)
    if len(set(numbers)) != len(numbers):
        raise ValueError("a deal number is listed twice")
    return tuple(numbers)


def grades_of(text: str, numbers: tuple[int, ...]) -> dict[int, str]:
    """Each deal's grade, from a list already read by ``parse`` (``numbers``): empty when
    the list has no grades or they do not match its deals one for one."""
    try:
        letters = json.loads(text).get("grades")
    except (TypeError, ValueError, RecursionError, AttributeError):
        return {}
    if not isinstance(letters, str) or len(letters) != len(numbers):
        return {}
    if set(letters) - set(GRADE_LETTERS):
        return {}
    return {n: GRADE_LETTERS[letter] for n, letter in zip(numbers, letters, strict=True)}


def pick_graded(
    numbers: tuple[int, ...],
    grades: dict[int, str],
    grade: str,
    rng: random.Random,
    avoid: int | None = None,
) -> int:
    """A deal at random among those of ``grade``; ValueError if there is none."""
    return pick(tuple(n for n in numbers if grades.get(n) == grade), rng, avoid)


def pick(numbers: tuple[int, ...], rng: random.Random, avoid: int | None = None) -> int:
    """A deal at random from ``numbers``, not ``avoid`` (the deal on the table) unless it
    is the only one."""
    if not numbers:
        raise ValueError("no deals to pick from")
    others = [n for n in numbers if n != avoid] or list(numbers)
    return rng.choice(others)


@dataclass
class Lists:
    """What the page knows of each variant's list: loaded (its numbers), being fetched,
    or neither (not asked yet, or the last fetch failed: the next use fetches again)."""

    numbers: dict[str, tuple[int, ...]] = field(default_factory=dict)
    grades: dict[str, dict[int, str]] = field(default_factory=dict)
    loading: set[str] = field(default_factory=set)

    def begin(self, variant: str) -> bool:
        """True when a fetch should start now: the list is neither loaded nor on its way."""
        if variant in self.numbers or variant in self.loading:
            return False
        self.loading.add(variant)
        return True

    def arrived(self, variant: str, text: str | None) -> str | None:
        """The fetch ended with ``text`` (None: it failed). Returns None when the list is
        now loaded, else what went wrong (for the console)."""
        self.loading.discard(variant)
        if text is None:
            return "not fetched"
        try:
            self.numbers[variant] = parse(text, variant)
            self.grades[variant] = grades_of(text, self.numbers[variant])
        except ValueError as error:
            return str(error)
        return None
