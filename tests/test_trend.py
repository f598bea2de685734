"""The figures of the Statistics chart (``scorpion/trend.py``) against the statistics they
picture: over any run of games, the chart's streak is the statistics' current streak, its
win rate their win rate, and the streak's band holds exactly that streak's wins."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scorpion.game import VARIANTS
from scorpion.history import LIMIT, GameRecord
from scorpion.stats import Stats
from scorpion.trend import KINDS, round_top, trend

GAMES = st.lists(st.tuples(st.sampled_from(VARIANTS), st.sampled_from(KINDS)), max_size=LIMIT)


def played(games: list[tuple[str, str]]) -> Stats:
    """The statistics after ``games`` (variant, kind), each recorded as the session does."""
    stats = Stats()
    for at, (variant, kind) in enumerate(games):
        counted = stats[variant].started()
        if kind == "abandoned":
            counted = counted.lost()
        else:
            counted = counted.won_game(600, 80, 60_000, assisted=kind == "assisted")
        assisted = ("hint",) if kind == "assisted" else ()
        result = "abandoned" if kind == "abandoned" else "won"
        record = GameRecord(at, variant, 7, result, 80, 60_000, 600, assisted, False)
        stats = stats.updated(variant, counted).recorded(record)
    return stats


@given(GAMES)
def test_the_chart_agrees_with_the_statistics(games: list[tuple[str, str]]) -> None:
    stats = played(games)
    for variant in VARIANTS:
        chart = trend(stats.recent, variant)
        figures = stats[variant]
        assert [g.kind for g in chart.games] == [k for v, k in games if v == variant]
        assert chart.rate == figures.win_rate
        assert chart.streak == figures.current_streak
        banded = [g for g in chart.games if g.in_streak]
        assert sum(g.kind == "won" for g in banded) == chart.streak
        assert all(g.kind != "abandoned" for g in banded)
        if banded:  # it starts at a win of its own, right after the run's start
            assert banded[0].kind == "won" and banded[-1] == chart.games[-1]
            assert chart.streak_from == banded[0].number - 1
        else:
            assert chart.streak_from is None and chart.streak == 0


def test_only_the_last_hundred_games_are_drawn() -> None:
    stats = played([("classic", "won")] * 150)
    chart = trend(stats.recent, "classic")
    assert len(chart.games) == LIMIT and chart.streak == LIMIT
    assert stats["classic"].current_streak == 150  # the statistics count them all


@given(st.integers(min_value=0, max_value=10**9))
def test_a_scale_ends_at_a_round_number_not_far_above(value: int) -> None:
    top = round_top(value)
    assert top >= max(value, 10)
    assert 3 * top <= 4 * value or top == 10  # a third above at most
    assert int(str(top).rstrip("0") or "0") in {1, 12, 15, 2, 25, 3, 4, 5, 6, 7, 8}
