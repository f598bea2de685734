"""The statistics in each language's numbers, and the dialog's table."""

from __future__ import annotations

import doctest
import re

import pytest
from webapp import translated
from webapp.figures import duration, iso_duration, number, percent
from webapp.panels import stats_view as statsview
from webapp.panels.stats_view import table_markup

from scorpion.stats import Stats, VariantStats


def test_the_doctests() -> None:
    assert doctest.testmod(statsview).failed == 0


@pytest.mark.parametrize(
    ("lang", "big", "rate"),
    [
        ("en", "1,234,567", "50%"),
        ("sv", "1\u00a0234\u00a0567", "50\u00a0%"),
        ("de", "1.234.567", "50\u00a0%"),
        ("zh-TW", "1,234,567", "50%"),
    ],
)
def test_numbers_follow_the_language(lang: str, big: str, rate: str) -> None:
    assert number(1_234_567, lang) == big
    assert number(999, lang) == "999"
    assert percent(0.5, lang) == rate


def test_rates_round_half_up_and_none_is_a_dash() -> None:
    assert percent(1 / 3, "en") == "33%" and percent(0.005, "en") == "1%"
    assert percent(1.0, "en") == "100%" and percent(0.0, "en") == "0%"
    assert percent(None, "en") == "–"


@pytest.mark.parametrize(
    ("ms", "clock", "iso"),
    [(0, "0:00", "PT0S"), (59_999, "0:59", "PT59S"), (245_000, "4:05", "PT4M5S"),
     (3_723_000, "1:02:03", "PT1H2M3S"), (36_000_000, "10:00:00", "PT10H0S")],
)  # fmt: skip
def test_times_read_as_a_clock(ms: int, clock: str, iso: str) -> None:
    assert duration(ms) == clock and iso_duration(ms) == iso


def test_the_table_has_both_variants_and_every_figure() -> None:
    won = VariantStats().started().won_game(score=1695, moves=51, elapsed_ms=754_000)
    won = won.started().won_game(score=900, moves=60, elapsed_ms=800_001, clean=True)
    won = won.started().won_game(score=2000, moves=40, elapsed_ms=1_000, assisted=True)
    stats = Stats().updated("relaxed", won.started().lost())
    translated.set_language("de")
    try:
        markup = table_markup(stats, current="relaxed")
    finally:
        translated.set_language("en")
    cells = dict(re.findall(r'data-variant="relaxed" data-stat="(\w+)">(.*?)</td>', markup))
    assert cells["played"] == "4" and cells["won"] == "3" and cells["win_rate"] == "75\u00a0%"
    assert cells["best_score"] == "1.695" and cells["fewest_moves"] == "51"
    assert cells["fastest_ms"] == '<time datetime="PT12M34S">12:34</time>'
    assert (cells["current_streak"], cells["longest_streak"]) == ("0", "2")
    assert cells["average_moves"] == "55,5"  # (51 + 60) / 2, the assisted win left out
    assert cells["average_ms"] == '<time datetime="PT12M57S">12:57</time>'  # 777_000.5 ms
    assert (cells["clean_wins"], cells["assisted_wins"]) == ("1", "1")
    assert '<th scope="col" data-variant="relaxed" class="current">Locker</th>' in markup
    assert '<th scope="row">' in markup and markup.count("<tr>") == 13
    classic = dict(re.findall(r'data-variant="classic" data-stat="(\w+)">(.*?)</td>', markup))
    assert classic["played"] == "0" and 'aria-hidden="true">–<' in classic["best_score"]
